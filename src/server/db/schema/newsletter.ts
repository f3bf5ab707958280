import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** E-mails are stored lowercased, so the unique constraint is case-insensitive. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique('newsletter_subscribers_email_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
