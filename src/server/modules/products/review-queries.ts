import { desc, eq, sql } from 'drizzle-orm';
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
export async function insertReview(db: Db, values: { productId: string; userId: string; rating: number; body: string }) {
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
