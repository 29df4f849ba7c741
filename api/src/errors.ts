import type { ApiErrorBody } from '@pcpp/contracts/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { ZodError } from 'zod';

/** Fields an answer carries beside its message (e.g. `{available}` on a stock conflict). */
export type ErrorDetails = Record<string, string | number | boolean>;

/** An error whose message is meant for the client. Anything else becomes a bare 500. */
export class HttpError extends Error {
  readonly details: ErrorDetails | undefined;
  /**
   * Something was written before this answer (part of a refund went through, a refund is pending):
   * an Idempotency-Key keeps this answer instead of being freed for a retry (http/idempotency.ts).
   */
  changed: boolean;
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions & { details?: ErrorDetails; changed?: boolean },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.details = options?.details;
    this.changed = options?.changed ?? false;
  }
}

/**
 * Marks an error thrown after a change was written (the answer could not be made, say): whatever it
 * is, the request changed something, so its Idempotency-Key is not freed.
 */
export function changedBefore(error: unknown): unknown {
  if (error instanceof HttpError) error.changed = true;
  else if (error instanceof Error) Object.assign(error, { changed: true });
  return error;
}

/** Whether an error says the request changed something before it failed. */
export const changedSomething = (error: unknown) => error instanceof Error && (error as { changed?: boolean }).changed === true;

export class BadRequestError extends HttpError {
  constructor(message = 'Bad request', options?: ErrorOptions & { details?: ErrorDetails }) {
    super(400, message, options);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue', options?: ErrorOptions) {
    super(401, message, options);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do this', options?: ErrorOptions) {
    super(403, message, options);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found', options?: ErrorOptions) {
    super(404, message, options);
  }
}

export class ConflictError extends HttpError {
  constructor(message = 'Conflict', options?: ErrorOptions & { details?: ErrorDetails }) {
    super(409, message, options);
  }
}

/** A well-formed request that contradicts an earlier one (an Idempotency-Key reused for another body). */
export class UnprocessableEntityError extends HttpError {
  constructor(message = 'Unprocessable request', options?: ErrorOptions) {
    super(422, message, options);
  }
}

/** Too many calls: `retryAfterSeconds` goes out as Retry-After. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(429, message, options);
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service unavailable', options?: ErrorOptions) {
    super(503, message, options);
  }
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError());
};

/**
 * Errors Express and body-parser raise for a request they cannot read carry a 4xx status: a
 * malformed body (`type` says which), a body that does not match its Content-Encoding (a zlib
 * error), a path with malformed percent-encoding (a URIError from the router).
 */
interface ClientRequestError {
  status: number;
  type?: unknown;
  code?: unknown;
}

function isClientRequestError(error: unknown): error is ClientRequestError {
  const status = (error as ClientRequestError | null)?.status;
  return typeof error === 'object' && error !== null && typeof status === 'number' && status >= 400 && status < 500;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
};

function clientRequestMessage(error: ClientRequestError): string {
  if (typeof error.type === 'string' && BODY_PARSER_MESSAGES[error.type]) return BODY_PARSER_MESSAGES[error.type]!;
  if (error instanceof URIError) return 'The address is not valid: it has malformed percent-encoding';
  if (typeof error.code === 'string' && error.code.startsWith('Z_')) return 'The request body does not match its Content-Encoding';
  return 'Bad request';
}

// A bad request's answer stays small whatever it holds (9,000 unknown keys, a huge bad value).
const MAX_ISSUES = 10;
const MAX_ISSUE_MESSAGE_LENGTH = 300;
const clip = (text: string) =>
  text.length > MAX_ISSUE_MESSAGE_LENGTH ? `${text.slice(0, MAX_ISSUE_MESSAGE_LENGTH - 1)}…` : text;

export const DATABASE_UNREACHABLE = 'The database is unreachable';
/** The driver notices a server that is back within about a second of the next request. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The connection broke while the driver waited to write: it rethrows the socket's own error
 * (mongodb 7.8, Connection.writeCommand), not a MongoNetworkError.
 */
const BROKEN_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET']);

/** No server answered in time (MONGODB_TIMEOUT_MS), or the connection broke mid-operation. */
function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as Error).cause) {
    if (cause instanceof MongoServerSelectionError || cause instanceof MongoNetworkError) return true;
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && BROKEN_CONNECTION_CODES.has(code)) return true;
  }
  return false;
}

/** Turns any error into the one response shape, ApiErrorBody. Stack traces go to the log only. */
export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody; headers?: Record<string, string> } {
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      body: { message: DATABASE_UNREACHABLE },
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (error instanceof TooManyRequestsError) {
    return { status: 429, body: { message: error.message }, headers: { 'Retry-After': String(error.retryAfterSeconds) } };
  }
  if (error instanceof HttpError) return { status: error.status, body: { ...error.details, message: error.message } };
  if (error instanceof ZodError) {
    const issues = error.issues
      .slice(0, MAX_ISSUES)
      .map((issue) => ({ path: clip(issue.path.join('.')), message: clip(issue.message) }));
    // The first issue's text is the spec's own wording (e.g. 'quantity is required').
    return { status: 400, body: { message: issues[0]?.message ?? 'Invalid request', issues } };
  }
  if (isClientRequestError(error)) {
    return { status: error.status, body: { message: clientRequestMessage(error) } };
  }
  return { status: 500, body: { message: 'Internal server error' } };
}

export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) {
    // Too late for a JSON body: let express end the connection.
    next(error);
    return;
  }
  const { status, body, headers } = toErrorResponse(error);
  if (headers) res.set(headers);
  // pino-http logs the request with this error and its stack; the client gets the body only.
  if (status >= 500) res.err = error instanceof Error ? error : new Error(String(error));
  res.status(status).json(body);
};
