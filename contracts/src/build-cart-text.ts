// The build's way into the cart, its own module: cart.ts is on every page's first load (the
// navbar's cart), these only on the builder, the cart and the checkout.

export const buildCartText = {
  /** 'Add build to cart' on a build with Problems asks first, naming them. */
  buildProblemsTitle: (count: number) => `This build has ${count} ${count === 1 ? 'problem' : 'problems'}`,
  addAnywayQuestion: 'Add anyway?',
  addAnyway: 'Add anyway',
  keepBuilding: 'Keep building',
  /** A cart line that came from a build: the build's state (Compatible, Notes, Problems found). */
  fromBuild: (state: string) => `From your build: ${state}`,
  /** Above the checkout's button when the build in the cart has Problems. */
  buildProblemsAtCheckout: (count: number) => `The build in your cart has ${count} ${count === 1 ? 'problem' : 'problems'}:`,
} as const;
