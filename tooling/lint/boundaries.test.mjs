// The architecture's import boundaries hold: each crossing below must be an ESLint error.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (nothing is written). */
/**
 * @param {string} file
 * @param {string} code
 */
async function errorsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const crossings = [
  ['a remote imports another remote', 'mf-admin/src/features/users/components/leak.ts', "import { CatalogPage } from '../../../../../mf-shop/src/features/catalog/components/catalog-page';"],
  ['the shell imports a remote', 'shell/src/app/leak.ts', "import { HomePage } from '../../../mf-shop/src/app/home-page';"],
  ['a feature imports another feature', 'mf-shop/src/features/home/components/leak.ts', "import { BlogsPage } from '../../blogs/components/blogs-page';"],
  ['a shell feature imports another feature', 'shell/src/features/remotes/leak.ts', "import { AccessGate } from '../auth/components/access-gate';"],
  ['contracts imports an app', 'contracts/src/leak.ts', "import { App } from '../../shell/src/app/app';"],
  ['the api imports the browser kit', 'api/src/leak.ts', "import { apiClient } from '@pcpp/contracts';"],
  ['the api imports the UI kit', 'api/src/leak.ts', "import { Button } from '@pcpp/contracts/ui';"],
  ['the api imports front-end source', 'api/src/leak.ts', "import { useAuth } from '../../contracts/src/query/use-admin-flag';"],
  ['the core entry imports the browser kit', 'contracts/src/money.ts', "import { authStore } from './auth-store';"],
  ['an app imports another app by package name', 'mf-dashboard/src/leak.ts', "import routes from '@pcpp/mf-admin';"],
];

for (const [what, file, line] of crossings) {
  test(`lint refuses: ${what}`, async () => {
    const errors = await errorsOf(file, `${line}\nexport const used = [${line.match(/import \{?\s*(\w+)/)?.[1]}];\n`);
    assert.ok(
      errors.some((e) => /^(import-x\/no-restricted-paths|no-restricted-imports):/.test(e)),
      `expected a boundary error, got: ${JSON.stringify(errors)}`,
    );
  });
}

test('lint allows what the boundaries allow', async () => {
  assert.deepEqual(await errorsOf('mf-shop/src/app/leak.ts', "import { LatestProducts } from '../features/home/components/latest-products';\nexport const used = [LatestProducts];\n"), []);
  assert.deepEqual(await errorsOf('api/src/leak.ts', "import { formatCents } from '@pcpp/contracts/core';\nexport const used = [formatCents];\n"), []);
});
