import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { migrationsFolder } from '../../paths.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this build knows (drizzle's journal), oldest first. */
export function journalEntries(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** When the newest applied migration was written (drizzle orders them by that), or 0 if none ran. */
export async function lastAppliedMigration(db: Executor): Promise<number> {
  const table = await db.execute<{ name: string | null }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`);
  if (!table.rows[0]?.name) return 0;
  const { rows } = await db.execute<{ last: string | null }>(sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`);
  return Number(rows[0]?.last ?? 0);
}
