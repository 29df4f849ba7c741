import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { anchorsOf, brokenLinks, linksOf, slug } from './links.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('makes the anchors GitHub makes', () => {
  assert.equal(slug('Shell runtime config (`/config.json`, read at deploy time, never built in)'), 'shell-runtime-config-configjson-read-at-deploy-time-never-built-in');
  assert.equal(slug("A crowd at the shell's server"), 'a-crowd-at-the-shells-server');
  assert.equal(slug('Parts’ specs, the [catalog](x.md) & search'), 'parts-specs-the-catalog--search');
  assert.deepEqual([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n<a id="here"></a>')], ['a', 'notes', 'notes-1', 'here']);
  assert.deepEqual(linksOf('[a](b.md#c) `[x](ignored.md)`\n```\n[y](ignored.md)\n```\n[r]: docs/r.md'), [
    { target: 'b.md#c', line: 1 },
    { target: 'docs/r.md', line: 5 },
  ]);
});

test('names every link that resolves to no file or heading', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doc-links-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'docs/topic.md'), '# Topic\n\n## How it works\n\n[back](../README.md#top) [self](#how-it-works) [gone](#nowhere)\n');
  writeFileSync(
    path.join(dir, 'README.md'),
    '# Top\n\n[ok](docs/topic.md#how-it-works) [dir](docs/) [web](https://example.com/x#y)\n[missing](docs/missing.md) [bad anchor](docs/topic.md#how-it-fails)\n',
  );
  assert.deepEqual(brokenLinks(dir), [
    'README.md:4 docs/missing.md (no such file)',
    'README.md:4 docs/topic.md#how-it-fails (no such heading)',
    'docs/topic.md:5 #nowhere (no such heading)',
  ]);
});

test('every link in README.md, CONTRIBUTING.md and docs/ resolves', () => {
  assert.deepEqual(brokenLinks(root), []);
});

test('the README reads in ten minutes: at most 150 lines, the rest in docs/', () => {
  const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= 150, `README.md has ${lines} lines: move the details into a topic of docs/ and link it from "Where to go next"`);
});
