import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema } from '#shared/analytics-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { analyticsOf } from './service.ts';

/** The signed-in creator's Analytics (issue #46): their own store's figures only. */
export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/my/analytics', { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return analyticsOf(ctx, user.id, request.query);
  });
}
