import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productReviewsSchema, reviewCreatedSchema, reviewRepliedSchema } from '#shared/products-api.ts';
import { REVIEW_MESSAGES, reviewReplySchema, reviewSchema } from '#shared/products-reviews.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { AppContext } from '../../platform/context.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { addReview, listReviews, replyToReview } from './service.ts';

const productParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });
const reviewParams = productParams.extend({ reviewId: z.uuid(REVIEW_MESSAGES.reviewNotFound) });

/** Buyers rate a product 1–5 with a text, once; its creator replies once; everyone reads the reviews and their average. */
export async function productReviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/products/:id/reviews', { schema: { params: productParams, response: { 200: productReviewsSchema } } }, async (request) =>
    listReviews(ctx, request.params.id, await getSessionUser(ctx.auth, request)),
  );

  typed.post(
    '/api/products/:id/reviews',
    { schema: { params: productParams, body: reviewSchema, response: { 201: reviewCreatedSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      return reply.status(201).send({ review: await addReview(ctx, user, request.params.id, request.body) });
    },
  );

  typed.post(
    '/api/products/:id/reviews/:reviewId/reply',
    { schema: { params: reviewParams, body: reviewReplySchema, response: { 201: reviewRepliedSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      return reply.status(201).send({ reply: await replyToReview(ctx, user, request.params.id, request.params.reviewId, request.body.body) });
    },
  );
}
