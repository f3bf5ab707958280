import { date, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A creator's analytics figures of one closed UTC day (before yesterday), as modules/analytics computed
 * them from the sale rows, the ledger, the product views and the link visits: read instead of those
 * rows so a range of 100,000 sales answers at once. Triggers of migration 0063 delete a creator's day
 * when a sale or a ledger movement is written with that day (a backfill) and all their days when one
 * of their products or short links is deleted (its views or clicks go with it); the next read computes it again.
 */
export const analyticsDayCache = pgTable(
  'analytics_day_cache',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
  },
  (table) => [primaryKey({ name: 'analytics_day_cache_pk', columns: [table.creatorId, table.day] })],
);

/**
 * The sum of a range's closed days (modules/analytics summaryOf): a page of 90 days reads one row of a
 * few hundred figures instead of 90 days of them. The triggers of migration 0063 delete the spans that
 * hold a day written late, and all of a creator's when one of their products or short links is deleted.
 */
export const analyticsSpanCache = pgTable(
  'analytics_span_cache',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    summary: jsonb('summary').notNull(),
  },
  (table) => [primaryKey({ name: 'analytics_span_cache_pk', columns: [table.creatorId, table.fromDay, table.toDay] })],
);
