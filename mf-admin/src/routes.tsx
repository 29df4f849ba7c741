import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from '@pcpp/contracts/router';
import { currentRuntimeConfig } from '@pcpp/contracts';
import { DashboardFrame } from '@pcpp/contracts/ui/dashboard';
import { overviewText } from '@pcpp/contracts/core';
import { Spinner } from '@pcpp/contracts/ui';
import { DemoDatabaseBanner } from './components/demo-database-banner';
import { ActivityPage } from './features/activity/components/activity-page';
import { ReleasesPage } from './features/releases/components/releases-page';
import { AddProductPage } from './features/products/components/add-product-page';
import { EditProductPage } from './features/products/components/edit-product-page';
import { ManageProductsPage } from './features/products/components/manage-products-page';
import { ReviewsPage } from './features/reviews/components/reviews-page';
import { MakeAdminPage } from './features/users/components/make-admin-page';

// The Overview and its charting library load only when an admin opens it: a chunk of its own.
const OverviewPage = lazy(() => import(/* webpackChunkName: "admin-overview" */ './features/insights/components/overview-page'));
// All Orders and an order's page (its tables and sections) come when an admin opens them.
const AllOrdersPage = lazy(() =>
  import(/* webpackChunkName: "all-orders" */ './features/orders/components/all-orders-page').then((module) => ({ default: module.AllOrdersPage })),
);
const OrderPage = lazy(() =>
  import(/* webpackChunkName: "admin-order" */ './features/orders/components/order-page').then((module) => ({ default: module.OrderPage })),
);

/** The dashboard's frame (from contracts, so the sidebar matches mf-dashboard's), the demo banner, the page. */
function AdminLayout() {
  return (
    <DashboardFrame>
      <DemoDatabaseBanner demoDatabase={currentRuntimeConfig()?.demoDatabase === true} />
      <Outlet />
    </DashboardFrame>
  );
}

/**
 * mf-admin's route tree, exposed to the shell as `mf_admin/routes`. Paths are absolute.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route
          path="/dashboard/overview"
          element={
            <Suspense fallback={<Spinner label={overviewText.loading} />}>
              <OverviewPage />
            </Suspense>
          }
        />
        <Route path="/dashboard/makeadmin" element={<MakeAdminPage />} />
        <Route
          path="/dashboard/allOrder"
          element={
            <Suspense fallback={<Spinner label="Loading the orders…" />}>
              <AllOrdersPage />
            </Suspense>
          }
        />
        <Route
          path="/dashboard/allOrder/:number"
          element={
            <Suspense fallback={<Spinner label="Loading the order…" />}>
              <OrderPage />
            </Suspense>
          }
        />
        <Route path="/dashboard/addproduct" element={<AddProductPage />} />
        <Route path="/dashboard/manageproduct" element={<ManageProductsPage />} />
        <Route path="/dashboard/manageproduct/:id" element={<EditProductPage />} />
        <Route path="/dashboard/reviews" element={<ReviewsPage />} />
        <Route path="/dashboard/activity" element={<ActivityPage />} />
        <Route path="/dashboard/releases" element={<ReleasesPage />} />
      </Route>
    </Routes>
  );
}
