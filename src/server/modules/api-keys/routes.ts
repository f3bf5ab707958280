import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX, createApiKeySchema } from '#shared/api-keys.ts';
import { generateApiKey } from '../../platform/api-keys.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRecentPassword } from '../../platform/password-confirmation.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { countActiveApiKeys, getUserPlan, insertApiKey, listApiKeys, revokeApiKey, toSummary } from './queries.ts';

/** Managing API keys (Business plan): list, create (the key is answered once), revoke. */
export async function apiKeyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function requireBusinessUser(request: FastifyRequest) {
    const user = await requireUser(ctx.auth, request);
    if ((await getUserPlan(db, user.id)) !== 'business') throw new ForbiddenError(API_KEY_MESSAGES.businessOnly, 'business_plan_required');
    return user;
  }

  typed.get('/api/api-keys', async (request) => {
    const user = await requireBusinessUser(request);
    return { items: (await listApiKeys(db, user.id)).map(toSummary) };
  });

  typed.post('/api/api-keys', { schema: { body: createApiKeySchema } }, async (request, reply) => {
    const user = await requireBusinessUser(request);
    await requireRecentPassword(ctx, request); // a key acts as the account: the password typed in the last ten minutes
    if ((await countActiveApiKeys(db, user.id)) >= API_KEYS_PER_USER_MAX) throw new AppError(409, 'too_many_api_keys', API_KEY_MESSAGES.tooMany);
    const { key, prefix, hash } = generateApiKey();
    const row = await insertApiKey(db, { userId: user.id, name: request.body.name, prefix, keyHash: hash });
    return reply.status(201).send({ apiKey: toSummary(row), key });
  });

  typed.delete('/api/api-keys/:id', { schema: { params: z.object({ id: z.string().max(100) }) } }, async (request, reply) => {
    const user = await requireBusinessUser(request);
    const id = request.params.id;
    if (!z.uuid().safeParse(id).success || !(await revokeApiKey(db, user.id, id))) {
      throw new NotFoundError(API_KEY_MESSAGES.notFound, 'api_key_not_found');
    }
    return reply.status(204).send();
  });
}
