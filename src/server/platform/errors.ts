import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A domain error: its code and message reach the client as `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly title?: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request', title?: string) {
    super(400, code, message, title);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'You must be logged in.', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'not_found', title = 'Not Found') {
    super(404, code, message, title);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
export class UnsupportedMediaError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export interface ErrorBody {
  error: { code: string; message: string; title?: string };
}

export function errorBody(code: string, message: string, title?: string): ErrorBody {
  return { error: title ? { code, message, title } : { code, message } };
}

/** One handler maps every error to HTTP; 5xx details stay in the log, never in the response. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.title));
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
