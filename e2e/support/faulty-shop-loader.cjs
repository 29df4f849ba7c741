// The fault of faulty-shop.webpack.cjs: Add to cart's click handler throws instead of adding, in
// the handler itself (React reports it) or, in a candidate whose entry sets `self.__pcppFault =
// 'timer'` first (rollouts.spec.ts), in a timer the handler sets (outside React: only the window's
// error event hears it, whole only when the remote's scripts load with CORS). One build serves both.
const HANDLER = 'onClick={() => void cart.add(part.min_quantity)}';
const FAULTY_HANDLER =
  "onClick={() => { if ((self as { __pcppFault?: string }).__pcppFault === 'timer') { setTimeout(() => { throw new Error('Add to cart failed later: the cart timer broke'); }, 0); return; } throw new Error('Add to cart failed: the cart store is not ready'); }}";

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function faultyAddToCart(source) {
  // A changed button fails the build loudly rather than making a candidate without its fault.
  if (!source.includes(HANDLER)) throw new Error(`${this.resourcePath} no longer has ${HANDLER}: update e2e/support/faulty-shop-loader.cjs`);
  return source.replace(HANDLER, FAULTY_HANDLER);
};
