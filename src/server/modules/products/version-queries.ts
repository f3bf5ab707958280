import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products, productVersions } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';

export type Version = typeof productVersions.$inferSelect;

const active = (productIds: string[]) => and(inArray(productVersions.productId, productIds), isNull(productVersions.archivedAt));

/** The active versions of each product, in order (products without versions are absent). */
export async function activeVersionsOf(db: Executor, productIds: string[]): Promise<Map<string, Version[]>> {
  const byProduct = new Map<string, Version[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVersions)
    .where(active(productIds))
    .orderBy(asc(productVersions.productId), asc(productVersions.position), asc(productVersions.createdAt));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

export async function activeVersions(db: Executor, productId: string): Promise<Version[]> {
  return (await activeVersionsOf(db, [productId])).get(productId) ?? [];
}

/** A product's version, active or archived. */
export async function getVersion(db: Executor, productId: string, versionId: string): Promise<Version | undefined> {
  const [row] = await db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.productId, productId), eq(productVersions.id, versionId)));
  return row;
}

/**
 * Holds the product's row until the transaction ends (SELECT … FOR UPDATE), so two changes to its
 * versions (a new one against the limit, a name against the others) run one after the other.
 */
export async function lockProductVersions(tx: Tx, productId: string): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}

/** Whether an active version of the product other than `exceptId` has this name, whatever its case. */
export async function versionNameTaken(db: Executor, productId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: productVersions.id })
    .from(productVersions)
    .where(and(active([productId]), sql`lower(${productVersions.name}) = lower(${name})`, exceptId ? sql`${productVersions.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertVersion(db: Executor, values: typeof productVersions.$inferInsert): Promise<Version> {
  const [maxRow] = await db.select({ value: max(productVersions.position) }).from(productVersions).where(active([values.productId]));
  const [row] = await db
    .insert(productVersions)
    .values({ ...values, position: maxRow?.value === null || maxRow?.value === undefined ? 0 : maxRow.value + 1 })
    .returning();
  return row!;
}

export async function updateVersion(db: Executor, id: string, values: Partial<typeof productVersions.$inferInsert>): Promise<Version> {
  const [row] = await db.update(productVersions).set(values).where(eq(productVersions.id, id)).returning();
  return row!;
}

/** Positions 0, 1, … in the order given (the caller checked it lists each active version once). */
export async function reorderVersions(db: Executor, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.update(productVersions).set({ position }).where(eq(productVersions.id, id));
}

/**
 * With versions, the product's price is the lowest active one's: the marketplace's filters, sorting
 * and cards read products.price_cents as the least a buyer pays (decision 017). Without, it stays.
 */
export async function syncVersionPrice(db: Executor, productId: string): Promise<typeof products.$inferSelect | undefined> {
  const [row] = await db
    .update(products)
    .set({
      priceCents: sql`coalesce((SELECT min(${productVersions.priceCents}) FROM ${productVersions} WHERE ${productVersions.productId} = ${productId} AND ${productVersions.archivedAt} IS NULL), ${products.priceCents})`,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId))
    .returning();
  return row;
}

/**
 * Whether a stored version file must stay: a sale delivers it, or an order still waiting for its
 * payment chose a version that has it (the sale made when it is paid takes the version's file).
 */
export async function versionFileInUse(db: Executor, fileKey: string, versionId: string): Promise<boolean> {
  const [sold] = await db.select({ id: sales.id }).from(sales).where(eq(sales.fileKey, fileKey)).limit(1);
  if (sold) return true;
  const [waiting] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), sql`${orders.items} @> ${JSON.stringify([{ versionId }])}::jsonb`))
    .limit(1);
  return Boolean(waiting);
}

/** Every product file kept for a product's versions and its sales (removed with the product). */
export async function versionFileKeysOfProduct(db: Executor, productId: string): Promise<string[]> {
  const [fromVersions, fromSales] = await Promise.all([
    db.select({ key: productVersions.fileKey }).from(productVersions).where(eq(productVersions.productId, productId)),
    db.select({ key: sales.fileKey }).from(sales).where(and(eq(sales.productId, productId), sql`${sales.fileKey} IS NOT NULL`)),
  ]);
  return [...new Set([...fromVersions.map((row) => row.key), ...fromSales.flatMap((row) => (row.key ? [row.key] : []))])];
}
