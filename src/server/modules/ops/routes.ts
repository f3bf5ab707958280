import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/errors.ts';
import { journalEntries, lastAppliedMigration } from './migrations.ts';

const hidden = { schema: { hide: true } };

/** Liveness, readiness and Prometheus metrics for load balancers and monitoring. */
export async function opsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { database, config } = ctx;
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
    const access = metricsAccess(config, request);
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
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; otherwise
 * anyone outside production, and in production only when METRICS_PUBLIC is on.
 */
export function metricsAccess(config: Config, request: FastifyRequest): 'ok' | 'unauthorized' | 'hidden' {
  if (config.METRICS_TOKEN) {
    const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return sameSecret(sent, config.METRICS_TOKEN) ? 'ok' : 'unauthorized';
  }
  return !config.isProduction || config.METRICS_PUBLIC ? 'ok' : 'hidden';
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
