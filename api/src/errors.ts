import type { ApiErrorBody } from '@pcpp/contracts/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

/** Fields an answer carries beside its message (e.g. `{available}` on a stock conflict). */
export type ErrorDetails = Record<string, string | number | boolean>;

/** An error whose message is meant for the client. Anything else becomes a bare 500. */
export class HttpError extends Error {
  readonly details: ErrorDetails | undefined;
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions & { details?: ErrorDetails },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.details = options?.details;
  }
}

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

export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service unavailable', options?: ErrorOptions) {
    super(503, message, options);
  }
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError());
};

/** Errors body-parser raises carry an HTTP status and a type. */
interface BodyParserError {
  status: number;
  type: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BodyParserError).type === 'string' &&
    typeof (error as BodyParserError).status === 'number'
  );
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
};

/** Turns any error into the one response shape, ApiErrorBody. Stack traces go to the log only. */
export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) return { status: error.status, body: { ...error.details, message: error.message } };
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    // The first issue's text is the spec's own wording (e.g. 'quantity is required').
    return { status: 400, body: { message: issues[0]?.message ?? 'Invalid request', issues } };
  }
  if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
    return { status: error.status, body: { message: BODY_PARSER_MESSAGES[error.type] ?? 'Bad request' } };
  }
  return { status: 500, body: { message: 'Internal server error' } };
}

export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) {
    // Too late for a JSON body: let express end the connection.
    next(error);
    return;
  }
  const { status, body } = toErrorResponse(error);
  // pino-http logs the request with this error and its stack; the client gets the body only.
  if (status >= 500) res.err = error instanceof Error ? error : new Error(String(error));
  res.status(status).json(body);
};
