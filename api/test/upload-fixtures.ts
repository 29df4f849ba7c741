import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApi } from './helpers';
import { createAccount, randomSuffix } from './helpers';

/** A PNG of `width` × `height` with some detail (a gradient), as a real photo would have. */
export function pngImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/**
 * A JPEG stored 400 × 200 whose EXIF says "rotate 90° clockwise" (orientation 6), as phones write
 * portrait photos, with an author in its EXIF too: upright it is 200 × 400.
 */
export function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Someone private' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A folder of its own for the disk storage; remove() deletes it. */
export async function tempUploadsDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pcpp-uploads-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** An account of the role in the test's database (the role authority reads it) and its access token. */
export async function accountWithToken(api: TestApi, role: 'admin' | 'customer'): Promise<{ email: string; bearer: string }> {
  const { email, token } = await createAccount(api, role, `${role}-${randomSuffix()}@example.com`);
  return { email, bearer: `Bearer ${token}` };
}
