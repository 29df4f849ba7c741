// Every api call of the front ends goes through the typed `api` of @pcpp/contracts (issue 36): its
// path, params, query, body and answer typed by the generated OpenAPI document, its answer checked
// by a zod schema. This fails, naming the file and line, on a call that bypasses it or types by hand.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The front ends' sources: the shell, the three remotes and the browser kit in contracts. */
const SOURCE_DIRS = ['shell/src', 'mf-shop/src', 'mf-dashboard/src', 'mf-admin/src', 'contracts/src'];
/** The wrapper's own home (it alone calls the axios instance), and the test kit. */
const EXEMPT = new Set(['contracts/src/api-client.ts']);
const EXEMPT_DIRS = ['contracts/src/testing/'];

const RULES = [
  {
    pattern: /\bapiClient\.(request|get|post|put|patch|delete|head)\b/,
    says: 'calls the axios instance past the typed wrapper: use api.get/post/put/patch/delete from @pcpp/contracts with the path as the OpenAPI document writes it',
  },
  { pattern: /\bgetParsed\s*\(/, says: 'uses getParsed, which is gone: use api.get(path, { ..., answer: schema })' },
  { pattern: /from\s+'axios'|import\(\s*(\/\*.*?\*\/\s*)?'axios'\s*\)/, says: 'imports axios: the one axios instance lives in contracts/src/api-client.ts; call the typed api' },
  {
    pattern: /\bapi\.(get|post|put|patch|delete|file|report)\s*</,
    says: 'types an api call by hand: its types come from its path (drop the type argument)',
  },
  { pattern: /<unknown>\s*\(\s*['`]\//, says: 'types an api call `unknown`: call the typed api, whose answer is typed by its path' },
];

/**
 * Every .ts/.tsx file below `dir` but the tests.
 * @param {string} dir
 * @returns {string[]}
 */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * One sentence per offending line of `text`, naming `name` and the line.
 * @param {string} name
 * @param {string} text
 * @returns {string[]}
 */
export function untypedCalls(name, text) {
  return text.split('\n').flatMap((line, index) =>
    line.trim().startsWith('//') || line.trim().startsWith('*')
      ? []
      : RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `${name}:${index + 1} ${rule.says}.`),
  );
}

test('names the file and line of a call that bypasses the typed api or is typed by hand', () => {
  const text = [
    "import { api, apiClient } from '@pcpp/contracts';",
    "const a = await api.get('/tools/{id}', { params: { id }, answer: partSchema });",
    "const { data } = await apiClient.post<unknown>('/order', input);",
    "const b = await api.get<Part>('/tools/{id}', { params: { id }, answer: partSchema });",
    '// apiClient.get in a comment is no call',
  ].join('\n');
  assert.deepEqual(untypedCalls('x.ts', text), [
    'x.ts:3 calls the axios instance past the typed wrapper: use api.get/post/put/patch/delete from @pcpp/contracts with the path as the OpenAPI document writes it.',
    'x.ts:3 types an api call `unknown`: call the typed api, whose answer is typed by its path.',
    'x.ts:4 types an api call by hand: its types come from its path (drop the type argument).',
  ]);
});

test('every api call of the front ends goes through the typed api', () => {
  let read = 0;
  const found = SOURCE_DIRS.flatMap((dir) =>
    sources(path.join(root, dir)).flatMap((file) => {
      const name = path.relative(root, file).split(path.sep).join('/');
      if (EXEMPT.has(name) || EXEMPT_DIRS.some((exempt) => name.startsWith(exempt))) return [];
      read += 1;
      return untypedCalls(name, readFileSync(file, 'utf8'));
    }),
  );
  assert.ok(read > 200, `read ${read} files`);
  assert.deepEqual(found, []);
});
