const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../contracts/src/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_dashboard',
  packageDir: __dirname,
  port: servicePorts().dashboard,
  exposes: { './routes': './src/routes.tsx' },
  // Its largest script is its own tree-shaken zod (93 KB minified); remoteEntry.js is 27 KB.
  sizeLimits: { maxAssetSize: 110_000, maxEntrypointSize: 32_000 },
  title: 'mf-dashboard (standalone)',
});
