import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id').primaryKey(),
    shortCode: text('short_code').notNull().unique('short_links_short_code_unique'),
    originalUrl: text('original_url').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isCustom: boolean('is_custom').notNull().default(false),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** Set by an admin: the link stops redirecting. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** A hash (better-auth's scrypt format); visitors then type the password before the redirect. */
    passwordHash: text('password_hash'),
    /** The link stops redirecting at this time or after this many clicks, then goes to expiredUrl (or the not-found screen). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxClicks: bigint('max_clicks', { mode: 'number' }),
    expiredUrl: text('expired_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('short_links_user_id_idx').on(table.userId, table.createdAt)],
);

/** Clicks per link and day, split by dimension: total, referrer host, browser, device. */
export const linkClickStats = pgTable(
  'link_click_stats',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['total', 'referrer', 'browser', 'device'] }).notNull(),
    value: text('value').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'link_click_stats_pk', columns: [table.linkId, table.day, table.kind, table.value] })],
);

export const blockedDomains = pgTable('blocked_domains', {
  domain: text('domain').primaryKey(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
