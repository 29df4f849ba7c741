const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { servicePorts } = require('../tooling/service-config.cjs');

module.exports = createWebpackConfig({
  name: 'mf_shop',
  packageDir: __dirname,
  port: servicePorts().shop,
  exposes: { './routes': './src/routes.tsx' },
  title: 'mf-shop (standalone)',
});
