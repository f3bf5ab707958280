import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_MESSAGES, createApiKeySchema } from '#shared/api-keys.ts';
import { planById } from '#shared/plans.ts';
import { apiKeysSchema, createdApiKeySchema, noContentSchema } from '#shared/api-keys-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRecentPassword } from '../../platform/password-confirmation.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { getUserPlan } from '../profiles/queries.ts';
import { listApiKeys, toSummary } from './queries.ts';
import { createApiKey, revokeUserApiKey } from './service.ts';

/** Managing API keys (Business plan): list, create (the key is answered once), revoke. */
export async function apiKeyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function requireBusinessUser(request: FastifyRequest) {
    const user = await requireUser(ctx.auth, request);
    if (!planById((await getUserPlan(db, user.id)) ?? 'free').apiAccess) throw new ForbiddenError(API_KEY_MESSAGES.businessOnly, 'business_plan_required');
    return user;
  }

  typed.get('/api/api-keys', { schema: { response: { 200: apiKeysSchema } } }, async (request) => {
    const user = await requireBusinessUser(request);
    return { items: (await listApiKeys(db, user.id)).map(toSummary) };
  });

  typed.post('/api/api-keys', { schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } }, async (request, reply) => {
    const user = await requireBusinessUser(request);
    await requireRecentPassword(ctx, request); // a key acts as the account: the password typed in the last ten minutes
    return reply.status(201).send(await createApiKey(db, user.id, request.body.name));
  });

  typed.delete(
    '/api/api-keys/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 204: noContentSchema } } },
    async (request, reply) => {
      const user = await requireBusinessUser(request);
      await revokeUserApiKey(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
