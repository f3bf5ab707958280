import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every stored object a user uploaded, with its size: their storage usage is the sum (plus their
 * designs). A row is written before its object is stored and removed when the object is deleted
 * (platform/storage/quota.ts), so usage never misses a stored file.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'stored_files_pk', columns: [table.bucket, table.key] }), index('stored_files_user_idx').on(table.userId)],
);
