// The fault of faulty-shop.webpack.cjs: Add to cart's click handler throws instead of adding.
const HANDLER = 'onClick={() => void cart.add(part.min_quantity)}';
const FAULT = "onClick={() => { throw new Error('Add to cart failed: the cart store is not ready'); }}";

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function faultyAddToCart(source) {
  // A changed button fails the build loudly rather than making a candidate without its fault.
  if (!source.includes(HANDLER)) throw new Error(`${this.resourcePath} no longer has ${HANDLER}: update e2e/support/faulty-shop-loader.cjs`);
  return source.replace(HANDLER, FAULT);
};
