import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimitedError } from './errors.ts';

/**
 * Every request limit is @fastify/rate-limit: a route's `config.rateLimit` (requestLimit below),
 * `app.rateLimit(...)` where routes share one count (auth), or `app.createRateLimit(...)` with
 * hitLimit where the key is known only in the middle of a request (API keys, wrong passwords).
 * With REDIS_URL its Redis store counts for every instance; while Redis is unreachable requests
 * are served unlimited (skipOnError) rather than refused.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined, keyPrefix: string) {
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${keyPrefix}rl:`, skipOnError: true } : {}) });
}

const retrySeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/**
 * The one 429 of every limit: its own message (and title) with the seconds to wait, and Retry-After.
 * A `code` other than rate_limited lets a screen that meets two limits translate each.
 */
export const rateLimitError =
  (message: (seconds: number) => string, title?: string, code?: string) =>
  (_request: FastifyRequest, context: { ttl: number }) =>
    new RateLimitedError(message(retrySeconds(context.ttl)), retrySeconds(context.ttl), title, code);

/**
 * A route's limit: `max` requests per window (a minute unless said), per client address unless
 * `keyGenerator` says otherwise. Counted in preHandler, after the body is validated, so a refused
 * body does not use up the limit.
 */
export function requestLimit(options: {
  max: number;
  message: (seconds: number) => string;
  title?: string;
  timeWindow?: string;
  keyGenerator?: RateLimitOptions['keyGenerator'];
  allowList?: RateLimitOptions['allowList'];
}): RateLimitOptions {
  const { message, title, timeWindow = '1 minute', ...rest } = options;
  return { ...rest, timeWindow, hook: 'preHandler', errorResponseBuilder: rateLimitError(message, title) };
}

export type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts one hit of a limit made with `app.createRateLimit` and throws its 429 when over (with
 * `increment: false`, only reads: throws when the limit is used up). For limits that apply
 * inside a hook or a service; the plugin runs one hook limit per request, and these must not
 * take the place of the route's own.
 */
export async function hitLimit(check: RateLimitCheck, request: FastifyRequest, error: ReturnType<typeof rateLimitError>, options: { increment?: boolean } = {}) {
  const state = await check(request, options);
  if (state.isAllowed) return;
  if (options.increment === false ? state.remaining === 0 : state.isExceeded) throw error(request, { ttl: state.ttl });
}
