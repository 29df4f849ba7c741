const { projectConfig } = require('../tooling/jest/project-config.cjs');

module.exports = {
  ...projectConfig({ displayName: 'api', rootDir: __dirname }),
  // jose ships ESM only, which jest's module system cannot load: let swc compile it as well.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // One database server and one auth emulator for the whole run; each test file uses its own database.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
};
