// `node --conditions=source -r ./test/swc-register.js src/server.ts` runs the TypeScript sources
// without a build (the shutdown test starts the api this way). --conditions=source makes
// @pcpp/contracts resolve to its sources, compiled here too.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
