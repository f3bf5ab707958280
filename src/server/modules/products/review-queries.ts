import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/products.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

export async function productReviews(db: Db, productId: string, limit = 50) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      replyBody: reviews.replyBody,
      repliedAt: reviews.repliedAt,
      versionName: reviews.versionName,
      authorName: userProfiles.name,
      authorAvatarUrl: userProfiles.avatarUrl,
    })
    .from(reviews)
    .innerJoin(userProfiles, eq(userProfiles.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/**
 * Adds a buyer's one review and the product's running rating total in one transaction.
 * Undefined when this user has already reviewed the product.
 */
export async function insertReview(db: Db, values: { productId: string; userId: string; rating: number; body: string; versionName: string | null }) {
  return db.transaction(async (tx) => {
    const [review] = await tx.insert(reviews).values(values).onConflictDoNothing().returning();
    if (!review) return undefined;
    await tx
      .update(products)
      .set({ ratingTotal: sql`${products.ratingTotal} + ${values.rating}`, ratingCount: sql`${products.ratingCount} + 1` })
      .where(eq(products.id, values.productId));
    return review;
  });
}

/**
 * Sets the creator's reply on a review of the product that has none yet, in one statement (two
 * replies at once: one wins). Undefined when the review is not the product's or already has a reply.
 */
export async function insertReply(db: Db, values: { productId: string; reviewId: string; body: string }) {
  const [row] = await db
    .update(reviews)
    .set({ replyBody: values.body, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, values.reviewId), eq(reviews.productId, values.productId), isNull(reviews.replyBody)))
    .returning({ replyBody: reviews.replyBody, repliedAt: reviews.repliedAt });
  return row?.replyBody != null && row.repliedAt ? { body: row.replyBody, repliedAt: row.repliedAt } : undefined;
}

export async function reviewOfProduct(db: Db, productId: string, reviewId: string) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)));
  return row;
}
