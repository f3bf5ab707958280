import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_MESSAGES, aiRateLimitMessage } from '#shared/ai.ts';
import { aiStatusSchema, generationDeletedSchema, generationsSchema } from '#shared/ai-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { createAiService } from './service.ts';

export async function aiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const ai = createAiService(ctx);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/ai/status', { schema: { response: { 200: aiStatusSchema } } }, async () => ai.status());

  // Generations per signed-in user and minute; signed-out requests are refused by the handler.
  const rateLimit = requestLimit({
    max: ctx.config.AI_RATE_LIMIT_MAX,
    message: aiRateLimitMessage,
    title: AI_MESSAGES.failedTitle,
    keyGenerator: async (request) => (await getSessionUser(ctx.auth, request))?.id ?? '',
    allowList: (_request, userId) => userId === '',
  });

  // Streams the provider's answer as server-sent events: delta…, then done (or error).
  typed.post('/api/ai/generate', { schema: { body: z.object({ prompt: z.string().max(100_000).default('') }) }, config: { rateLimit } }, async (request, reply) => {
    const user = await getSessionUser(ctx.auth, request);
    if (!user) throw new AppError(401, 'auth_required', AI_MESSAGES.auth, { title: AI_MESSAGES.authTitle });
    await ai.generate(request, reply, user.id, request.body.prompt);
  });

  typed.get('/api/ai/generations', { schema: { response: { 200: generationsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await ai.listGenerations(user.id) };
  });

  typed.delete(
    '/api/ai/generations/:id',
    { schema: { params: z.object({ id: z.uuid(AI_MESSAGES.generationNotFound) }), response: { 204: generationDeletedSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      if (!(await ai.deleteGeneration(user.id, request.params.id))) throw new NotFoundError(AI_MESSAGES.generationNotFound, 'generation_not_found');
      return reply.status(204).send(null);
    },
  );
}
