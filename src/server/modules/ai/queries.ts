import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aiUsage } from '../../db/schema/ai.ts';
import { users } from '../../db/schema/auth.ts';

/** What an account's AI allowance depends on (aiAllowance in #shared/plans.ts): its role and plan. */
export async function getAiAccount(db: Executor, userId: string) {
  const [row] = await db.select({ role: users.role, plan: users.plan }).from(users).where(eq(users.id, userId));
  return row ?? { role: 'user' as const, plan: 'free' as const };
}

// `month` is the first day (YYYY-MM-DD) of the calendar month (UTC) counted: aiUsageMonth(ctx.clock.now()).

/**
 * Counts one generation of `month`, unless `limit` (null: none) is already used: true when
 * counted. One statement, so parallel requests never pass the limit together.
 */
export async function countGeneration(db: Executor, userId: string, month: string, limit: number | null): Promise<boolean> {
  if (limit === 0) return false;
  const rows = await db
    .insert(aiUsage)
    .values({ userId, month, generations: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.month],
      set: { generations: sql`${aiUsage.generations} + 1` },
      setWhere: limit === null ? undefined : sql`${aiUsage.generations} < ${limit}`,
    })
    .returning({ generations: aiUsage.generations });
  return rows.length > 0;
}

/** Gives back a counted generation the provider refused before answering. */
export async function uncountGeneration(db: Executor, userId: string, month: string): Promise<void> {
  await db
    .update(aiUsage)
    .set({ generations: sql`greatest(${aiUsage.generations} - 1, 0)` })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, month)));
}

/** The generations counted in `month`. */
export async function generationsInMonth(db: Executor, userId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ generations: aiUsage.generations })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, month)));
  return row?.generations ?? 0;
}
