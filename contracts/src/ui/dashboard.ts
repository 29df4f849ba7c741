// `@pcpp/contracts/ui/dashboard`: the signed-in pages' UI (the dashboard's frame and its banner,
// confirmations, an order's shipment, the pager under a paged list). The address form's fields are
// not here (`@pcpp/contracts/ui/address-fields`, not shared: they hold no state), so the dashboard's
// first page does not load react-hook-form with its frame. Its own shared entry: a shared module keeps every export, and
// the pages a visitor opens first (the shop's, rendered on the server) need none of these. The shell
// does not import it, so a remote may provide it: its files reach the kit's state (the auth store,
// the runtime config) and the UI kit through their shared package names, never by relative path,
// which would give them the remote's own copies.
export { DashboardFrame, DashboardLayout, dashboardLinks, dashboardLinksFor, type DashboardLink } from './dashboard-frame';
export { ConfirmDialog } from './confirm-dialog';
export { Pager } from './pager';
export { ShipmentNote } from './shipment-note';
export { useConfirmation, useDeleteConfirmation } from './use-delete-confirmation';
export { VerifyEmailBanner } from './verify-email-banner';
export { OrderTotals, OrderTotalsTerms, type OrderTotalsFigures } from './order-totals';
