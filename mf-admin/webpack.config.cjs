const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../contracts/src/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_admin',
  packageDir: __dirname,
  port: servicePorts().admin,
  exposes: { './routes': './src/routes.tsx' },
  // The Overview's charts (recharts with d3 and redux, 481 KB minified) load only on that page; every
  // other script is under 100 KB. remoteEntry.js is 28 KB.
  sizeLimits: { maxAssetSize: 490_000, maxEntrypointSize: 32_000 },
  title: 'mf-admin (standalone)',
});
