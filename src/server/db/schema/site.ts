import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Mail kept by the development outbox (no SMTP_URL), readable at /dev/mailbox.
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_to_idx').on(table.to)],
);
