// Every link in the README and docs/ resolves: to a file or folder of the repository, and when it
// names a heading (#anchor), to a heading of that Markdown file, as GitHub makes its anchors.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*~]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The text outside fenced code blocks and code spans, line by line (code may hold anything). */
function proseLines(text) {
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

/** The anchors a Markdown file offers: its headings' (numbered when repeated) and explicit ids. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
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

/** The links of a Markdown text: inline ones and reference definitions, with their line. */
export function linksOf(text) {
  const links = [];
  proseLines(text).forEach((line, index) => {
    for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target, line: index + 1 });
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition) links.push({ target: definition[1], line: index + 1 });
  });
  return links;
}

/** The Markdown files to check: README.md and CONTRIBUTING.md at the root, and every one under docs/. */
export function markdownFiles(root) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.md') ? [file] : [];
    });
  const top = ['README.md', 'CONTRIBUTING.md'].map((name) => path.join(root, name)).filter((file) => existsSync(file));
  return [...top, ...(existsSync(path.join(root, 'docs')) ? walk(path.join(root, 'docs')) : [])];
}

/** Each link that does not resolve, as `file:line target (why)`. */
export function brokenLinks(root, files = markdownFiles(root)) {
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
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
