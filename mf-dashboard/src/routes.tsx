import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from '@pcpp/contracts/router';
import { Spinner } from '@pcpp/contracts/ui';
import { DashboardLayout } from '@pcpp/contracts/ui/dashboard';
import { DashboardNotFoundPage } from './features/not-found/components/dashboard-not-found-page';
import { ProfilePage } from './features/profile/components/profile-page';

// Stripe's libraries are loaded with the payment page only, never with the rest of the dashboard.
const PaymentPage = lazy(() =>
  import('./features/payment/components/payment-page').then((module) => ({ default: module.PaymentPage })),
);
// The order tables and an order's sections come with the order pages, not with My Profile.
const MyOrdersPage = lazy(() =>
  import(/* webpackChunkName: "my-orders" */ './features/orders/components/my-orders-page').then((module) => ({ default: module.MyOrdersPage })),
);
const OrderPage = lazy(() =>
  import(/* webpackChunkName: "order-page" */ './features/orders/components/order-page').then((module) => ({ default: module.OrderPage })),
);

// My Builds, My Alerts and Add Review (their reads' schemas and zod, a review's form) come with
// their pages, not with My Profile, the dashboard's first page.
const MyBuildsPage = lazy(() =>
  import(/* webpackChunkName: "my-builds" */ './features/builds/components/my-builds-page').then((module) => ({ default: module.MyBuildsPage })),
);
const MyAlertsPage = lazy(() =>
  import(/* webpackChunkName: "my-alerts" */ './features/alerts/components/my-alerts-page').then((module) => ({ default: module.MyAlertsPage })),
);
const AddReviewPage = lazy(() =>
  import(/* webpackChunkName: "add-review" */ './features/reviews/components/add-review-page').then((module) => ({ default: module.AddReviewPage })),
);

// Settings (its forms and the identity calls) come when it is opened.
const SettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ './features/settings/components/settings-page').then((module) => ({ default: module.SettingsPage })),
);

/** A page of its own chunk, with a spinner while it comes. */
const loading = (page: ReactNode, label: string) => <Suspense fallback={<Spinner label={label} />}>{page}</Suspense>;

/**
 * mf-dashboard's route tree, exposed to the shell as `mf_dashboard/routes`. Paths are absolute and,
 * as react-router matches by default, case-insensitive: /dashboard/myorders is My Orders too.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route path="/dashboard" element={<ProfilePage />} />
        <Route path="/dashboard/settings" element={loading(<SettingsPage />, 'Loading your settings…')} />
        <Route path="/dashboard/myOrders" element={loading(<MyOrdersPage />, 'Loading your orders…')} />
        <Route path="/dashboard/orders/:number" element={loading(<OrderPage />, 'Loading your order…')} />
        <Route path="/dashboard/myBuilds" element={loading(<MyBuildsPage />, 'Loading your builds…')} />
        <Route path="/dashboard/myAlerts" element={loading(<MyAlertsPage />, 'Loading your alerts…')} />
        <Route path="/dashboard/addReview" element={loading(<AddReviewPage />, 'Loading the review form…')} />
        <Route path="/dashboard/payment/:id" element={loading(<PaymentPage />, 'Loading the payment page…')} />
        <Route path="/dashboard/*" element={<DashboardNotFoundPage />} />
      </Route>
    </Routes>
  );
}
