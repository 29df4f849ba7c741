import { toastMessages } from './messages';

/**
 * The spec's two order tables (§2), word for word: My Orders (the customer's, mf-dashboard) and
 * All orders (the admin's, mf-admin). Each order of ours is a group of these rows: a header row
 * (`orderGroupText`, ours) and one row per part in the spec's columns.
 */
export const myOrdersTableText = {
  /** The spec's columns, in its order. */
  columns: {
    index: 'index',
    productName: 'Product Name',
    perProductPrice: 'Per Product Price',
    address: 'Address',
    phoneNumber: 'Phone Number',
    orderQuantity: 'Order Quantity',
    totalAmount: 'Total Amount',
    payment: 'Payment',
    action: 'Action',
  },
  paid: 'Paid',
  transactionId: (id: string) => `Transaction id: ${id}`,
  /** The spec's pay button (to /dashboard/payment/{id}); its label is ours. */
  pay: 'Pay',
  delete: 'Delete',
  deleteTitle: 'Are you sure you want to delete this order!',
  confirmDelete: 'Delete',
  cancel: 'Cancel',
  deleted: toastMessages.orderDeleted,
} as const;

export const allOrdersTableText = {
  heading: (count: number) => `All orders: ${count}`,
  /** The spec's columns, in its order. */
  columns: {
    productName: 'product name',
    email: 'email',
    address: 'address',
    phone: 'phone',
    quantity: 'quantity',
    totalAmount: 'total amount',
    remove: 'Remove',
  },
  delete: 'Delete',
  deleteTitle: 'Are you sure you want to delete this order?',
  deleteBody: 'If you are sure then click on delete button',
  confirmDelete: 'Delete',
  cancel: 'Cancel',
} as const;

/** Ours: the header row of an order's group in both tables, with the labels the one-row-per-order list had. */
export const orderGroupText = {
  order: 'Order',
  placed: 'Placed',
  parts: 'Parts',
  customer: 'Customer',
  total: 'Total',
  status: 'Status',
  state: 'State',
  next: 'Next',
  /** "3 parts, 5 units". */
  partsCount: (lines: number, units: number) => `${lines} ${lines === 1 ? 'part' : 'parts'}, ${units} ${units === 1 ? 'unit' : 'units'}`,
  refunded: (amount: string) => `Refunded ${amount}`,
  open: 'See order',
  trackParcels: 'Track parcels',
  returnOrInvoice: 'Return or invoice',
  openLabel: (number: string) => `See order ${number}`,
  payOrderLabel: (number: string) => `Pay for order ${number}`,
  payLineLabel: (productName: string) => `Pay for ${productName}`,
  deleteOrderLabel: (number: string) => `Delete order ${number}`,
  deleteLineLabel: (productName: string) => `Delete the order for ${productName}`,
  /** A part of an unpaid order of several parts: one payment for the whole order. */
  payWithOrder: 'With the whole order',
  /** A part cancelled before it was paid. */
  notCharged: '—',
  loadingParts: 'Loading the parts…',
  partsFailed: 'The parts of this order could not be loaded.',
  retry: 'Retry',
  /** The customer's Delete of a whole order: what goes. */
  deleteOrderBody: (number: string, parts: number, total: string) =>
    `Order ${number}: ${parts} ${parts === 1 ? 'part' : 'parts'}, ${total}. The parts held for it go back on sale.`,
  deleteLineBody: (number: string, quantity: number, productName: string, total: string) => `Order ${number}: ${quantity} × ${productName}, ${total}.`,
  /** The admin's Delete (the spec's DELETE /order/{id}, a reason optional). */
  adminDeleteWhat: (number: string, email: string, units: number) =>
    `Order ${number} for ${email} will be cancelled: its ${units} ${units === 1 ? 'unit goes' : 'units go'} back to stock, and ${email} gets an email saying so.`,
  optionalReasonLabel: 'Reason, if you want to give one (the customer reads it)',
} as const;
