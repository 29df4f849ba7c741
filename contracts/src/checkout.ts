
/** The checkout's texts, ours (the spec has one order at a time). */
export const checkoutText = {
  title: 'Checkout',
  linesTitle: 'Your parts',
  addressTitle: 'Shipping address',
  paymentTitle: 'Payment',
  placeAndPay: 'Place order and pay',
  placing: 'Placing your order…',
  total: 'Total',
  emptyCart: 'Your cart is empty: add parts before you check out.',
  fixCart: 'Some lines of your cart cannot be ordered as they stand. Fix them in your cart first.',
  backToCart: 'Back to your cart',
  orderNumber: (number: string) => `Order number ${number}`,
  thanks: 'Thank you! Your order is placed.',
  paid: 'Paid',
  payNow: 'Pay now',
  unpaid: 'Waiting for payment',
  /** Every line was cancelled (the hold ended, or the customer deleted them) before it was paid. */
  cancelled: 'Cancelled',
  timeLeft: (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const left = minutes < 120 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : `About ${hours} hours`;
    return `${left} left to pay before the parts go back on sale.`;
  },
  whatNext: 'We dispatch within 5 days and email you the tracking number. Your orders are in My Orders.',
  /** A declined or failed card: the page says the order is not paid yet. */
  paymentFailed: 'Your payment did not go through',
  heldUntil: (time: string) => `Your parts are held for you until ${time}. Try again with another card.`,
  /** The checkout of an account whose email is not verified yet: why the button waits. */
  verifyBeforePaying: 'Verify your email address to place this order: we sent you a link when you signed up.',
  placeDisabledUnverified: '“Place order and pay” works once your email address is verified.',
  /** The navbar's count of orders waiting for payment, for screen readers. */
  waitingForPayment: (count: number) => `${count} ${count === 1 ? 'order waits' : 'orders wait'} for payment`,
} as const;
