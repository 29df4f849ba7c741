const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('./src/server/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'shell',
  packageDir: __dirname,
  port: servicePorts().shell,
  title: 'PC PART PICKER — computer parts from the maker',
  // Renders the public pages on the server (src/server), with the remotes' server builds.
  server: true,
});
