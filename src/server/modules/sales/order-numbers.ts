// Per-store order numbers ("MAYA-0001"): one for each store an order bought from, given in the
// payment's transaction. The store's counter row is bumped with one upsert (its row lock orders
// concurrent payments), so a store's numbers run 1, 2, 3… without gaps: a payment that rolls back
// takes its number back with it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatOrderNumber, orderNumberPrefix } from '#shared/orders.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { storeOrderCounters, storeOrderNumbers } from '../../db/schema/orders.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

/** Numbers the order in each of `storeIds` that has not numbered it yet. */
export async function assignOrderNumbers(tx: Tx, orderId: string, storeIds: readonly string[]): Promise<void> {
  // Counters are locked in one order (by store id), so two carts from the same stores cannot deadlock.
  for (const storeId of [...new Set(storeIds)].sort()) {
    const [numbered] = await tx.select({ number: storeOrderNumbers.number }).from(storeOrderNumbers).where(and(eq(storeOrderNumbers.orderId, orderId), eq(storeOrderNumbers.storeId, storeId)));
    if (numbered) continue;
    const [store] = await tx.select({ slug: userProfiles.storefrontSlug }).from(userProfiles).where(eq(userProfiles.id, storeId));
    const [counter] = await tx
      .insert(storeOrderCounters)
      .values({ storeId, prefix: orderNumberPrefix(store?.slug ?? ''), lastNumber: 1 })
      .onConflictDoUpdate({ target: storeOrderCounters.storeId, set: { lastNumber: sql`${storeOrderCounters.lastNumber} + 1` } })
      .returning({ number: storeOrderCounters.lastNumber });
    await tx.insert(storeOrderNumbers).values({ orderId, storeId, number: counter!.number });
  }
}

/** The order's numbers by store ("MAYA-0001"). */
export async function orderNumbersOf(db: Executor, orderId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ storeId: storeOrderNumbers.storeId, number: storeOrderNumbers.number, prefix: storeOrderCounters.prefix })
    .from(storeOrderNumbers)
    .innerJoin(storeOrderCounters, eq(storeOrderCounters.storeId, storeOrderNumbers.storeId))
    .where(eq(storeOrderNumbers.orderId, orderId))
    .orderBy(asc(storeOrderNumbers.storeId));
  return new Map(rows.map((row) => [row.storeId, formatOrderNumber(row.prefix, row.number)]));
}

/** The order number each sale has in its creator's store ("MAYA-0001"), by sale id; a sale of an order paid before numbers has none. */
export async function orderNumbersOfSales(db: Executor, sold: readonly { id: string; orderId: string; creatorId: string | null }[]): Promise<Map<string, string>> {
  const orderIds = [...new Set(sold.map((sale) => sale.orderId))];
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: storeOrderNumbers.orderId, storeId: storeOrderNumbers.storeId, number: storeOrderNumbers.number, prefix: storeOrderCounters.prefix })
    .from(storeOrderNumbers)
    .innerJoin(storeOrderCounters, eq(storeOrderCounters.storeId, storeOrderNumbers.storeId))
    .where(inArray(storeOrderNumbers.orderId, orderIds));
  const byOrderAndStore = new Map(rows.map((row) => [`${row.orderId} ${row.storeId}`, formatOrderNumber(row.prefix, row.number)]));
  const numbers = new Map<string, string>();
  for (const sale of sold) {
    const number = byOrderAndStore.get(`${sale.orderId} ${sale.creatorId}`);
    if (number) numbers.set(sale.id, number);
  }
  return numbers;
}
