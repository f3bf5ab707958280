import { REVIEW_MESSAGES } from '#shared/products-reviews.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ratingAverage, reviewSchema } from '#shared/products-reviews.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { avatarUrl } from './presenters.ts';
import { getProduct } from './queries.ts';
import { insertReview, productReviews } from './review-queries.ts';
import { hasBought } from '../sales/queries.ts';

const productParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });

/** Buyers rate a product 1–5 with a text, once; everyone reads the reviews and their average. */
export async function productReviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function existingProduct(id: string) {
    const product = await getProduct(db, id);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    return product;
  }

  typed.get('/api/products/:id/reviews', { schema: { params: productParams } }, async (request) => {
    const product = await existingProduct(request.params.id);
    const [rows, user] = await Promise.all([productReviews(db, product.id), getSessionUser(ctx.auth, request)]);
    const reviewed = Boolean(user && rows.some((row) => row.userId === user.id));
    const canReview =
      Boolean(user?.emailVerified) && user!.id !== product.userId && !reviewed && (await hasBought(db, product.id, user!.email));
    return {
      averageRating: ratingAverage(product.ratingTotal, product.ratingCount),
      ratingCount: product.ratingCount,
      items: rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        author: { name: row.authorName, avatarUrl: avatarUrl(row.userId, row.authorAvatarUrl) },
        mine: row.userId === user?.id,
      })),
      viewer: { signedIn: Boolean(user), reviewed, canReview },
    };
  });

  typed.post('/api/products/:id/reviews', { schema: { params: productParams, body: reviewSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const product = await existingProduct(request.params.id);
    if (product.userId === user.id) throw new ForbiddenError(REVIEW_MESSAGES.reviewOwnProduct, 'own_product');
    if (!user.emailVerified || !(await hasBought(db, product.id, user.email))) {
      throw new ForbiddenError(REVIEW_MESSAGES.reviewNeedsPurchase, 'purchase_required');
    }
    const review = await insertReview(db, { productId: product.id, userId: user.id, rating: request.body.rating, body: request.body.body });
    if (!review) throw new ConflictError(REVIEW_MESSAGES.reviewDuplicate, 'already_reviewed');
    // Product pages and cards follow products.changed to show the new average.
    await ctx.realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id: product.id, action: 'updated', userId: product.userId });
    return reply.status(201).send({ review: { id: review.id, rating: review.rating, body: review.body, createdAt: review.createdAt.toISOString() } });
  });
}
