const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../shell/src/server/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_admin',
  packageDir: __dirname,
  port: servicePorts().admin,
  exposes: { './routes': './src/routes.tsx' },
  title: 'mf-admin (standalone)',
});
