import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myPlanSchema } from '#shared/plans-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { myPlan } from './service.ts';

/**
 * The platform's own plans (src/shared/plans.ts): the account's plan and its use. Each feature
 * enforces its own limit (ai, profiles, api-keys, storage, audience, domains); an admin sets plans
 * (admin/management).
 */
export async function planRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/my/plan', { schema: { response: { 200: myPlanSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return myPlan(ctx, user.id);
  });
}
