import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-shop', 'mf-dashboard', 'mf-admin'];
const APPS = ['shell', ...REMOTES];

/** Feature folders of an app: each may use shared code of its app, never another feature. */
function featureZones(app) {
  const dir = `./${app}/src/features`;
  return readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${dir}/${name}`,
      from: dir,
      except: [`./${name}`],
      message: 'A feature never imports another feature: move what both need to the app’s shared folders or to contracts.',
    }));
}

/** The files of the server-safe core entry of contracts (`@pcpp/contracts/core`), from core.ts. */
const contractsCoreFiles = [
  'contracts/src/core.ts',
  ...[...readFileSync(path.join(import.meta.dirname, 'contracts/src/core.ts'), 'utf8').matchAll(/from '\.\/([^']+)'/g)].map(
    ([, file]) => `contracts/src/${file}.ts`,
  ),
];

// The architecture's boundaries (docs/architecture/folders.md, "Boundaries the linter enforces"): `npm run lint` fails on a
// crossing, whatever the relative path says.
const boundaryZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: APPS.filter((app) => app !== remote).map((app) => `./${app}`),
    message: 'A remote never imports another remote’s or the shell’s source: share it through contracts.',
  })),
  {
    target: './shell',
    from: REMOTES.map((remote) => `./${remote}`),
    message: 'The shell loads remotes through the Module Federation runtime only, never their source.',
  },
  {
    target: './contracts',
    from: [...APPS.map((app) => `./${app}`), './api'],
    message: 'contracts is shared by every app and imports none of them.',
  },
  {
    target: './api',
    from: [...APPS.map((app) => `./${app}`), './contracts/src/ui', './contracts/src/query', './contracts/src/testing'],
    message: 'The api imports no front-end code: only @pcpp/contracts/core.',
  },
  ...APPS.flatMap(featureZones),
];

const appPackageNames = APPS.map((app) => `@pcpp/${app}`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['{shell,mf-shop,mf-dashboard,mf-admin,contracts,api}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: appPackageNames, message: 'Apps never import each other: share through contracts.' },
            {
              group: ['react-router', 'react-router-dom'],
              message: 'Import the router from @pcpp/contracts/router: one shared copy, only the exports we use.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that names react-router.
    files: ['contracts/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@pcpp/contracts', message: 'The api uses the server-safe entry: @pcpp/contracts/core.' },
            { name: '@pcpp/contracts/ui', message: 'The api imports no front-end code.' },
            { name: '@pcpp/contracts/ui/dashboard', message: 'The api imports no front-end code.' },
          ],
          patterns: [{ group: [...appPackageNames, 'react', 'react-dom', 'axios'], message: 'The api imports no front-end code.' }],
        },
      ],
    },
  },
  {
    files: contractsCoreFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'axios', 'zustand', 'zustand/*', '@tanstack/*', 'styled-components', './api-client', './auth-store', './query/*', './ui/*', './testing/*', './load-runtime-config'],
              message: 'The core entry is server-safe: no browser kit in it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // e2e/support/test.ts: every action waits until React owns the element it touches.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Take `test` from e2e/support/test.ts: its actions wait until React owns the element, so none lands on the server's HTML.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'api/src/server.ts', 'api/src/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
