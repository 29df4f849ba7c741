// The orders module owns the orders (issue 42): no other code of the api reads or writes their
// collections, or imports anything of the module but its interface (modules/orders/index.ts).
// db/mongo.ts alone opens the collections, through the module's documents.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importGraph, sources } from './import-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(root, 'api/src');
const ordersDir = path.join(api, 'modules/orders');
const ordersIndex = path.join(ordersDir, 'index.ts');
const documentsFile = path.join(ordersDir, 'documents.ts');
/** The one file that may take the module's documents.ts: it puts every module's collections together. */
const COMPOSER = path.join(api, 'db/mongo.ts');

/**
 * The orders' collections as documents.ts names them: their keys in `Collections` and their names
 * in the database (ORDER_COLLECTION_NAMES).
 * @param {string} text
 */
export function orderCollections(text) {
  const block = /ORDER_COLLECTION_NAMES = \{([^}]*)\}/.exec(text)?.[1];
  if (!block) throw new Error('documents.ts has no ORDER_COLLECTION_NAMES');
  return [...block.matchAll(/(\w+): '([^']+)'/g)].map(([, key, name]) => ({ key: /** @type {string} */ (key), name: /** @type {string} */ (name) }));
}

/**
 * What a file outside the orders module does wrong with the orders: each problem in words.
 * @param {string} file the file's path
 * @param {string} text its source
 * @param {string[]} imported the files it imports (resolved)
 * @param {{ key: string, name: string }[]} collections
 */
export function ownershipProblems(file, text, imported, collections) {
  const problems = [];
  for (const target of imported) {
    if (!target.startsWith(`${ordersDir}${path.sep}`)) continue;
    if (target === ordersIndex) continue;
    if (file === COMPOSER && target === documentsFile) continue;
    problems.push(`imports ${path.relative(api, target)} (only modules/orders/index.ts is the orders' interface)`);
  }
  for (const { key, name } of collections) {
    const byKey = [
      new RegExp(`\\bcollections\\.${key}\\b`),
      new RegExp(`\\{[^}]*\\b${key}\\b[^}]*\\}\\s*=\\s*[\\w.]*collections\\b`),
      new RegExp(`Collections\\s*,[^>]*['"\`]${key}['"\`]`),
    ];
    if (byKey.some((pattern) => pattern.test(text))) problems.push(`names the orders' collection ${key}`);
    if (new RegExp(`collection(<[^>]*>)?\\(\\s*['"\`]${name}['"\`]`).test(text) || new RegExp(`['"\`]${name}['"\`]`).test(text) && name.includes('_')) {
      problems.push(`names the orders' collection '${name}'`);
    }
  }
  return problems;
}

test('finds another module importing the orders’ repository or naming their collections', () => {
  const collections = [
    { key: 'wholeOrders', name: 'whole_orders' },
    { key: 'legacyCheckouts', name: 'checkouts' },
  ];
  const payments = path.join(api, 'modules/payments/service.ts');
  assert.deepEqual(ownershipProblems(payments, '', [path.join(ordersDir, 'store/order-store.ts')], collections), [
    "imports modules/orders/store/order-store.ts (only modules/orders/index.ts is the orders' interface)",
  ]);
  assert.deepEqual(ownershipProblems(payments, "const orders = collections.wholeOrders.find({});", [], collections), ["names the orders' collection wholeOrders"]);
  assert.deepEqual(ownershipProblems(payments, "db.collection('checkouts').find({})", [], collections), ["names the orders' collection 'checkouts'"]);
  assert.deepEqual(ownershipProblems(payments, "db.collection<Doc>('whole_orders')", [], collections), ["names the orders' collection 'whole_orders'"]);
  assert.deepEqual(ownershipProblems(payments, "type X = Pick<Collections, 'parts' | 'wholeOrders'>;", [], collections), ["names the orders' collection wholeOrders"]);
  assert.deepEqual(ownershipProblems(payments, 'const { parts, wholeOrders } = api.database.collections;', [], collections), ["names the orders' collection wholeOrders"]);
  // A function of the same name elsewhere is not the collection.
  assert.deepEqual(ownershipProblems(payments, 'await subjects.wholeOrders(ids);', [], collections), []);
  // Its interface is fine, and so is db/mongo.ts taking documents.ts.
  assert.deepEqual(ownershipProblems(payments, "import { createOrdersModule } from '../orders';", [ordersIndex], collections), []);
  assert.deepEqual(ownershipProblems(COMPOSER, '', [documentsFile], collections), []);
});

test('no code outside the orders module imports its insides or names its collections', () => {
  const collections = orderCollections(readFileSync(documentsFile, 'utf8'));
  assert.ok(collections.length >= 3, `read ${collections.length} collections from documents.ts`);
  const graph = importGraph(api);
  const found = [];
  for (const file of sources(api)) {
    if (file.startsWith(`${ordersDir}${path.sep}`)) continue;
    for (const problem of ownershipProblems(file, readFileSync(file, 'utf8'), graph.get(file) ?? [], collections)) found.push(`${path.relative(api, file)}: ${problem}`);
  }
  assert.deepEqual(found, []);
});
