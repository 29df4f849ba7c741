const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../shell/src/server/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_dashboard',
  packageDir: __dirname,
  port: servicePorts().dashboard,
  exposes: { './routes': './src/routes.tsx' },
  title: 'mf-dashboard (standalone)',
});
