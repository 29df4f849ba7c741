// What the home page's JavaScript is made of: each script a page loaded, split by the build's source
// maps (every dist script has a hidden `.js.map` beside it) into the npm package or our own folder each
// piece of generated code came from. A file's compressed bytes are shared out in proportion to the
// generated characters each source produced in it, so the groups add up to the bytes measured.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/**
 * The segments of a source map's `mappings` (version 3): per generated line, each segment's generated
 * column and, when it maps to a source, the source's index (the fields are deltas, VLQ-encoded).
 * @param {string} mappings
 * @returns {{ column: number, source: number | null }[][]}
 */
function decodeMappings(mappings) {
  /** @type {{ column: number, source: number | null }[][]} */
  const lines = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    /** @type {{ column: number, source: number | null }[]} */
    const segments = [];
    let column = 0;
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue;
      const fields = decodeVlq(segmentText);
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        segments.push({ column, source });
      } else {
        segments.push({ column, source: null });
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** @param {string} text one segment: base64 VLQ numbers, 5 bits each, continuation bit 32, sign in bit 1 */
function decodeVlq(text) {
  /** @type {number[]} */
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`not base64 VLQ: "${char}" in "${text}"`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Generated characters per source of one script (code no segment maps to a source counts as null:
 * webpack's glue between modules).
 * @param {string} code
 * @param {{ mappings: string, sources: string[] }} map
 * @returns {Map<string | null, number>}
 */
function charactersPerSource(code, map) {
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  /** @type {Map<string | null, number>} */
  const counts = new Map();
  const add = (/** @type {string | null} */ source, /** @type {number} */ characters) => {
    if (characters > 0) counts.set(source, (counts.get(source) ?? 0) + characters);
  };
  for (const [index, line] of lines.entries()) {
    const segments = decoded[index] ?? [];
    add(null, segments.length === 0 ? line.length : Math.min(segments[0].column, line.length));
    for (const [position, segment] of segments.entries()) {
      const end = Math.min(segments[position + 1]?.column ?? line.length, line.length);
      add(segment.source === null ? null : (map.sources[segment.source] ?? null), end - Math.min(segment.column, end));
    }
  }
  return counts;
}

// npm packages shown as one line (a library and the helpers it brings).
const PACKAGE_GROUPS = /** @type {Record<string, string>} */ ({
  'react-dom': 'react-dom',
  scheduler: 'react-dom',
  react: 'react',
  stylis: 'styled-components',
  '@tanstack/query-core': '@tanstack/react-query',
  '@tanstack/react-query': '@tanstack/react-query',
  'react-router': 'react-router',
  'react-router-dom': 'react-router',
});

// contracts' modules by what they are for (the rest, texts, rules and schemas, is "contracts: core":
// since contracts 7.0.0 not shared, each build taking the parts it uses).
const CONTRACTS_GROUPS = /** @type {[RegExp, string][]} */ ([
  [/^ui\/(dashboard|dashboard-frame|confirm-dialog|shipment-note|use-delete-confirmation|verify-email-banner)\.tsx?$/, 'contracts: dashboard UI'],
  [/^ui\//, 'contracts: UI kit'],
  [/^(cart|checkout|address|query\/cart|query\/stripe-js|query\/orders-awaiting-payment)\.tsx?$/, 'contracts: cart and checkout'],
  [/^(index|api-client|auth-store|load-runtime-config|query\/[^/]+)\.tsx?$/, 'contracts: browser kit'],
]);

/**
 * The group a source belongs to: its npm package, webpack's runtime, or our workspace and folder.
 * @param {string | null} source a source map's source (`webpack://shell/./src/app/app.tsx`), null for glue
 */
function groupOf(source) {
  if (source === null) return 'webpack runtime';
  const app = /^webpack:\/\/([^/]+)\//.exec(source)?.[1] ?? '';
  const file = source.replace(/^webpack:\/\/[^/]+\//, '');
  const packages = [...file.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  const npm = packages.at(-1)?.[1];
  if (npm !== undefined) {
    if (npm === '.federation' || npm.startsWith('@module-federation/')) return 'Module Federation runtime';
    return PACKAGE_GROUPS[npm] ?? npm;
  }
  if (file.startsWith('webpack/') || file.startsWith('external ')) return 'webpack runtime';
  const contracts = /(?:^|\/)contracts\/(?:src|dist)\/(.*)$/.exec(file)?.[1];
  if (contracts !== undefined) return CONTRACTS_GROUPS.find(([pattern]) => pattern.test(contracts))?.[1] ?? 'contracts: core';
  const workspace = app === 'mf_shop' ? 'mf-shop' : app.replace(/_/g, '-');
  // A feature folder, a folder of components (shell's layout), or the top folder (mf-shop's components).
  const folder = /^\.\/src\/(features\/[^/]+|components\/[^/]+(?=\/)|[^/]+)/.exec(file)?.[1] ?? file;
  return `${workspace}: ${folder.replace(/\.tsx?$/, '')}`;
}

/**
 * The folder each of `npm start`'s origins serves (source maps are hidden: they stay beside the files).
 * @param {string} root
 * @param {{ shell: number, shop: number, dashboard: number, admin: number }} ports
 * @param {{ publicUrl: string, dir: string }} [releases] the release store, when remotes come from it
 * @returns {Record<string, string>}
 */
function distFolders(root, ports, releases) {
  return {
    [`http://localhost:${ports.shell}`]: path.join(root, 'shell/dist'),
    [`http://localhost:${ports.shop}`]: path.join(root, 'mf-shop/dist'),
    [`http://localhost:${ports.dashboard}`]: path.join(root, 'mf-dashboard/dist'),
    [`http://localhost:${ports.admin}`]: path.join(root, 'mf-admin/dist'),
    ...(releases ? { [releases.publicUrl]: releases.dir } : {}),
  };
}

/**
 * The dist folder a script's address is served from (null: not one of ours, or unknown).
 * @param {string} url
 * @param {Record<string, string>} distByOrigin origin (`http://localhost:3000`) → the folder it serves
 */
function distFileFor(url, distByOrigin) {
  const { origin, pathname } = new URL(url);
  const dir = distByOrigin[origin];
  return dir === undefined ? null : path.join(dir, decodeURIComponent(pathname));
}

/**
 * @typedef {{ url: string, bytes: number }} Script a script as loaded: its address and compressed bytes
 * @typedef {{ group: string, bytes: number, sources: { source: string, bytes: number }[] }} Group
 * @typedef {{ totalBytes: number, scripts: (Script & { groups: Record<string, number> })[], groups: Group[],
 *   unattributed: string[] }} Attribution
 */

/**
 * Shares each script's compressed bytes out to the groups of the sources in it; a script without a
 * readable map counts whole as "no source map".
 * @param {Script[]} scripts
 * @param {Record<string, string>} distByOrigin
 * @param {number} [topSources] how many of each group's largest sources to name
 * @returns {Attribution}
 */
function attributeScripts(scripts, distByOrigin, topSources = 6) {
  /** @type {Map<string, { bytes: number, sources: Map<string, number> }>} */
  const groups = new Map();
  /** @type {string[]} */
  const unattributed = [];
  const add = (/** @type {string} */ group, /** @type {string} */ source, /** @type {number} */ bytes) => {
    const entry = groups.get(group) ?? { bytes: 0, sources: new Map() };
    entry.bytes += bytes;
    entry.sources.set(source, (entry.sources.get(source) ?? 0) + bytes);
    groups.set(group, entry);
  };
  const perScript = scripts.map((script) => {
    const file = distFileFor(script.url, distByOrigin);
    /** @type {Record<string, number>} */
    const shares = {};
    if (file === null || !existsSync(file) || !existsSync(`${file}.map`)) {
      unattributed.push(script.url);
      shares['no source map'] = script.bytes;
      add('no source map', new URL(script.url).pathname, script.bytes);
      return { ...script, groups: shares };
    }
    const counts = charactersPerSource(readFileSync(file, 'utf8'), JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    const characters = [...counts.values()].reduce((sum, count) => sum + count, 0);
    // Code between modules (webpack's module wrappers and export tables: a shared module's lists every
    // export) belongs to what the file holds: its largest group.
    /** @type {Map<string, number>} */
    const mapped = new Map();
    for (const [source, count] of counts) if (source !== null) mapped.set(groupOf(source), (mapped.get(groupOf(source)) ?? 0) + count);
    const largest = [...mapped.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? groupOf(null);
    for (const [source, count] of counts) {
      const bytes = (script.bytes * count) / characters;
      const group = source === null ? largest : groupOf(source);
      shares[group] = (shares[group] ?? 0) + bytes;
      add(group, source === null ? `${path.basename(file)}: module wrappers, export table` : source.replace(/^webpack:\/\/[^/]+\/(\.\/)?/, ''), bytes);
    }
    return { ...script, groups: Object.fromEntries(Object.entries(shares).map(([group, bytes]) => [group, Math.round(bytes)])) };
  });
  return {
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    scripts: perScript,
    groups: [...groups.entries()]
      .map(([group, { bytes, sources }]) => ({
        group,
        bytes: Math.round(bytes),
        sources: [...sources.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, topSources)
          .map(([source, sourceBytes]) => ({ source, bytes: Math.round(sourceBytes) })),
      }))
      .sort((a, b) => b.bytes - a.bytes),
    unattributed,
  };
}

module.exports = { decodeMappings, charactersPerSource, groupOf, distFolders, distFileFor, attributeScripts };
