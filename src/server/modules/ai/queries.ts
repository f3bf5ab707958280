import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aiUsage } from '../../db/schema/ai.ts';

/** The first day of the current calendar month (UTC), by the database's clock. */
const THIS_MONTH = sql`(date_trunc('month', now() AT TIME ZONE 'UTC'))::date`;

/**
 * Counts one generation of this month, unless `limit` (null: none) is already used: true when
 * counted. One statement, so parallel requests never pass the limit together.
 */
export async function countGeneration(db: Executor, userId: string, limit: number | null): Promise<boolean> {
  const rows = await db
    .insert(aiUsage)
    .values({ userId, month: THIS_MONTH, generations: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.month],
      set: { generations: sql`${aiUsage.generations} + 1` },
      setWhere: limit === null ? undefined : sql`${aiUsage.generations} < ${limit}`,
    })
    .returning({ generations: aiUsage.generations });
  return rows.length > 0;
}

/** Gives back a counted generation the provider refused before answering. */
export async function uncountGeneration(db: Executor, userId: string): Promise<void> {
  await db
    .update(aiUsage)
    .set({ generations: sql`greatest(${aiUsage.generations} - 1, 0)` })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, THIS_MONTH)));
}

/** The generations counted this month. */
export async function generationsThisMonth(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ generations: aiUsage.generations })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, THIS_MONTH)));
  return row?.generations ?? 0;
}
