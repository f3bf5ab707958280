import { asc } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/newsletter.ts';

/** Adds the (lowercased) e-mail; false when it was already on the list. */
export async function subscribe(db: Db, email: string): Promise<boolean> {
  const inserted = await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing().returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}

export async function listSubscribers(db: Db) {
  return db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.id));
}

/** The list as CSV (src/shared/csv.ts: RFC 4180, formula-safe). */
export function subscribersCsv(rows: { email: string; createdAt: Date }[]): string {
  return csvLine(['email', 'subscribed_at']) + rows.map((row) => csvLine([row.email, row.createdAt.toISOString()])).join('');
}
