import { asc } from 'drizzle-orm';
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

/** RFC 4180 CSV; a leading =, +, - or @ is quoted away so spreadsheets never run it as a formula. */
export function subscribersCsv(rows: { email: string; createdAt: Date }[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return ['email,subscribed_at', ...rows.map((row) => `${cell(row.email)},${row.createdAt.toISOString()}`)].join('\r\n') + '\r\n';
}
