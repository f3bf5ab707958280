// The subscriptions table as the subscription engine reads it: one row per membership or plan,
// whichever provider bills it (the test provider on the app's clock, or Stripe Billing).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SubscriptionSubject } from '#shared/memberships.ts';
import { LANGUAGES } from '#shared/profiles.ts';
import type { Db, Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/memberships.ts';
import type { ProviderSubscription } from './contract.ts';

export type Subscription = typeof subscriptions.$inferSelect;

export async function getSubscription(db: Executor, id: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The subscription locked for an update in `tx`. */
export async function lockSubscription(tx: Executor, id: string): Promise<Subscription | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/**
 * Live subscriptions of the test provider of a subject whose period (trial or paid) ended by `now`,
 * oldest first. Stripe renews its own (decision 027).
 */
export async function dueSubscriptionIds(db: Db, subject: SubscriptionSubject, now: Date, limit: number) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subject, subject),
        eq(subscriptions.provider, 'test'),
        inArray(subscriptions.status, ['trialing', 'active']),
        sql`${subscriptions.currentPeriodEnd} <= ${now}`,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Past-due subscriptions of a subject whose grace period is over by `now`. */
export async function graceOverIds(db: Db, subject: SubscriptionSubject, now: Date, limit: number) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.subject, subject), eq(subscriptions.status, 'past_due'), sql`${subscriptions.graceEndsAt} <= ${now}`))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The subscription the provider knows as `ref`, locked in `tx`. */
export async function lockSubscriptionByProviderRef(tx: Executor, ref: string): Promise<Subscription | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerRef, ref)).for('update');
  return row;
}

/**
 * What a subscription the provider's billing started (Stripe Checkout, decision 027) takes from it, for
 * a membership's or a plan's new row: interval, price, status, periods, the language it was bought in.
 */
export function providerSubscriptionFields(provided: ProviderSubscription) {
  const meta = provided.metadata;
  const trialing = provided.status === 'trialing';
  return {
    interval: meta.interval === 'year' ? ('year' as const) : ('month' as const),
    priceCents: provided.amountCents,
    status: trialing ? ('trialing' as const) : ('active' as const),
    provider: 'stripe' as const,
    providerRef: provided.ref,
    testMode: provided.testMode,
    currentPeriodStart: provided.currentPeriodStart,
    currentPeriodEnd: provided.currentPeriodEnd,
    trialEndsAt: trialing ? provided.trialEnd : null,
    locale: LANGUAGES.find((language) => language === meta.locale) ?? 'en',
    createdAt: provided.currentPeriodStart,
  };
}
