// The encodings the shell's server compresses what it writes per request (pages), as a browser accepts them.
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Quality 5: nearly brotli's best on a few dozen KB of HTML, at a fraction of its time. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding the request accepts that compresses best; null: none (identity). */
export function encodingFor(req: IncomingMessage): Encoding | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export function compress(encoding: Encoding | null, text: string | Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(text, BROTLI_OPTIONS);
  if (encoding === 'gzip') return zlib.gzipSync(text);
  return Buffer.isBuffer(text) ? text : Buffer.from(text);
}

/** A text written for one request, compressed as it accepts. */
export function compressedFor(req: IncomingMessage, text: string): { encoding: Encoding | null; body: Buffer } {
  const encoding = encodingFor(req);
  return { encoding, body: compress(encoding, text) };
}
