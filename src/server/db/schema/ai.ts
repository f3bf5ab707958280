import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A creator's AI generations, kept for their history (copy, delete). */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    response: text('response').notNull(),
    status: text('status', { enum: ['completed', 'stopped'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_generations_user_idx').on(table.userId, table.createdAt)],
);

/**
 * AI generations counted per user and calendar month (UTC), against the plan's monthly allowance
 * (src/shared/plans.ts aiGenerationsPerMonth). Kept apart from ai_generations, which the user may
 * delete and which holds only the studio's texts.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the month (UTC). */
    month: date('month').notNull(),
    generations: integer('generations').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'ai_usage_pk', columns: [table.userId, table.month] })],
);
