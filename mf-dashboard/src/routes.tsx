import { lazy, Suspense } from 'react';
import { Route, Routes } from '@pcpp/contracts/router';
import { Spinner } from '@pcpp/contracts/ui';
import { DashboardLayout } from '@pcpp/contracts/ui/dashboard';
import { DashboardNotFoundPage } from './features/not-found/components/dashboard-not-found-page';
import { MyAlertsPage } from './features/alerts/components/my-alerts-page';
import { MyBuildsPage } from './features/builds/components/my-builds-page';
import { MyOrdersPage } from './features/orders/components/my-orders-page';
import { OrderPage } from './features/orders/components/order-page';
import { ProfilePage } from './features/profile/components/profile-page';
import { AddReviewPage } from './features/reviews/components/add-review-page';
import { SettingsPage } from './features/settings/components/settings-page';

// Stripe's libraries are loaded with the payment page only, never with the rest of the dashboard.
const PaymentPage = lazy(() =>
  import('./features/payment/components/payment-page').then((module) => ({ default: module.PaymentPage })),
);

/**
 * mf-dashboard's route tree, exposed to the shell as `mf_dashboard/routes`. Paths are absolute and,
 * as react-router matches by default, case-insensitive: /dashboard/myorders is My Orders too.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route path="/dashboard" element={<ProfilePage />} />
        <Route path="/dashboard/settings" element={<SettingsPage />} />
        <Route path="/dashboard/myOrders" element={<MyOrdersPage />} />
        <Route path="/dashboard/orders/:number" element={<OrderPage />} />
        <Route path="/dashboard/myBuilds" element={<MyBuildsPage />} />
        <Route path="/dashboard/myAlerts" element={<MyAlertsPage />} />
        <Route path="/dashboard/addReview" element={<AddReviewPage />} />
        <Route
          path="/dashboard/payment/:id"
          element={
            <Suspense fallback={<Spinner label="Loading the payment page…" />}>
              <PaymentPage />
            </Suspense>
          }
        />
        <Route path="/dashboard/*" element={<DashboardNotFoundPage />} />
      </Route>
    </Routes>
  );
}
