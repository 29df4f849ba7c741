// mf-shop's own production build with one fault, for the rollout e2e tests (rollouts.spec.ts): the
// "Add to cart" button's click handler throws (or, in a candidate that asks for it, a timer it sets
// throws, outside React: faulty-shop-loader.cjs). The fault is put in at build time by a loader, so the shop's source has no test hook, and
// the error comes from the shop's own code, as a real bug's would. Built by the spec:
// `webpack --config <this> --output-path <dir>`.
const path = require('node:path');

const ADD_TO_CART = /[\\/]mf-shop[\\/]src[\\/]components[\\/]add-to-cart-button\.tsx$/;

/** @param {unknown} env @param {{ mode?: string }} argv */
module.exports = (env, argv) => {
  const shop = require('../../mf-shop/webpack.config.cjs')(env, argv);
  const configs = Array.isArray(shop) ? shop : [shop];
  for (const config of configs) {
    config.module?.rules?.push({ test: ADD_TO_CART, enforce: 'pre', use: [{ loader: path.join(__dirname, 'faulty-shop-loader.cjs') }] });
  }
  return shop;
};
