import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/errors.ts';
import { isLocalOrAdmin, LOCAL_ONLY_MESSAGE } from '../../platform/session.ts';
import { journalEntries, lastAppliedMigration } from './migrations.ts';

const hidden = { schema: { hide: true } };

/** Liveness, readiness and Prometheus metrics for load balancers and monitoring. */
export async function opsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { database } = ctx;
  const expectedMigration = journalEntries().at(-1)?.when ?? 0;

  // Alive: the process answers. No dependency is checked, so a database outage never restarts it.
  app.get('/healthz', { ...hidden, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  // Ready for traffic: the database answers and carries this build's migrations (and Redis, when used).
  app.get('/readyz', { ...hidden, logLevel: 'warn' }, async (_request, reply) => {
    const checks: Record<string, 'ok' | 'failed' | 'pending'> = {};
    try {
      checks.database = 'ok';
      checks.migrations = (await lastAppliedMigration(database.db)) >= expectedMigration ? 'ok' : 'pending';
    } catch {
      checks.database = 'failed';
      checks.migrations = 'failed';
    }
    if (ctx.redis) checks.redis = await ctx.redis.ping().then(() => 'ok' as const, () => 'failed' as const);
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', { ...hidden, logLevel: 'warn' }, async (request, reply) => {
    const access = await metricsAccess(ctx, request);
    if (access === 'local_only') return reply.status(403).send(errorBody('local_only', LOCAL_ONLY_MESSAGE));
    if (access === 'hidden') return reply.status(404).send(errorBody('not_found', 'No route for GET /metrics.'));
    if (access === 'unauthorized') {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(401).send(errorBody('unauthorized', 'The metrics need the METRICS_TOKEN as a bearer token.'));
    }
    const text = await ctx.metrics.registry.metrics();
    return reply.type(ctx.metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token. Otherwise, in
 * production only when METRICS_PUBLIC is on; outside production (the zero-config start, reachable
 * on the network) only this machine or a signed-in admin.
 */
export async function metricsAccess(ctx: AppContext, request: FastifyRequest): Promise<'ok' | 'unauthorized' | 'hidden' | 'local_only'> {
  const { config } = ctx;
  if (config.METRICS_TOKEN) {
    const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return sameSecret(sent, config.METRICS_TOKEN) ? 'ok' : 'unauthorized';
  }
  if (config.isProduction) return config.METRICS_PUBLIC ? 'ok' : 'hidden';
  if (config.METRICS_PUBLIC) return 'ok';
  return (await isLocalOrAdmin(ctx.auth, request, config.TRUST_PROXY)) ? 'ok' : 'local_only';
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
