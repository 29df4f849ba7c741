import { UPLOAD_MAX_BYTES, validationMessages } from '@pcpp/contracts/core';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { BadRequestError, HttpError } from '../../errors';

/** The multipart field that carries the image, as the spec's image host named it. */
export const IMAGE_FIELD = 'image';
export const IMAGE_TOO_LARGE_MESSAGE = `The image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
export const ONLY_ONE_IMAGE_MESSAGE = `Send one file in the field "${IMAGE_FIELD}" and nothing else`;

// In memory (at most 5 MB): the bytes are checked and re-encoded before anything is stored.
// One part only: a second file or any other field stops the parsing at once.
const parseImage = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
}).single(IMAGE_FIELD);

/** Multer's error as the answer the client gets. */
function uploadError(error: unknown): HttpError {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    return new BadRequestError(ONLY_ONE_IMAGE_MESSAGE, { cause: error });
  }
  // busboy's own errors: a body that is not well-formed multipart.
  return new BadRequestError('The upload is not valid multipart/form-data', { cause: error });
}

/** Reads the multipart body into req.file; any deviation from "one image" is a 4xx. */
export const receiveImage: RequestHandler = (req, res, next) => {
  parseImage(req, res, (error?: unknown) => next(error === undefined ? undefined : uploadError(error)));
};

/** The received file's bytes, or 400 'Image is Required' (an empty file counts as none). */
export function imageOf(req: Request): Buffer {
  if (!req.file || req.file.size === 0) throw new BadRequestError(validationMessages.imageRequired);
  return req.file.buffer;
}
