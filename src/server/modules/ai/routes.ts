import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_MESSAGES, aiRateLimitMessage } from '#shared/ai.ts';
import { TRANSLATION_LANGUAGE_CODES } from '#shared/ai-product-draft.ts';
import { CATEGORIES } from '#shared/products.ts';
import { aiStatusSchema, aiUsageSchema, generationDeletedSchema, generationsSchema } from '#shared/ai-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { createAiService } from './service.ts';

export async function aiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const ai = createAiService(ctx);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/ai/status', { schema: { response: { 200: aiStatusSchema } } }, async () => ai.status());

  // Generations per signed-in user and minute, one count for the studio and the product form's
  // drafts and translations; signed-out requests are refused by the handlers.
  const limit = app.rateLimit(
    requestLimit({
      max: ctx.config.AI_RATE_LIMIT_MAX,
      message: aiRateLimitMessage,
      title: AI_MESSAGES.failedTitle,
      keyGenerator: async (request) => `ai:${(await getSessionUser(ctx.auth, request))?.id ?? ''}`,
      allowList: (_request, key) => key === 'ai:',
    }),
  );
  const signedIn = async (request: FastifyRequest) => {
    const user = await getSessionUser(ctx.auth, request);
    if (!user) throw new AppError(401, 'auth_required', AI_MESSAGES.auth, { title: AI_MESSAGES.authTitle });
    return user;
  };

  // Streams the provider's answer as server-sent events: delta…, then done (or error).
  typed.post('/api/ai/generate', { schema: { body: z.object({ prompt: z.string().max(100_000).default('') }) }, preHandler: limit }, async (request, reply) => {
    const user = await signedIn(request);
    await ai.generate(request, reply, user.id, request.body.prompt);
  });

  // The product form's "Write with AI": a draft of title, tags and description, streamed the same way.
  typed.post(
    '/api/ai/product-draft',
    { schema: { body: z.object({ brief: z.string().max(100_000).default(''), category: z.enum(CATEGORIES).optional() }) }, preHandler: limit },
    async (request, reply) => {
      const user = await signedIn(request);
      await ai.draftProduct(request, reply, user.id, request.body.brief, request.body.category);
    },
  );

  // A product description in Spanish or French, streamed the same way.
  typed.post(
    '/api/ai/translate',
    { schema: { body: z.object({ text: z.string().max(100_000).default(''), to: z.enum(TRANSLATION_LANGUAGE_CODES) }) }, preHandler: limit },
    async (request, reply) => {
      const user = await signedIn(request);
      await ai.translate(request, reply, user.id, request.body.text, request.body.to);
    },
  );

  // The plan's AI allowance and this month's generations (every AI route counts one, see service.charge).
  typed.get('/api/ai/usage', { schema: { response: { 200: aiUsageSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return ai.usage(user.id);
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
