const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../contracts/src/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_shop',
  packageDir: __dirname,
  port: servicePorts().shop,
  exposes: { './routes': './src/routes.tsx' },
  // Its public pages are rendered on the shell's server too: a server build beside the browser's.
  server: true,
  serverExposes: { './server': './src/server.ts' },
  // Its largest script is its own tree-shaken zod (98 KB minified); remoteEntry.js is 28 KB.
  sizeLimits: { maxAssetSize: 110_000, maxEntrypointSize: 32_000 },
  title: 'mf-shop (standalone)',
});
