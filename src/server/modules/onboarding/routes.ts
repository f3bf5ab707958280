import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingSchema } from '#shared/onboarding-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { dismissOnboarding, markShared, onboardingOf } from './service.ts';

/** The signed-in creator's onboarding checklist (issue #46). */
export async function onboardingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: onboardingSchema } };

  typed.get('/api/my/onboarding', { schema }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return onboardingOf(ctx, user.id);
  });

  typed.post('/api/my/onboarding/shared', { schema }, async (request) => markShared(ctx, (await requireUser(ctx.auth, request)).id));

  typed.post('/api/my/onboarding/dismiss', { schema }, async (request) => dismissOnboarding(ctx, (await requireUser(ctx.auth, request)).id));
}
