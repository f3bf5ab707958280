import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '#shared/api-keys.ts';
import { planById } from '#shared/plans.ts';
import type { Db } from '../db/client.ts';
import { apiKeys } from '../db/schema/api-keys.ts';
import { users } from '../db/schema/auth.ts';
import { errorBody } from './errors.ts';
import { hitLimit, rateLimitError } from './rate-limits.ts';
import type { SessionUser } from './session.ts';

/** The APIs a key may call (routes starting with these); everything else refuses keys. */
const API_KEY_ROUTES = ['/api/links', '/api/link-domains', '/api/products', '/api/my/products', '/api/licenses/verify'];
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: shown to its owner once; only its hash and first characters are stored. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: hashApiKey(key) };
}

/** The key of an `Authorization: Bearer zk_…` header, if the request carries one. */
export function bearerApiKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(zk_[A-Za-z0-9_-]{20,100})\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export const acceptsApiKey = (route: string | undefined) =>
  !!route && API_KEY_ROUTES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));

const keyUsers = new WeakMap<FastifyRequest, SessionUser>();

/** The key owner of a request that authenticated with an API key (see registerApiKeyAuth). */
export const apiKeyUser = (request: FastifyRequest): SessionUser | null => keyUsers.get(request) ?? null;

/**
 * Checks `Authorization: Bearer zk_…` before any handler runs: a revoked or unknown key is 401,
 * a key on another API 401, an owner without the Business plan 403, too many requests 429.
 * A valid key makes its owner the request's user (getSessionUser reads it).
 */
export function registerApiKeyAuth(app: FastifyInstance, options: { db: Db; max: number }) {
  const lastUsedWritten = new Map<string, number>();
  // Per key, counted once the key is known to be good (so unknown keys answer 401, never 429).
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-key:${hashApiKey(bearerApiKey(request.headers.authorization) ?? '')}`,
  });
  const tooMany = rateLimitError(API_KEY_MESSAGES.rateLimited);
  app.addHook('onRequest', async (request, reply) => {
    const key = bearerApiKey(request.headers.authorization);
    if (!key) return;
    if (!acceptsApiKey(request.routeOptions.url)) {
      return reply.status(401).send(errorBody('api_key_not_allowed', API_KEY_MESSAGES.wrongApi));
    }
    const [row] = await options.db
      .select({
        keyId: apiKeys.id,
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        plan: users.plan,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt), isNull(users.suspendedAt)));
    if (!row) return reply.status(401).send(errorBody('invalid_api_key', API_KEY_MESSAGES.invalid));
    if (!planById(row.plan).apiAccess) return reply.status(403).send(errorBody('business_plan_required', API_KEY_MESSAGES.businessOnly));
    await hitLimit(limit, request, tooMany);
    keyUsers.set(request, { id: row.id, email: row.email, name: row.name, role: row.role, emailVerified: row.emailVerified });
    // "Last used" is shown to the owner; once a minute per key and instance is precise enough.
    const now = Date.now();
    if ((lastUsedWritten.get(row.keyId) ?? 0) + LAST_USED_EVERY_MS < now) {
      lastUsedWritten.set(row.keyId, now);
      void options.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date() })
        .where(eq(apiKeys.id, row.keyId))
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not record when an API key was used'));
    }
  });
}
