// `@pcpp/contracts/ui/orders`: an order's sections (parcels, refunds, returns, its money) as the
// customer's and the admin's order pages show them, and the groups of the order tables (My Orders,
// All Orders). Not shared (they hold no state): each remote bundles what it uses, in the lazy
// chunks of its order pages, so no other page carries them.
export { narrowCardsCss, OrderGroupHead, orderGroupsCss, OrderGroupState } from './order-groups';
export { OrderFactsBox, OrderMoney, OrderParcels, OrderRefunds, OrderReturns, unitsByPart } from './order-sections';
