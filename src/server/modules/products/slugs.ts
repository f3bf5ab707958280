import { and, eq, ne, sql } from 'drizzle-orm';
import { isProductId, isValidProductSlug, productSlugBase, PRODUCT_SLUG_MESSAGES } from '#shared/products.ts';
import type { Db, Executor } from '../../db/client.ts';
import { products, productSlugRedirects } from '../../db/schema/products.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';

/**
 * A free slug for a product (decision 031). The name is spelled in ASCII here (slugify); the collision
 * rule is the database's `zerri_product_slug` (migration 0055), which also names rows inserted
 * without a slug: taken by the same store → `-2`, `-3` …; by another store → that store's storefront
 * slug in front.
 */
export async function freeProductSlug(db: Executor, product: { id: string; userId: string; name: string; category: string }): Promise<string> {
  const base = productSlugBase(product.name, product.category);
  const result = await db.execute<{ slug: string }>(sql`SELECT zerri_product_slug(${base}, ${product.category}, ${product.userId}, ${product.id}::uuid) AS slug`);
  return result.rows[0]!.slug;
}

/** A unique violation of a product slug (two saves of one slug at once). */
export function isSlugConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && (cause.constraint === 'products_slug_unique' || cause.constraint === 'product_slug_redirects_pkey');
}

export const slugTaken = () => new ConflictError(PRODUCT_SLUG_MESSAGES.slugTaken, 'slug_taken');

/** A slug the creator typed: lowercased and checked; taken by another product (now or before) is a conflict. */
export async function checkedProductSlug(db: Executor, productId: string, typed: string): Promise<string> {
  const slug = typed.trim().toLowerCase();
  if (!isValidProductSlug(slug)) throw new BadRequestError(PRODUCT_SLUG_MESSAGES.slugInvalid, 'invalid_slug');
  const [current] = await db.select({ id: products.id }).from(products).where(and(eq(products.slug, slug), ne(products.id, productId)));
  const [earlier] = await db
    .select({ id: productSlugRedirects.productId })
    .from(productSlugRedirects)
    .where(and(eq(productSlugRedirects.slug, slug), ne(productSlugRedirects.productId, productId)));
  if (current || earlier) throw slugTaken();
  return slug;
}

/** After a rename: the old address redirects to the product, and its new one is no longer an old one. */
export async function keepOldSlug(db: Executor, productId: string, oldSlug: string, newSlug: string): Promise<void> {
  await db.delete(productSlugRedirects).where(and(eq(productSlugRedirects.slug, newSlug), eq(productSlugRedirects.productId, productId)));
  await db.insert(productSlugRedirects).values({ slug: oldSlug, productId }).onConflictDoNothing();
}

/** The product an address names: its id, its slug, or one of its earlier slugs (`current`: the address is its slug). */
export async function productIdByAddress(db: Db, idOrSlug: string): Promise<{ id: string; slug: string; current: boolean } | undefined> {
  const columns = { id: products.id, slug: products.slug };
  const [row] = isProductId(idOrSlug)
    ? await db.select(columns).from(products).where(eq(products.id, idOrSlug.toLowerCase()))
    : await db.select(columns).from(products).where(eq(products.slug, idOrSlug));
  if (row) return { ...row, current: row.slug === idOrSlug };
  const [earlier] = await db.select(columns).from(productSlugRedirects).innerJoin(products, eq(products.id, productSlugRedirects.productId)).where(eq(productSlugRedirects.slug, idOrSlug));
  return earlier && { ...earlier, current: false };
}
