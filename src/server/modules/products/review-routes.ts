import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productReviewsSchema, reviewCreatedSchema } from '#shared/products-api.ts';
import { reviewSchema } from '#shared/products-reviews.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { AppContext } from '../../platform/context.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { addReview, listReviews } from './service.ts';

const productParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });

/** Buyers rate a product 1–5 with a text, once; everyone reads the reviews and their average. */
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
}
