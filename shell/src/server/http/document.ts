// The HTML documents of the shell's pages, and a finished document as it is kept and sent again: one
// body per encoding, compressed once, its entity tag and the hashes of its inline scripts.
import { createHash } from 'node:crypto';
import { compress, type Encoding } from './compression';

const ROOT = '<div id="root"></div>';

/** index.html as the browser renders it, with the page's hints in <head>. */
export function clientDocument(template: string, hints: string): string {
  return template.replace('</head>', `    ${hints}\n  </head>`);
}

/**
 * index.html around a server-rendered page: its hints and <head> tags (its own <title>), its HTML in
 * #root (marked, so the browser hydrates it), and no "needs JavaScript" notice: it does not.
 * Returns what goes before the streamed rest, and after it.
 */
export function serverDocument(template: string, hints: string, head: string, body: string): { start: string; end: string } {
  const rootAt = template.indexOf(ROOT);
  if (rootAt === -1) throw new Error(`index.html has no ${ROOT}`);
  const before = template
    .slice(0, rootAt)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('</head>', `    ${hints}\n    ${head}\n  </head>`);
  return { start: `${before}<div id="root" data-server-rendered>${body}</div>`, end: template.slice(rootAt + ROOT.length) };
}

// An inline <script> that runs: no src, and no data type (JSON, JSON-LD) a browser never runs.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * The base64 sha256 of each inline script that runs, as a policy's 'sha256-…' names it: a page kept
 * and sent to many visitors allows its scripts by hash, since a nonce would be everyone's.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(createHash('sha256').update(content, 'utf8').digest('base64'));
  }
  return [...hashes];
}

export type BodyEncoding = Encoding | 'identity';

/** A whole document ready to send to anyone: compressed once per encoding. */
export interface PreparedDocument {
  status: number;
  bodies: Record<BodyEncoding, Buffer>;
  /** The entity tag of the document (one per encoding: `"<tag>-br"`). */
  tag: string;
  scriptHashes: string[];
  /** Bytes held: the three bodies. */
  size: number;
}

export function prepareDocument(status: number, html: string): PreparedDocument {
  const identity = Buffer.from(html);
  const bodies = { identity, br: compress('br', identity), gzip: compress('gzip', identity) };
  return {
    status,
    bodies,
    tag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    scriptHashes: inlineScriptHashes(html),
    size: identity.length + bodies.br.length + bodies.gzip.length,
  };
}

/** The entity tag of one encoding of the document (a strong tag names one exact byte sequence). */
export function entityTag(document: PreparedDocument, encoding: BodyEncoding): string {
  return encoding === 'identity' ? `"${document.tag}"` : `"${document.tag}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * Whether If-None-Match names this document in any encoding (the same page, decoded): answer 304.
 * Weak comparison, as RFC 9110 asks for If-None-Match.
 */
export function matchesTag(ifNoneMatch: string | undefined, document: PreparedDocument): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = new Set((['identity', 'br', 'gzip'] as const).map((encoding) => entityTag(document, encoding)));
  return ifNoneMatch.split(',').some((candidate) => tags.has(candidate.trim().replace(/^W\//, '')));
}
