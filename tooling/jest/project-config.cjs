// Shared jest settings: swc compiles TypeScript and JSX; workspace packages resolve to source.
const path = require('node:path');

const contractsSrc = path.join(__dirname, '../../contracts/src');

/**
 * @param {{ displayName: string, rootDir: string, testEnvironment?: string, setupFiles?: string[], setupFilesAfterEnv?: string[] }} options
 * @returns {import('jest').Config}
 */
function projectConfig({ displayName, rootDir, testEnvironment = 'node', setupFiles = [], setupFilesAfterEnv = [] }) {
  return {
    displayName,
    rootDir,
    testEnvironment,
    setupFiles,
    setupFilesAfterEnv,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@pcpp/contracts$': path.join(contractsSrc, 'index.ts'),
      '^@pcpp/contracts/core$': path.join(contractsSrc, 'core.ts'),
      // Its package entry is the built file, which a fresh clone has not built when jest runs.
      '^@pcpp/contracts/seo$': path.join(contractsSrc, 'seo.ts'),
      '^@pcpp/contracts/server-observability$': path.join(contractsSrc, 'server-observability/index.ts'),
      '^@pcpp/contracts/ui$': path.join(contractsSrc, 'ui/index.ts'),
      '^@pcpp/contracts/ui/dashboard$': path.join(contractsSrc, 'ui/dashboard.ts'),
      '^@pcpp/contracts/ui/orders$': path.join(contractsSrc, 'ui/orders.ts'),
      '^@pcpp/contracts/ui/card-payment$': path.join(contractsSrc, 'ui/card-payment.tsx'),
      '^@pcpp/contracts/ui/address-fields$': path.join(contractsSrc, 'ui/address-fields.tsx'),
      '^@pcpp/contracts/testing$': path.join(contractsSrc, 'testing/index.ts'),
      '^@pcpp/contracts/testing/jsdom-dialog$': path.join(contractsSrc, 'testing/jsdom-dialog.ts'),
    },
  };
}

module.exports = { projectConfig };
