// The orders module's interface: the only way into it from another module (the ownership test,
// tooling/lint/order-ownership.test.mjs, fails on an import of anything else of it, and on another
// module naming its collections). db/mongo.ts alone takes its documents.ts, to open the collections.

export { createOrdersModule, type OrdersModule, type OrdersModuleDeps } from './service';
export type { OrderFaults, PaymentCanceller } from './common';
export { assertCardPayable, type CheckoutPlacement, type OrderPricing, type PricedLines } from './placement/service';
export { CURRENCY, type PaymentFacts, type PaymentOutcome, REFUND_REASONS, type RefundReason } from './payment/service';
export { createInvoiceLinks, type InvoiceLinks } from './read-model/invoice-links';
export type { Seller } from './read-model/invoice-pdf';
export { STALE_REFUND_MS } from './refunds/service';
export { ordersRoutes } from './routes';
export { wholeOrderRoutes } from './whole-order-routes';
