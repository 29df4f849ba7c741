import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { UploadStorageConfig } from '../../config';

/** Where the api serves files of the disk storage. */
export const UPLOADS_PATH = '/uploads';
/** A key names new content every time (a random name), so a file never changes: caches keep it a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Keys are made by the service (a UUID); anything else would be a bug, or a path escaping the folder. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*\.webp$/;

/** Where uploaded images live. Keys are flat file names such as `<uuid>.webp`. */
export interface UploadStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The absolute URL browsers load the file from. */
  url(key: string): string;
  /** Whether `url` is one this storage gives out (its address, an upload's key): a product's image must be. */
  owns(url: string): boolean;
  /** The disk storage's folder, which the api serves at UPLOADS_PATH; unset for a bucket. */
  readonly localDir?: string;
}

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid upload key: ${key}`);
  return key;
}

/** True for `<base>/<key>` exactly, as url() writes it (no query, fragment, other host or path). */
function isUrlUnder(base: string, url: string): boolean {
  if (!url.startsWith(`${base}/`)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.href === url && KEY_PATTERN.test(url.slice(base.length + 1));
}

/** Files in a folder, served by the api (app.ts mounts `localDir` at /uploads). */
export function createDiskStorage({ dir, baseUrl }: { dir: string; baseUrl: string }): UploadStorage {
  return {
    localDir: dir,
    async put(key, body) {
      await mkdir(dir, { recursive: true });
      // 'wx': a key is never reused, so an existing file means something went wrong.
      await writeFile(path.join(dir, checkedKey(key)), body, { flag: 'wx' });
    },
    async delete(key) {
      await rm(path.join(dir, checkedKey(key)), { force: true });
    },
    url: (key) => `${baseUrl}${UPLOADS_PATH}/${checkedKey(key)}`,
    owns: (url) => isUrlUnder(`${baseUrl}${UPLOADS_PATH}`, url),
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …); browsers read the objects from `publicUrl`. */
export function createS3Storage(config: Extract<UploadStorageConfig, { kind: 's3' }>): UploadStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }));
    },
    url: (key) => `${config.publicUrl}/${checkedKey(key)}`,
    owns: (url) => isUrlUnder(config.publicUrl, url),
  };
}

export function createUploadStorage(config: UploadStorageConfig): UploadStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config);
}
