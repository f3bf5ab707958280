import { UNCONNECTED_SELLERS } from '#shared/payouts-connect.ts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Every admin action: who, what, on which target, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the entry still names its author after the account is gone. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    // A team's activity list (modules/teams) reads the entries of one store.
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
  ],
);

/** Platform-wide settings admins change in the admin pages: a single row (id is always true). */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Admins must turn on two-factor sign-in before they may use the admin pages and admin API. */
    requireAdminTwoFactor: boolean('require_admin_two_factor').notNull().default(false),
    /** What the public site says (#shared/site-content.ts `siteContentSchema`); read through `readSiteContent`, which fills in the defaults. */
    siteContent: jsonb('site_content').$type<object>().notNull().default({}),
    /** Creators without a payout account (Stripe Connect): their money is held by the platform, or they connect before selling. */
    unconnectedSellers: text('unconnected_sellers', { enum: UNCONNECTED_SELLERS }).notNull().default('held'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('platform_settings_single_row', sql`id`)],
);
