// Every link in the README and docs/ resolves: to a file or folder of the repository, and when it
// names a heading (#anchor), to a heading of that Markdown file, as GitHub makes its anchors.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens.
 * @param {string} heading
 */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*~]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/**
 * The text outside fenced code blocks and code spans, line by line (code may hold anything).
 * @param {string} text
 */
function proseLines(text) {
  /** @type {string | null} */
  let fence = null;
  return text.split('\n').map((line) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1];
      return '';
    }
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/**
 * The anchors a Markdown file offers: its headings' (numbered when repeated) and explicit ids.
 * @param {string} text
 */
export function anchorsOf(text) {
  /** @type {Set<string>} */
  const anchors = new Set();
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {string | null} */
  let fence = null;
  for (const line of text.split('\n')) {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/**
 * The links of a Markdown text: inline ones and reference definitions, with their line.
 * @param {string} text
 */
export function linksOf(text) {
  /** @type {{ target: string, line: number }[]} */
  const links = [];
  proseLines(text).forEach((line, index) => {
    for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target, line: index + 1 });
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition) links.push({ target: definition[1], line: index + 1 });
  });
  return links;
}

/**
 * The Markdown files to check: README.md and CONTRIBUTING.md at the root, and every one under docs/.
 * @param {string} root
 */
export function markdownFiles(root) {
  /** @type {(dir: string) => string[]} */
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.md') ? [file] : [];
    });
  const top = ['README.md', 'CONTRIBUTING.md'].map((name) => path.join(root, name)).filter((file) => existsSync(file));
  return [...top, ...(existsSync(path.join(root, 'docs')) ? walk(path.join(root, 'docs')) : [])];
}

/**
 * Each link that does not resolve, as `file:line target (why)`.
 * @param {string} root
 * @param {string[]} [files]
 */
export function brokenLinks(root, files = markdownFiles(root)) {
  /** @type {Map<string, Set<string>>} */
  const anchorCache = new Map();
  /** @param {string} file */
  const anchors = (file) => {
    let found = anchorCache.get(file);
    if (!found) anchorCache.set(file, (found = anchorsOf(readFileSync(file, 'utf8'))));
    return found;
  };
  const broken = [];
  for (const file of files) {
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: outside the repository
      const [rawPath, anchor] = target.split('#', 2);
      const where = `${path.relative(root, file)}:${line} ${target}`;
      const resolved = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
      if (!resolved.startsWith(root)) {
        broken.push(`${where} (outside the repository)`);
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
        broken.push(`${where} (an anchor into a file that is not Markdown)`);
        continue;
      }
      if (!anchors(resolved).has(decodeURIComponent(anchor).toLowerCase())) broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}
