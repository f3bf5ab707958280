import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { licenses } from '../../db/schema/licenses.ts';
import { products } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';

/** A key with what its creator and the verify answer show of its sale. */
const licenseColumns = {
  id: licenses.id,
  key: licenses.key,
  productId: licenses.productId,
  saleId: licenses.saleId,
  creatorId: licenses.creatorId,
  uses: licenses.uses,
  disabledAt: licenses.disabledAt,
  createdAt: licenses.createdAt,
  productName: sales.productName,
  versionName: sales.versionName,
  buyerEmail: sales.buyerEmail,
  amountCents: sales.amountCents,
  currency: sales.currency,
  saleStatus: sales.status,
  saleCreatedAt: sales.createdAt,
};

export type LicenseRow = Awaited<ReturnType<typeof creatorLicenses>>['rows'][number];

const withSale = (db: Executor) => db.select(licenseColumns).from(licenses).innerJoin(sales, eq(sales.id, licenses.saleId));

/** Which of these products are sold with license keys. */
export async function licensedProductIds(db: Executor, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.licenseKeys, true)));
  return new Set(rows.map((row) => row.id));
}

/** Issues the keys; a sale that already has one keeps it (one key per sale). */
export async function insertLicenses(tx: Tx, values: { key: string; productId: string; saleId: string; creatorId: string | null }[]) {
  if (values.length === 0) return;
  await tx.insert(licenses).values(values).onConflictDoNothing({ target: licenses.saleId });
}

/** The keys of these sales, by sale. */
export async function licensesOfSales(db: Executor, saleIds: readonly string[]) {
  if (saleIds.length === 0) return new Map<string, { key: string; disabledAt: Date | null }>();
  const rows = await db
    .select({ saleId: licenses.saleId, key: licenses.key, disabledAt: licenses.disabledAt })
    .from(licenses)
    .where(inArray(licenses.saleId, [...saleIds]));
  return new Map(rows.map((row) => [row.saleId, { key: row.key, disabledAt: row.disabledAt }]));
}

/**
 * Counts one use of an enabled key of this product in one statement (concurrent checks each count
 * once) and answers its uses after it; undefined when there is no such enabled key.
 */
export async function countLicenseUse(db: Db, productId: string, key: string) {
  const [row] = await db
    .update(licenses)
    .set({ uses: sql`${licenses.uses} + 1` })
    .where(and(eq(licenses.key, key), eq(licenses.productId, productId), isNull(licenses.disabledAt)))
    .returning({ id: licenses.id, uses: licenses.uses });
  return row;
}

/** The key of this product, enabled or not. */
export async function findLicense(db: Executor, productId: string, key: string): Promise<LicenseRow | undefined> {
  const [row] = await withSale(db).where(and(eq(licenses.key, key), eq(licenses.productId, productId)));
  return row;
}

export async function getLicense(db: Executor, id: string): Promise<LicenseRow | undefined> {
  const [row] = await withSale(db).where(eq(licenses.id, id));
  return row;
}

/** A creator's keys, newest first, paged. */
export async function creatorLicenses(db: Db, creatorId: string, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    withSale(db)
      .where(eq(licenses.creatorId, creatorId))
      .orderBy(desc(licenses.createdAt), desc(licenses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(licenses).where(eq(licenses.creatorId, creatorId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

const ownKey = (creatorId: string, id: string) => and(eq(licenses.id, id), eq(licenses.creatorId, creatorId));

/** Disables one of the creator's keys (kept as it was if already disabled); false when it is not theirs. */
export async function disableLicense(db: Db, creatorId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(licenses)
    .set({ disabledAt: sql`coalesce(${licenses.disabledAt}, now())` })
    .where(ownKey(creatorId, id))
    .returning({ id: licenses.id });
  return rows.length > 0;
}

/** Enables one of the creator's keys unless its sale was refunded; undefined when it is not theirs. */
export async function enableLicense(db: Db, creatorId: string, id: string): Promise<'enabled' | 'refunded' | undefined> {
  const refunded = sql`exists (select 1 from ${sales} s where s.id = ${licenses.saleId} and s.status = 'refunded')`;
  const rows = await db
    .update(licenses)
    .set({ disabledAt: sql`case when ${refunded} then ${licenses.disabledAt} else null end` })
    .where(ownKey(creatorId, id))
    .returning({ disabledAt: licenses.disabledAt });
  if (!rows[0]) return undefined;
  return rows[0].disabledAt ? 'refunded' : 'enabled';
}

export async function resetLicenseUses(db: Db, creatorId: string, id: string): Promise<boolean> {
  const rows = await db.update(licenses).set({ uses: 0 }).where(ownKey(creatorId, id)).returning({ id: licenses.id });
  return rows.length > 0;
}

/** Disables the key of a sale being refunded (in the refund's transaction). */
export async function disableSaleLicense(tx: Executor, saleId: string) {
  await tx
    .update(licenses)
    .set({ disabledAt: sql`coalesce(${licenses.disabledAt}, now())` })
    .where(eq(licenses.saleId, saleId));
}
