import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from '@pcpp/contracts/router';
import { currentRuntimeConfig } from '@pcpp/contracts';
import { DashboardFrame } from '@pcpp/contracts/ui/dashboard';
import { overviewText } from '@pcpp/contracts/core';
import { Spinner } from '@pcpp/contracts/ui';
import { DemoDatabaseBanner } from './components/demo-database-banner';
// The Releases page comes with the console: a rollout's state is read there in a hurry, often by
// reloading it, so it takes no second round trip.
import { ReleasesPage } from './features/releases/components/releases-page';

// Every other page comes when an admin opens it, a chunk of its own: opening one page never downloads
// the others' code (the product forms, the Overview's charts; issue 47).
const OverviewPage = lazy(() => import(/* webpackChunkName: "admin-overview" */ './features/insights/components/overview-page'));
const AllOrdersPage = lazy(() =>
  import(/* webpackChunkName: "all-orders" */ './features/orders/components/all-orders-page').then((module) => ({ default: module.AllOrdersPage })),
);
const OrderPage = lazy(() =>
  import(/* webpackChunkName: "admin-order" */ './features/orders/components/order-page').then((module) => ({ default: module.OrderPage })),
);
const MakeAdminPage = lazy(() =>
  import(/* webpackChunkName: "admin-users" */ './features/users/components/make-admin-page').then((module) => ({ default: module.MakeAdminPage })),
);
const AddProductPage = lazy(() =>
  import(/* webpackChunkName: "admin-add-product" */ './features/products/components/add-product-page').then((module) => ({ default: module.AddProductPage })),
);
const ManageProductsPage = lazy(() =>
  import(/* webpackChunkName: "admin-products" */ './features/products/components/manage-products-page').then((module) => ({ default: module.ManageProductsPage })),
);
const EditProductPage = lazy(() =>
  import(/* webpackChunkName: "admin-edit-product" */ './features/products/components/edit-product-page').then((module) => ({ default: module.EditProductPage })),
);
const ReviewsPage = lazy(() =>
  import(/* webpackChunkName: "admin-reviews" */ './features/reviews/components/reviews-page').then((module) => ({ default: module.ReviewsPage })),
);
const ActivityPage = lazy(() =>
  import(/* webpackChunkName: "admin-activity" */ './features/activity/components/activity-page').then((module) => ({ default: module.ActivityPage })),
);

/** A page of the console while its chunk arrives: the frame stays, a spinner in the page's place. */
const LOADING_PAGE = 'Loading the page…';

/** The dashboard's frame (from contracts, so the sidebar matches mf-dashboard's), the demo banner, the page. */
function AdminLayout() {
  return (
    <DashboardFrame>
      <DemoDatabaseBanner demoDatabase={currentRuntimeConfig()?.demoDatabase === true} />
      <Suspense fallback={<Spinner label={LOADING_PAGE} />}>
        <Outlet />
      </Suspense>
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
