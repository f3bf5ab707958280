import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter.ts';
import { newsletterSubscriptionSchema } from '#shared/newsletter-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createRateLimiter } from '../../platform/rate-limiter.ts';
import { requireRole } from '../../platform/session.ts';
import { listSubscribers, subscribersCsv } from './queries.ts';
import { subscribeToNewsletter } from './service.ts';

export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const limiter = createRateLimiter({ name: 'newsletter', max: ctx.config.NEWSLETTER_RATE_LIMIT_MAX, windowMs: 60_000, store: ctx.rateLimits });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/newsletter',
    { schema: { body: z.object({ email: z.string().max(1000).default('') }), response: { 201: newsletterSubscriptionSchema } } },
    async (request, reply) => {
      const limit = await limiter.hit(request.ip);
      if (!limit.allowed) {
        reply.header('Retry-After', String(limit.retryAfterSeconds));
        throw new AppError(429, 'rate_limited', NEWSLETTER_MESSAGES.rateLimited(limit.retryAfterSeconds));
      }
      return reply.status(201).send(await subscribeToNewsletter(ctx.database.db, request.body.email));
    },
  );

  app.get('/api/admin/newsletter.csv', async (request, reply) => {
    await requireRole(ctx.auth, request, 'admin');
    const rows = await listSubscribers(ctx.database.db);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="newsletter-${day}.csv"`)
      .send(subscribersCsv(rows));
  });
}
