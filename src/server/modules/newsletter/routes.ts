import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter.ts';
import { newsletterSubscriptionSchema } from '#shared/newsletter-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { requireRole } from '../../platform/session.ts';
import { listSubscribers, subscribersCsv } from './queries.ts';
import { subscribeToNewsletter } from './service.ts';

export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/newsletter',
    {
      schema: { body: z.object({ email: z.string().max(1000).default('') }), response: { 201: newsletterSubscriptionSchema } },
      config: { rateLimit: requestLimit({ max: ctx.config.NEWSLETTER_RATE_LIMIT_MAX, message: NEWSLETTER_MESSAGES.rateLimited }) },
    },
    async (request, reply) => reply.status(201).send(await subscribeToNewsletter(ctx.database.db, request.body.email)),
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
