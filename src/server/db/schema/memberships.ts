import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_SUBJECTS } from '#shared/memberships.ts';
import { PAID_PLAN_IDS } from '#shared/plans.ts';
import { users } from './auth.ts';
import { products, productVersions } from './products.ts';

/** One tier's prices in a membership plan: the product itself (versionId null) or one of its versions. */
export interface MembershipTierPrices {
  versionId: string | null;
  monthlyCents: number | null;
  yearlyCents: number | null;
}

/** A product sold as a membership: its tiers' monthly and yearly prices and the free trial (decision 022). */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    trialDays: integer('trial_days').notNull().default(0),
    tiers: jsonb('tiers').$type<MembershipTierPrices[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('membership_plans_trial_check', sql`${table.trialDays} >= 0`)],
);

/**
 * A recurring payment for a subject: a creator's membership product (subject 'membership', paid to
 * `creator_id`) or the account's own plan (subject 'plan', paid to the platform: no creator, its
 * charges are plan_invoices, decision 025). Its period, status and the card it renews with (the test
 * provider's test card; Stripe keeps the card on its own subscription, `provider_ref`). Each paid
 * period is an order of its own (orders.subscription_id) and so a sale of the creator.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(), // sub_ + 24 random characters
    subject: text('subject', { enum: SUBSCRIPTION_SUBJECTS }).notNull().default('membership'),
    // Kept when the product or version goes: the member's and the books' record stays.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    versionId: uuid('version_id').references(() => productVersions.id, { onDelete: 'set null' }),
    tierName: text('tier_name'),
    /** Subject 'plan': the plan paid for, and a downgrade waiting for the period's end. */
    plan: text('plan', { enum: PAID_PLAN_IDS }),
    scheduledPlan: text('scheduled_plan', { enum: PAID_PLAN_IDS }),
    /** Who is paid: the product's creator. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    subscriberUserId: text('subscriber_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriberEmail: text('subscriber_email').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    /** The test provider's card (a public test number) the renewals are charged to. */
    testCard: text('test_card'),
    /** Stripe's subscription id. */
    providerRef: text('provider_ref').unique('subscriptions_provider_ref_unique'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Past due: when access ends unless a payment goes through. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** Owed to the member after a move to a cheaper tier: taken off the next renewal. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** The language of the member's mails. */
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The renewal task's scan: live subscriptions by the time something is due.
    index('subscriptions_due_idx').on(table.currentPeriodEnd).where(sql`status IN ('trialing', 'active')`),
    index('subscriptions_grace_idx').on(table.graceEndsAt).where(sql`status = 'past_due'`),
    index('subscriptions_creator_idx').on(table.creatorId, table.createdAt),
    index('subscriptions_creator_email_idx').on(table.creatorId, sql`lower(${table.subscriberEmail})`),
    index('subscriptions_subscriber_idx').on(table.subscriberUserId, table.createdAt),
    // One live membership per member and product.
    uniqueIndex('subscriptions_live_unique').on(table.productId, table.subscriberUserId).where(sql`status IN ('trialing', 'active', 'past_due')`),
    // One live plan subscription per account.
    uniqueIndex('subscriptions_plan_live_unique').on(table.subscriberUserId).where(sql`subject = 'plan' AND status IN ('trialing', 'active', 'past_due')`),
    check('subscriptions_price_check', sql`${table.priceCents} >= 0 AND ${table.creditCents} >= 0`),
  ],
);

/**
 * Every free trial given, kept apart from the subscriptions so the record outlives the member's account
 * (no reference to users: deleting the account leaves it): one trial per buyer account, e-mail address
 * (lower-cased) and, with Stripe, card fingerprint, per product (issue #42, decision 022).
 */
export const membershipTrials = pgTable(
  'membership_trials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The account that had it (no reference: kept when the account goes). */
    userId: text('user_id'),
    email: text('email').notNull(),
    /** Stripe's fingerprint of the card the trial began with, when known. */
    cardFingerprint: text('card_fingerprint'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('membership_trials_email_idx').on(table.productId, table.email),
    index('membership_trials_user_idx').on(table.productId, table.userId),
    index('membership_trials_card_idx').on(table.productId, table.cardFingerprint).where(sql`card_fingerprint IS NOT NULL`),
    check('membership_trials_email_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Stripe Billing events already handled (decision 027): the event id is written in the transaction
 * that applies it, so a replayed or retried delivery changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
