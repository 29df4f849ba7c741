import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GenMapping, addMapping, toEncodedMap } from '@jridgewell/gen-mapping';
import { createSourceMaps } from './source-maps';

// A version's hidden source map, as webpack writes one beside a chunk, kept where `npm run release`
// keeps them (RELEASE_SOURCE_MAPS_DIR/<remote folder>/<version>/).
const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-source-maps-'));
const VERSION = '0.1.0+3f2a9c1d';
const BASE = `http://localhost:3004/mf-shop/${VERSION}/`;
beforeAll(() => {
  const map = new GenMapping({ file: '882.c4b2f559.js' });
  addMapping(map, { generated: { line: 1, column: 20516 }, source: 'webpack://mf_shop/./src/components/add-to-cart-button.tsx', original: { line: 23, column: 14 }, name: 'onClick' });
  addMapping(map, { generated: { line: 1, column: 30000 }, source: 'webpack://mf_shop/./src/features/catalog/part-card.tsx', original: { line: 8, column: 2 } });
  mkdirSync(path.join(dir, 'mf-shop', VERSION), { recursive: true });
  writeFileSync(path.join(dir, 'mf-shop', VERSION, '882.c4b2f559.js.map'), JSON.stringify(toEncodedMap(map)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stack = [
  'Error: Add to cart failed later: the cart timer broke',
  `    at onClick (${BASE}882.c4b2f559.js:1:20517)`,
  `    at PartCard (${BASE}882.c4b2f559.js:1:30001)`,
  '    at http://localhost:3000/react.1a2b3c4d.js:1:99',
].join('\n');

describe("the errors' stacks, mapped to the remote's source", () => {
  it('maps each frame of the version’s files through its map, names where it was thrown, leaves the others', async () => {
    const mapped = await createSourceMaps(dir).map('mf_shop', VERSION, BASE, { stack, source: `${BASE}882.c4b2f559.js:1:20517` });
    expect(mapped).toEqual({
      where: 'src/components/add-to-cart-button.tsx:23:15',
      stack: [
        'Error: Add to cart failed later: the cart timer broke',
        'at onClick (src/components/add-to-cart-button.tsx:23:15)',
        'at (src/features/catalog/part-card.tsx:8:3)',
        'at http://localhost:3000/react.1a2b3c4d.js:1:99',
      ],
    });
  });

  it('without maps (none kept, none for the version, or a path out of its folder), the stack stays as reported', async () => {
    const asReported = stack.split('\n').map((line) => line.trim());
    expect(await createSourceMaps(null).map('mf_shop', VERSION, BASE, { stack })).toEqual({ where: null, stack: asReported });
    const other = stack.replaceAll(VERSION, '0.1.0+00000000');
    expect(await createSourceMaps(dir).map('mf_shop', '0.1.0+00000000', `http://localhost:3004/mf-shop/0.1.0+00000000/`, { stack: other })).toEqual({
      where: null,
      stack: other.split('\n').map((line) => line.trim()),
    });
    const escape = `http://localhost:3004/mf-shop/x/`;
    expect((await createSourceMaps(dir).map('mf_shop', `../../${path.basename(dir)}/mf-shop/${VERSION}`, escape, { source: `${escape}882.c4b2f559.js:1:20517` })).where).toBeNull();
    expect((await createSourceMaps(dir).map('mf_shop', VERSION, BASE, { source: `${BASE}..%2F..%2Fsecret.js:1:1` })).where).toBeNull();
  });
});
