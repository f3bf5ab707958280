import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Deletes the rows of `table` that `where` matches, `batchSize` at a time: each batch is a short
 * statement of its own, so a large clean-up never holds many locks for long. `where` is checked
 * again on the row being deleted, so a row changed meanwhile (no longer matching) stays.
 * Returns how many rows went.
 */
export async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, where: SQL, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`DELETE FROM ${table} WHERE ${where} AND ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${batchSize})`);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return total;
  }
}
