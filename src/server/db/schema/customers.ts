import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Each subscriber import a creator started (modules/customers/import.ts): the daily cap
 * (AUDIENCE_IMPORTS_PER_DAY) counts them, and each keeps what it did.
 */
export const audienceImports = pgTable(
  'audience_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    added: integer('added').notNull().default(0),
    alreadySubscribed: integer('already_subscribed').notNull().default(0),
    unsubscribedSkipped: integer('unsubscribed_skipped').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_imports_creator_idx').on(table.creatorId, table.createdAt)],
);
