const { projectConfig } = require('../tooling/jest/project-config.cjs');

// Node by default; UI kit tests opt into jsdom with a @jest-environment docblock.
module.exports = projectConfig({
  displayName: 'contracts',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.ts'],
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/../tooling/jest/async-timeouts.ts'],
});
