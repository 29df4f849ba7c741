// A render whose late sections still stream in, shared by every request waiting for it: each piece is
// compressed once per encoding (brotli, gzip, none) as it comes, and each request is sent the chunks of
// its encoding, those so far and then each new one. A thousand visitors of one page cost one render
// and two compressors, not a thousand compressors.
import zlib from 'node:zlib';
import type { BodyEncoding } from './document';

interface Channel {
  chunks: Buffer[];
  ended: boolean;
}

export interface LiveRender {
  status: number;
  /** The nonce of React's inline scripts in it (the answers' policy allows it). */
  nonce: string;
  /** Adds a piece of HTML. */
  write(text: string): void;
  /** No more pieces: resolves once every encoding has its last chunk. */
  end(): Promise<void>;
  /** The whole document so far, uncompressed. */
  text(): string;
  /** Sends everything so far and what follows to `res` in `encoding`; resolves when it ended or the client left. */
  follow(res: NodeJS.WritableStream & { on(event: 'close', listener: () => void): unknown; off(event: 'close', listener: () => void): unknown }, encoding: BodyEncoding): Promise<void>;
}

/** Brotli at quality 5 with a 256 KB window: a page is smaller than that, and each window is memory held. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };

export function createLiveRender(status: number, nonce: string): LiveRender {
  const listeners = new Set<() => void>();
  const publish = () => {
    for (const listener of [...listeners]) listener();
  };
  const channels: Record<BodyEncoding, Channel> = {
    identity: { chunks: [], ended: false },
    br: { chunks: [], ended: false },
    gzip: { chunks: [], ended: false },
  };
  const compressors = [
    { encoding: 'br' as const, stream: zlib.createBrotliCompress(BROTLI), flushKind: zlib.constants.BROTLI_OPERATION_FLUSH },
    { encoding: 'gzip' as const, stream: zlib.createGzip(), flushKind: zlib.constants.Z_SYNC_FLUSH },
  ].map(({ encoding, stream, flushKind }) => {
    stream.on('data', (chunk: Buffer) => {
      channels[encoding].chunks.push(chunk);
      publish();
    });
    const ended = new Promise<void>((resolve) => {
      stream.once('end', () => {
        channels[encoding].ended = true;
        publish();
        resolve();
      });
    });
    return { stream, flush: () => stream.flush(flushKind), ended };
  });

  return {
    status,
    nonce,
    write(text) {
      channels.identity.chunks.push(Buffer.from(text));
      for (const compressor of compressors) {
        compressor.stream.write(text);
        // Each piece goes out at once: the browser paints it as it comes.
        compressor.flush();
      }
      publish();
    },
    async end() {
      channels.identity.ended = true;
      for (const compressor of compressors) compressor.stream.end();
      publish();
      await Promise.all(compressors.map((compressor) => compressor.ended));
    },
    text: () => Buffer.concat(channels.identity.chunks).toString(),
    follow(res, encoding) {
      const channel = channels[encoding];
      let sent = 0;
      return new Promise<void>((resolve) => {
        const done = () => {
          listeners.delete(pump);
          res.off('close', done);
          resolve();
        };
        const pump = () => {
          while (sent < channel.chunks.length) res.write(channel.chunks[sent++]!);
          if (channel.ended) done();
        };
        res.on('close', done);
        listeners.add(pump);
        pump();
      });
    },
  };
}
