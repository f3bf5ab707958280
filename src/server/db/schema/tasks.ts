import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Background tasks (src/server/platform/tasks.ts): a queue on the app's own PostgreSQL. A task is
// written in the same transaction as the change that causes it, claimed by one instance with
// FOR UPDATE SKIP LOCKED, deleted once done; a permanent failure stays for an admin to see.
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do: a key of TASK_NAMES (src/shared/tasks.ts). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued (waiting or waiting to retry), running (claimed by an instance), failed (given up). */
    state: text('state', { enum: ['queued', 'running', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one unfinished task per key (a recurring task, one delivery of an event). */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_due_idx').on(table.runAt, table.id).where(sql`${table.state} = 'queued'`),
    index('tasks_state_idx').on(table.state, table.name),
    uniqueIndex('tasks_key_idx').on(table.key).where(sql`${table.key} IS NOT NULL AND ${table.state} <> 'failed'`),
  ],
);
