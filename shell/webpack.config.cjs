const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../contracts/src/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'shell',
  packageDir: __dirname,
  port: servicePorts().shell,
  title: 'PC PART PICKER — computer parts from the maker',
  // Renders the public pages on the server (src/server), with the remotes' server builds.
  server: true,
  // react-dom's chunk is the largest (219 KB minified, 60 KB compressed); main.js (the federation
  // runtime the page shares) 92 KB.
  sizeLimits: { maxAssetSize: 230_000, maxEntrypointSize: 100_000 },
});
