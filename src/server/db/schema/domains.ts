import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOMAIN_PROBLEMS, DOMAIN_PURPOSES, DOMAIN_STATES } from '#shared/domains.ts';
import { users } from './auth.ts';

/**
 * A creator's own domains (src/shared/domains.ts). Several accounts may claim one host name while it is
 * unverified; the first to verify it by DNS holds it: one verified row per host name at most.
 */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    purpose: text('purpose', { enum: DOMAIN_PURPOSES }).notNull(),
    /** The secret part of the TXT record's value. */
    token: text('token').notNull(),
    state: text('state', { enum: DOMAIN_STATES }).notNull().default('pending'),
    problem: text('problem', { enum: DOMAIN_PROBLEMS }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A pending domain is checked until then (a week after it was added or retried). */
    checkUntil: timestamp('check_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('domains_user_idx').on(table.userId),
    index('domains_hostname_idx').on(table.hostname),
    // An account claims a host name once; other accounts may claim it too until one verifies it.
    unique('domains_user_hostname_unique').on(table.userId, table.hostname),
    uniqueIndex('domains_hostname_verified_unique').on(table.hostname).where(sql`state = 'verified'`),
  ],
);
