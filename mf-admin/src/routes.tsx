import { Route, Routes } from 'react-router-dom';
import { DashboardLayout } from '@pcpp/contracts/ui';
import { ActivityPage } from './features/activity/components/activity-page';
import { AllOrdersPage } from './features/orders/components/all-orders-page';
import { ReleasesPage } from './features/releases/components/releases-page';
import { AddProductPage } from './features/products/components/add-product-page';
import { ManageProductsPage } from './features/products/components/manage-products-page';
import { MakeAdminPage } from './features/users/components/make-admin-page';

/**
 * mf-admin's route tree, exposed to the shell as `mf_admin/routes`. Paths are absolute. The pages
 * sit in the dashboard's frame (from contracts), so the sidebar matches mf-dashboard's.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route path="/dashboard/makeadmin" element={<MakeAdminPage />} />
        <Route path="/dashboard/allOrder" element={<AllOrdersPage />} />
        <Route path="/dashboard/addproduct" element={<AddProductPage />} />
        <Route path="/dashboard/manageproduct" element={<ManageProductsPage />} />
        <Route path="/dashboard/activity" element={<ActivityPage />} />
        <Route path="/dashboard/releases" element={<ReleasesPage />} />
      </Route>
    </Routes>
  );
}
