// @ts-check
// `npm run openapi`: writes the api's OpenAPI document (docs/openapi.json) and the front ends' types
// generated from it (contracts/src/api-types.ts), both from the api's route declarations. The api's
// tests fail while the committed files differ from what this writes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typesFromDocument } from './openapi-types.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// The api's build (swc, a few seconds) is what runs the declarations.
execFileSync(npm, ['run', 'build', '-w', 'contracts', '-w', 'api'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
const require = createRequire(import.meta.url);
/** @type {{ generatedDocument(): object }} */
const generate = require(path.join(repoRoot, 'api/dist/openapi/generate.js'));

const document = generate.generatedDocument();
writeFileSync(path.join(repoRoot, 'docs/openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
writeFileSync(path.join(repoRoot, 'contracts/src/api-types.ts'), await typesFromDocument(document));
const operations = Object.values(/** @type {{ paths: Record<string, object> }} */ (document).paths).reduce((count, item) => count + Object.keys(item).length, 0);
console.log(`docs/openapi.json: ${operations} operations; contracts/src/api-types.ts written.`);
