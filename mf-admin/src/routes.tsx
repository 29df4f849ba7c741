import { Route, Routes } from 'react-router-dom';
import { ManageProductsPage } from './features/products/components/manage-products-page';

/** mf-admin's route tree, exposed to the shell as `mf_admin/routes`. Paths are absolute. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/manageproduct" element={<ManageProductsPage />} />
    </Routes>
  );
}
