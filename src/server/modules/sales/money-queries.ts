// The creator overview's counts of sales kept (completed, not wholly refunded). Its money figures and
// every balance are sums over the ledger (modules/ledger, docs/decisions/035-connect-and-ledger.md).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The creator's sales kept: the overview's Total Sales. */
export async function salesKept(db: Executor, creatorId: string): Promise<number> {
  const result = await db.execute<{ kept: number }>(sql`SELECT count(*)::int AS kept FROM sales WHERE creator_id = ${creatorId} AND status = 'completed'`);
  return Number(result.rows[0]?.kept ?? 0);
}

/** The creator's sales kept per UTC day of the last `days` (today included), by the day of the sale, zero-filled, oldest first. */
export async function dailySalesKept(db: Executor, creatorId: string, days: number): Promise<{ date: string; salesKept: number }[]> {
  const first = sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;
  const result = await db.execute<{ day: string; kept: number }>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(s.id)::int AS kept
    FROM generate_series(${first}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN sales s ON s.creator_id = ${creatorId} AND s.status = 'completed'
      AND s.created_at >= d.day AT TIME ZONE 'UTC' AND s.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
    GROUP BY d.day ORDER BY d.day`);
  return result.rows.map((row) => ({ date: row.day, salesKept: Number(row.kept) }));
}
