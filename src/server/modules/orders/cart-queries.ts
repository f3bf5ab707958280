import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Currency } from '#shared/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { cartItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

/** A product as the cart and checkout price it: only products still on sale (not hidden, creator not suspended). */
export interface PurchasableProduct {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  currency: Currency;
  payWhatYouWant: boolean;
  suggestedPriceCents: number | null;
  category: string;
  cardKey: string | null;
  creatorId: string;
  creatorName: string;
}

const purchasableColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  priceCents: products.priceCents,
  currency: products.currency,
  payWhatYouWant: products.payWhatYouWant,
  suggestedPriceCents: products.suggestedPriceCents,
  category: products.category,
  cardKey: products.cardKey,
  creatorId: products.userId,
  creatorName: userProfiles.name,
};

/** Drafts are not for sale (decision 031). */
const onSale = and(isNull(products.hiddenAt), isNotNull(products.publishedAt), isNull(users.suspendedAt));

/** The given products that can be bought, in the order asked. */
export async function purchasableProducts(db: Executor, ids: string[]): Promise<PurchasableProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(purchasableColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(and(inArray(products.id, ids), onSale));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A signed-in buyer's cart, oldest item first. */
export async function cartProducts(db: Db, userId: string): Promise<PurchasableProduct[]> {
  return db
    .select(purchasableColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(and(eq(cartItems.userId, userId), onSale))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}

export async function countCartItems(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

export async function addCartItems(db: Db, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insert(cartItems)
    .values(productIds.map((productId) => ({ userId, productId })))
    .onConflictDoNothing();
}

export async function removeCartItem(db: Db, userId: string, productId: string): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

/** Bought products leave the buyer's cart (inside the payment's transaction). */
export async function removeCartItems(db: Executor, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}
