import { randomUUID } from 'node:crypto';
import { UPLOAD_TYPES } from '@pcpp/contracts/core';
import sharp from 'sharp';
import type { UploadDocument } from './documents';
import { BadRequestError, HttpError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { UploadsRepository } from './repository';
import type { UploadStorage } from './storage';

/** The stored image is at most this wide (never enlarged), its thumbnail at most THUMB_WIDTH. */
export const IMAGE_MAX_WIDTH = 1200;
export const THUMB_MAX_WIDTH = 300;
/** Checked before decoding: a 5 MB file can hold a picture that takes gigabytes once decoded. */
export const MAX_INPUT_PIXELS = 64_000_000;
/** Cleanups per round of the every-minute job, so one round stays short. */
const CLEANUP_BATCH = 200;

export const UNSUPPORTED_IMAGE_MESSAGE = 'The image must be a JPEG, PNG or WebP file';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read';

export interface UploadedImage {
  url: string;
  thumbUrl: string;
}

/** What the file's bytes say it is (its name and declared type are not trusted). */
async function detectMimeType(file: Buffer): Promise<string | undefined> {
  // file-type is ESM only: a real import() in the build; jest compiles it to require (api/jest.config.js).
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(file))?.mime;
}

const isUploadType = (mime: string | undefined): boolean => (UPLOAD_TYPES as readonly (string | undefined)[]).includes(mime);

/** The stored webp and its thumbnail: upright (EXIF orientation applied), metadata dropped. */
async function reencode(file: Buffer): Promise<{ image: Buffer; thumb: Buffer }> {
  let pixels: number;
  try {
    const { width, height } = await sharp(file).metadata();
    pixels = width * height;
  } catch (error) {
    throw new BadRequestError(UNREADABLE_IMAGE_MESSAGE, { cause: error });
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw new HttpError(413, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  // sharp keeps no metadata unless told to (withMetadata/keepMetadata).
  const upright = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const encode = (width: number) =>
    upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  try {
    const [image, thumb] = await Promise.all([encode(IMAGE_MAX_WIDTH), encode(THUMB_MAX_WIDTH)]);
    return { image, thumb };
  } catch (error) {
    // A valid header over broken data (a truncated file) fails here.
    throw new BadRequestError(UNREADABLE_IMAGE_MESSAGE, { cause: error });
  }
}

export function createUploadsService(deps: {
  uploads: UploadsRepository;
  storage: UploadStorage;
  logger: Logger;
}) {
  const { uploads, storage, logger } = deps;

  const removeFiles = (doc: Pick<UploadDocument, 'key' | 'thumbKey'>) =>
    Promise.all([storage.delete(doc.key), storage.delete(doc.thumbKey)]);

  return {
    /** Checks, re-encodes and stores an image an admin sent; answers where browsers load it. */
    async upload(file: Buffer, uploadedBy: string): Promise<UploadedImage> {
      if (!isUploadType(await detectMimeType(file))) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);
      const { image, thumb } = await reencode(file);

      const id = randomUUID();
      const doc: UploadDocument = {
        key: `${id}.webp`,
        thumbKey: `${id}-thumb.webp`,
        url: storage.url(`${id}.webp`),
        uploadedBy,
        createdAt: new Date(),
      };
      try {
        await Promise.all([storage.put(doc.key, image, 'image/webp'), storage.put(doc.thumbKey, thumb, 'image/webp')]);
      } catch (error) {
        await removeFiles(doc).catch(() => undefined);
        throw new ServiceUnavailableError('The image could not be stored right now. Please try again.', { cause: error });
      }
      try {
        await uploads.insert(doc);
      } catch (error) {
        await removeFiles(doc).catch(() => undefined);
        throw error;
      }
      return { url: doc.url, thumbUrl: storage.url(doc.thumbKey) };
    },

    /**
     * A product was created with this image url: keep the upload. False when no upload record has
     * it (its files were cleaned up, or it never was one).
     */
    attach: (url: string): Promise<boolean> => uploads.markAttached(url, new Date()),

    /** Whether a product may show this image: one of this shop's uploads (never a script, data or another site's URL). */
    isUploadUrl: (url: string): boolean => storage.owns(url),

    /** Deletes the files and records of uploads never attached within `olderThanMs`; answers how many. */
    async cleanUnattached(olderThanMs: number, now = new Date()): Promise<number> {
      const stale = await uploads.findUnattachedBefore(new Date(now.getTime() - olderThanMs), CLEANUP_BATCH);
      let removed = 0;
      for (const doc of stale) {
        // The record goes first, and only while unattached: a product created meanwhile keeps its image.
        if (!(await uploads.deleteIfUnattached(doc._id))) continue;
        removed += 1;
        // A file left behind costs space, never a broken product image.
        await removeFiles(doc).catch((error: unknown) =>
          logger.error({ err: error, key: doc.key }, 'could not delete the files of an unattached upload'),
        );
      }
      return removed;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
