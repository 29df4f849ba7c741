// The stacks pages report name a remote's minified files (`…/releases/mf-shop/1.2.0+ab12cd34/
// 882.c4b2f559.js:1:20517`). Each version's hidden source maps (never public: `npm run release` keeps
// them in RELEASE_SOURCE_MAPS_DIR, apart from the store) turn them back into the remote's source
// (`src/components/add-to-cart-button.tsx:23:15`), here on the server, with a maintained source-map
// library (@jridgewell/trace-mapping). Maps are read once and kept a while (a few versions' worth).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';

/** Maps kept parsed: a remote's chunks of the versions whose errors are on the page. */
const KEPT_MAPS = 64;
/** A frame: `at name (url:line:column)` (Chromium) or `name@url:line:column` (Firefox, Safari). */
const FRAME = /(https?:\/\/[^\s()@]+?):(\d+):(\d+)/;
/** A build's file, as its manifest's folder names it: `882.c4b2f559.js`, `server/…`; nothing else is looked for. */
const BUILD_FILE = /^(?:[\w.-]+\/)?[\w.+-]+\.js$/;
/** A registered version's name (contracts' releaseVersionSchema allows no more). */
const VERSION = /^[\w.+-]+$/;

export interface MappedStack {
  /** The first frame that maps into the remote's source: `src/…/file.tsx:line:column`; null when none does. */
  where: string | null;
  /** The stack's lines, each frame in the remote's files mapped to its source where a map has it. */
  stack: string[];
}

/** The remote folder of a federation name: `mf_shop` → `mf-shop` (the store's and the maps' folders). */
const folderOf = (remote: string) => remote.replace(/_/g, '-');

/** `webpack://mf_shop/./src/x.tsx` → `src/x.tsx`. */
function cleanSource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

export function createSourceMaps(dir: string | null) {
  const maps = new LRUCache<string, Promise<TraceMap | null>>({ max: KEPT_MAPS });

  /** The parsed map of a file of a version, or null (no such map, or unreadable). */
  function mapOf(remote: string, version: string, file: string): Promise<TraceMap | null> {
    // A version or file name never leads out of the version's folder.
    if (!VERSION.test(version) || version.includes('..')) return Promise.resolve(null);
    const root = path.resolve(dir!, folderOf(remote), version);
    const mapFile = path.resolve(root, `${file}.map`);
    if (!mapFile.startsWith(`${root}${path.sep}`)) return Promise.resolve(null);
    let map = maps.get(mapFile);
    if (!map) {
      map = readFile(mapFile, 'utf8').then(
        (text) => new TraceMap(text),
        () => null,
      );
      maps.set(mapFile, map);
    }
    return map.catch(() => null);
  }

  return {
    /**
     * `stack` with each frame under `filesBase` (the version's manifest folder) mapped to the source.
     * Frames of other files (the shell, a shared library) stay as they are.
     */
    async map(remote: string, version: string, filesBase: string | null, report: { stack?: string; source?: string }): Promise<MappedStack> {
      /** A line with its frame mapped to the source, and that place; the line as it is when it cannot be. */
      const mapLine = async (line: string): Promise<{ line: string; place: string | null }> => {
        const frame = FRAME.exec(line);
        if (!dir || !frame || !filesBase || !frame[1]!.startsWith(filesBase)) return { line: line.trim(), place: null };
        const file = decodeURIComponent(frame[1]!.slice(filesBase.length));
        const map = BUILD_FILE.test(file) ? await mapOf(remote, version, file) : null;
        const original = map ? originalPositionFor(map, { line: Number(frame[2]), column: Number(frame[3]) - 1 }) : null;
        if (!original?.source || original.line === null) return { line: line.trim(), place: null };
        const place = `${cleanSource(original.source)}:${original.line}:${(original.column ?? 0) + 1}`;
        return { line: `at ${original.name ? `${original.name} ` : ''}(${place})`, place };
      };
      const lines = await Promise.all((report.stack ?? '').split('\n').filter((line) => line.trim() !== '').map(mapLine));
      // The page names the innermost frame in the remote's files (source): where it was thrown.
      const thrownAt = report.source ? (await mapLine(report.source)).place : null;
      return { where: thrownAt ?? lines.find((line) => line.place)?.place ?? null, stack: lines.map((line) => line.line) };
    },
  };
}

export type SourceMaps = ReturnType<typeof createSourceMaps>;
