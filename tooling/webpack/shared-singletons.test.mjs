import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { sharedSingletons } = require('./create-webpack-config.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

for (const workspace of ['shell', 'mf-shop', 'mf-dashboard', 'mf-admin']) {
  test(`${workspace} provides each shared singleton as its installed package's version, which its own range accepts`, () => {
    const packageDir = path.join(root, workspace);
    const { dependencies } = require(path.join(packageDir, 'package.json'));
    const shared = sharedSingletons(dependencies, packageDir);
    const resolvers = shared['@hookform/resolvers/zod'];
    // The subpath's own package.json says 1.0.0; the package is 5.x.
    assert.ok(resolvers, 'shares @hookform/resolvers/zod');
    assert.match(resolvers.version ?? '', /^5\./);
    assert.equal(shared['react/jsx-runtime'].version, shared.react.version);
    assert.equal(shared['@pcpp/contracts/router'].version, require(path.join(root, 'contracts/package.json')).version);
    for (const [request, config] of Object.entries(shared)) {
      assert.equal(config.singleton, true, request);
      const [major] = (config.version ?? '').split('.');
      assert.match(config.requiredVersion, new RegExp(`^\\^${major}\\.`), `${request}: ${config.version} within ${config.requiredVersion}`);
    }
  });
}
