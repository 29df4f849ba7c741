// The fault of faulty-shop.webpack.cjs: Add to cart's click handler throws instead of adding, in
// the handler itself (React reports it) or, with PCPP_FAULT=timer, in a timer the handler sets
// (outside React: only the window's error event hears it, whole only when the remote's scripts
// load with CORS).
const HANDLER = 'onClick={() => void cart.add(part.min_quantity)}';
const FAULTS = {
  handler: "onClick={() => { throw new Error('Add to cart failed: the cart store is not ready'); }}",
  timer: "onClick={() => { setTimeout(() => { throw new Error('Add to cart failed later: the cart timer broke'); }, 0); }}",
};

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function faultyAddToCart(source) {
  // A changed button fails the build loudly rather than making a candidate without its fault.
  if (!source.includes(HANDLER)) throw new Error(`${this.resourcePath} no longer has ${HANDLER}: update e2e/support/faulty-shop-loader.cjs`);
  const fault = FAULTS[/** @type {keyof typeof FAULTS} */ (process.env.PCPP_FAULT || 'handler')];
  if (!fault) throw new Error(`PCPP_FAULT must be one of ${Object.keys(FAULTS).join(', ')}`);
  return source.replace(HANDLER, fault);
};
