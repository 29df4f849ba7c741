const { projectConfig } = require('../tooling/jest/project-config.cjs');

// Every answer a suite receives is checked against the OpenAPI document (test/answer-check.ts).
const project = projectConfig({ displayName: 'api', rootDir: __dirname, setupFilesAfterEnv: ['<rootDir>/test/answer-check-setup.ts', '<rootDir>/test/timeouts.ts'] });

module.exports = {
  ...project,
  // jose, file-type (with its dependencies) and swagger-parser's ref parser ship ESM only, which jest's module system cannot
  // load: let swc compile them as well. The build keeps file-type's import() as it is.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|file-type|strtok3|token-types|@tokenizer/inflate|uint8array-extras|@borewit/text-codec|@apidevtools)/)',
  ],
  moduleNameMapper: {
    ...project.moduleNameMapper,
    // file-type's exports offer only `import` / `module-sync`, no `require`: its entry as Node resolves it.
    '^file-type$': require.resolve('file-type'),
  },
  // One database server and one auth emulator for the whole run; each test file uses its own database.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
};
