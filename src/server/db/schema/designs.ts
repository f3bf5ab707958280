import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DesignElement } from '#shared/designs.ts';
import { users } from './auth.ts';

export const designs = pgTable(
  'designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    elements: jsonb('elements').$type<DesignElement[]>().notNull().default([]),
    /** designSize() of the saved design: counts against DESIGN_MAX_BYTES and the storage quota. */
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('designs_user_idx').on(table.userId, table.updatedAt)],
);
