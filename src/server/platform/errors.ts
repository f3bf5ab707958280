import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Values a message is built from ("The code \"{{code}}\" is taken."): the web translates by code with these. */
export type MessageParams = Record<string, string | number>;

export interface ErrorDetails {
  /** A heading the interface shows above the message. */
  title?: string;
  params?: MessageParams;
}

/**
 * A domain error: its code, message and params reach the client as `{ error: { code, message, params } }`.
 * The code names one message (within a feature); the message is the shared table's English text and
 * params the values in it, so the web shows the same message in any language by its code.
 */
export class AppError extends Error {
  readonly title: string | undefined;
  readonly params: MessageParams | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.title = details.title;
    this.params = details.params;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request', details?: ErrorDetails) {
    super(400, code, message, details);
  }
}
// The generic codes (unauthorized, forbidden, not_found) always carry their generic message, so the
// web translates them by code alone: a feature's own message comes with the feature's own code
// (the constructors take a message only together with a code).
export class UnauthorizedError extends AppError {
  constructor();
  constructor(message: string, code: string, details?: ErrorDetails);
  constructor(message = 'You must be logged in.', code = 'unauthorized', details?: ErrorDetails) {
    super(401, code, message, details);
  }
}
export class ForbiddenError extends AppError {
  constructor();
  constructor(message: string, code: string, details?: ErrorDetails);
  constructor(message = 'You do not have permission to do this.', code = 'forbidden', details?: ErrorDetails) {
    super(403, code, message, details);
  }
}
export class NotFoundError extends AppError {
  constructor();
  constructor(message: string, code: string, details?: ErrorDetails);
  constructor(message = 'Not found.', code = 'not_found', details: ErrorDetails = {}) {
    super(404, code, message, { title: 'Not Found', ...details });
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string, code = 'payload_too_large', details?: ErrorDetails) {
    super(413, code, message, details);
  }
}
export class UnsupportedMediaError extends AppError {
  constructor(message: string, code = 'unsupported_media_type', details?: ErrorDetails) {
    super(415, code, message, details);
  }
}
/** The 429 of every request limit (rate-limits.ts): its message names the wait, Retry-After carries it. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    title?: string,
    code = 'rate_limited',
  ) {
    super(429, code, message, { title, params: { seconds: retryAfterSeconds } });
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict', details?: ErrorDetails) {
    super(409, code, message, details);
  }
}

export interface ErrorBody {
  error: { code: string; message: string; title?: string; params?: MessageParams };
}

export function errorBody(code: string, message: string, details: ErrorDetails = {}): ErrorBody {
  return { error: { code, message, ...(details.title ? { title: details.title } : {}), ...(details.params ? { params: details.params } : {}) } };
}

/** One handler maps every error to HTTP; 5xx details stay in the log, never in the response. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, { title: error.title, params: error.params }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'The request is not valid.';
      return reply.status(400).send(errorBody('validation_failed', message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', error.message));
    }
    if (status === 413 && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('payload_too_large', 'The request body is too large.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(error.code?.toLowerCase() ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}

export function routeNotFound(method: string, url: string): ErrorBody {
  return errorBody('not_found', `No route for ${method} ${url.split('?')[0]}.`);
}
