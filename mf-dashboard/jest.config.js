const { projectConfig } = require('../tooling/jest/project-config.cjs');

module.exports = projectConfig({
  displayName: 'mf-dashboard',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/jest.setup.ts'],
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/../tooling/jest/async-timeouts.ts'],
});
