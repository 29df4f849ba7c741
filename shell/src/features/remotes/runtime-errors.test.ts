import type { RemoteName } from '@pcpp/contracts/core';
import { createRuntimeErrorReports, errorText, filesBase, filesOf, remoteOfStack, stackExcerpt, type RemoteFiles, type RuntimeError } from './runtime-errors';

const store = 'http://localhost:3804';
const files: RemoteFiles[] = [
  { remote: 'mf_shop', version: '1.1.0+candidate', base: `${store}/mf-shop/1.1.0+candidate/` },
  { remote: 'mf_shop', version: '1.0.0+live', base: `${store}/mf-shop/1.0.0+live/` },
  { remote: 'mf_admin', version: '2.0.0+live', base: `${store}/mf-admin/2.0.0+live/` },
];

/** An error whose stack is `frames` (Chromium's format), innermost first. */
function thrownAt(message: string, ...frames: string[]): Error {
  const error = new Error(message);
  error.stack = [`Error: ${message}`, ...frames.map((frame, i) => `    at f${i} (${frame})`)].join('\n');
  return error;
}

it("takes a manifest's folder, without its query, as the version's files", () => {
  expect(filesBase(`${store}/mf-shop/1.1.0+candidate/mf-manifest.json?v=2`)).toBe(`${store}/mf-shop/1.1.0+candidate/`);
  expect(filesBase('not a url')).toBeUndefined();
});

it("names the folders of the versions a page may run, the chosen one's and its fallback's, never a build without a version", () => {
  const manifest = (remote: string, version: string) => `${store}/${remote}/${version}/mf-manifest.json`;
  expect(
    filesOf([
      ['mf_shop', { manifestUrl: manifest('mf-shop', '1.1.0+candidate'), version: '1.1.0+candidate', previous: manifest('mf-shop', '1.0.0+live'), previousVersion: '1.0.0+live', source: 'rollout' }],
      ['mf_dashboard', { manifestUrl: 'http://localhost:2/mf-manifest.json', source: 'config' }],
    ]),
  ).toEqual([
    { remote: 'mf_shop', version: '1.1.0+candidate', base: `${store}/mf-shop/1.1.0+candidate/` },
    { remote: 'mf_shop', version: '1.0.0+live', base: `${store}/mf-shop/1.0.0+live/` },
  ]);
});

it('finds the remote version of the innermost frame in its files, past the shell and shared libraries', () => {
  const stack = thrownAt(
    'boom',
    'http://localhost:3800/react-dom.1a2b3c4d.js:1:900',
    `${store}/mf-shop/1.1.0+candidate/__federation_expose_routes.5e6f7a8b.js:2:345`,
    `${store}/mf-admin/2.0.0+live/remoteEntry.js:1:10`,
  ).stack!;
  expect(remoteOfStack(stack, files)).toEqual({
    files: files[0],
    source: `${store}/mf-shop/1.1.0+candidate/__federation_expose_routes.5e6f7a8b.js:2:345`,
  });
});

it("reads Firefox's and Safari's frames too, and tells one version's folder from another's", () => {
  const stack = `add@${store}/mf-shop/1.0.0+live/chunk.js:3:7\nclick@http://localhost:3800/main.js:1:1`;
  expect(remoteOfStack(stack, files)?.files.version).toBe('1.0.0+live');
});

it('belongs to no remote when no frame lies in their files: the shell, another origin, a look-alike path', () => {
  expect(remoteOfStack(thrownAt('x', 'http://localhost:3800/main.js:1:1').stack!, files)).toBeUndefined();
  expect(remoteOfStack(thrownAt('x', 'http://evil.test/mf-shop/1.1.0+candidate/a.js:1:1').stack!, files)).toBeUndefined();
  expect(remoteOfStack(thrownAt('x', `${store}/mf-shop/1.1.0+candidate-2/a.js:1:1`).stack!, files)).toBeUndefined();
  expect(remoteOfStack('', files)).toBeUndefined();
});

it("falls back on the error event's script when the thrown value has no stack", () => {
  expect(remoteOfStack('', files, `${store}/mf-admin/2.0.0+live/remoteEntry.js`)?.files.remote).toBe('mf_admin');
});

it('words any thrown value as one bounded line', () => {
  expect(errorText(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
  expect(errorText('plain')).toBe('plain');
  expect(errorText({ code: 7 })).toBe('{"code":7}');
  expect(errorText(undefined)).toBe('undefined');
  expect(errorText('')).toBe('Unknown error');
  expect(errorText('y'.repeat(900))).toHaveLength(500);
});

it("keeps the stack's first whole lines that fit a report", () => {
  const stack = ['Error: deep', ...Array.from({ length: 100 }, (_, i) => `    at f${i} (${store}/mf-shop/1.0.0+live/c.js:${i}:1)`)].join('\n');
  const excerpt = stackExcerpt(stack)!;
  expect(excerpt.length).toBeLessThanOrEqual(2_000);
  expect(stack.startsWith(excerpt)).toBe(true);
  expect(excerpt.endsWith(':1)')).toBe(true);
  expect(stackExcerpt('')).toBeUndefined();
});

function setUp() {
  const reported: { remote: RemoteName; version: string; error: RuntimeError }[] = [];
  const reports = createRuntimeErrorReports({ files: () => files, report: (remote, version, error) => reported.push({ remote, version, error }) });
  return { reports, reported };
}

it("reports an uncaught error in a remote's files once per remote version, and ignores the shell's", () => {
  const { reports, reported } = setUp();
  const click = thrownAt('Add to cart is broken', `${store}/mf-shop/1.1.0+candidate/chunk.js:1:2`, 'http://localhost:3800/react-dom.js:1:1');
  expect(reports.uncaught(click)).toBe(true);
  // The same broken button clicked again, or another error of that version: the page reported it already.
  expect(reports.uncaught(click)).toBe(false);
  expect(reports.uncaught(thrownAt('other', `${store}/mf-shop/1.1.0+candidate/other.js:9:9`))).toBe(false);
  expect(reports.uncaught(thrownAt('shell', 'http://localhost:3800/main.js:1:1'))).toBe(false);
  // Another remote's error is its own report.
  expect(reports.uncaught(thrownAt('admin', `${store}/mf-admin/2.0.0+live/a.js:4:4`))).toBe(true);
  expect(reported).toEqual([
    {
      remote: 'mf_shop',
      version: '1.1.0+candidate',
      error: { message: 'Error: Add to cart is broken', source: `${store}/mf-shop/1.1.0+candidate/chunk.js:1:2`, stack: click.stack },
    },
    { remote: 'mf_admin', version: '2.0.0+live', error: expect.objectContaining({ message: 'Error: admin', source: `${store}/mf-admin/2.0.0+live/a.js:4:4` }) },
  ]);
});

it('reports what an error boundary caught under the remote it guards, whatever its stack, once', () => {
  const { reports, reported } = setUp();
  expect(reports.caught('mf_admin', '2.0.0+live', new Error('render failed'))).toBe(true);
  expect(reports.uncaught(thrownAt('later', `${store}/mf-admin/2.0.0+live/a.js:1:1`))).toBe(false);
  expect(reported).toEqual([{ remote: 'mf_admin', version: '2.0.0+live', error: expect.objectContaining({ message: 'Error: render failed' }) }]);
  expect(reported[0]!.error.source).toBeUndefined();
});
