// A creator's payout account at the provider (Stripe Connect Express, decision 035): connecting it
// (the provider's onboarding), its state kept from the provider, its money there, and the operator's
// choice for creators without one (Admin › Settings: held by the platform, or connect before selling).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONNECT_MESSAGES, payoutAccountStatus, type PayoutAccount, type PayoutAccountOverview, type UnconnectedSellers } from '#shared/payouts-connect.ts';
import { isCurrency, type Currency } from '#shared/money.ts';
import { PAYOUT_EVENT } from '#shared/payouts.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/auth.ts';
import { payoutAccounts } from '../../db/schema/payments.ts';
import { testAccountPayouts, transfers } from '../../db/schema/payouts.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { getPayoutAccount, saveAccountState, type ConnectedBalance, type ConnectedPayout, type PayoutAccountRow } from '../payments/connect.ts';
import { atProvider } from '../payments/errors.ts';

/** The test provider's daily payouts from its test payout accounts. */
export const TEST_ACCOUNT_PAYOUTS_TASK = 'payouts.test-accounts';

const unavailable = () => new NotFoundError(CONNECT_MESSAGES.unavailable, 'payout_accounts_unavailable');

export const presentPayoutAccount = (row: PayoutAccountRow): PayoutAccount => ({
  provider: row.provider,
  status: payoutAccountStatus(row),
  requirements: row.requirements,
  transfersEnabled: row.transfersEnabled,
  testMode: row.testMode,
});

/** What the operator chose for creators without a payout account that takes transfers. */
export async function unconnectedSellers(db: Executor): Promise<UnconnectedSellers> {
  const [row] = await db.select({ value: platformSettings.unconnectedSellers }).from(platformSettings);
  return row?.value ?? 'held';
}

/** The Payouts page's payout account card: the account, its money at the provider, and what was transferred to it. */
export async function payoutAccountOverview(ctx: AppContext, userId: string): Promise<PayoutAccountOverview> {
  const { db } = ctx.database;
  const provider = ctx.payments.provider;
  const [row, rule] = await Promise.all([getPayoutAccount(db, userId), unconnectedSellers(db)]);
  const [moved] = await db
    .select({ cents: sql<string>`coalesce(sum(${transfers.amountCents} - ${transfers.reversedCents}), 0)::bigint` })
    .from(transfers)
    .where(eq(transfers.userId, userId));
  // The provider's figures are a nicety: the page still shows the account when they cannot be read.
  const money = !row ? undefined : row.provider === 'test' ? await testAccountMoney(db, userId) : provider?.id === row.provider ? await provider.connect.money(row.accountRef).catch(() => undefined) : undefined;
  return {
    available: Boolean(provider),
    unconnectedSellers: rule,
    account: row ? presentPayoutAccount(row) : null,
    balances: (money?.balances ?? []).flatMap((balance) => (isCurrency(balance.currency) ? [{ ...balance, currency: balance.currency }] : [])),
    payouts: (money?.payouts ?? []).flatMap((payout) =>
      isCurrency(payout.currency) ? [{ id: payout.ref, amountCents: payout.amountCents, currency: payout.currency, status: payout.status, arrivalDate: payout.arrivalDate.toISOString() }] : [],
    ),
    transferredCents: Number(moved?.cents ?? 0),
  };
}

/**
 * Where the creator gives the provider their details: their payout account made first if they have
 * none (once, whatever the clicks), then an onboarding link that brings them back to Payouts.
 */
export async function connectPayoutAccount(ctx: AppContext, userId: string): Promise<{ url: string }> {
  const provider = ctx.payments.provider;
  if (!provider) throw unavailable();
  const { db } = ctx.database;
  let row = await getPayoutAccount(db, userId);
  if (row && row.provider !== provider.id) throw new ConflictError(CONNECT_MESSAGES.notTestAccount, 'payout_account_other_provider');
  if (!row) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw unavailable();
    const { ref } = await atProvider(provider.connect.createAccount({ userId, email: user.email, country: null }));
    await db
      .insert(payoutAccounts)
      .values({ userId, provider: provider.id, accountRef: ref, testMode: provider.id === 'test' })
      .onConflictDoNothing();
    row = (await getPayoutAccount(db, userId))!;
  }
  const page = `${ctx.config.PUBLIC_URL}/dashboard/payouts`;
  return { url: await atProvider(provider.connect.onboardingUrl(row.accountRef, { returnUrl: `${page}?connect=return`, refreshUrl: `${page}?connect=refresh` })) };
}

/** Reads the account's state from the provider now (the creator is back from its onboarding), rather than waiting for its webhook. */
export async function refreshPayoutAccount(ctx: AppContext, userId: string): Promise<PayoutAccount> {
  const { db } = ctx.database;
  const row = await getPayoutAccount(db, userId);
  if (!row) throw new NotFoundError(CONNECT_MESSAGES.noAccount, 'payout_account_not_found');
  const provider = ctx.payments.provider;
  const state = provider?.id === row.provider ? await atProvider(provider.connect.account(row.accountRef)) : undefined;
  const saved = state ? await saveAccountState(db, row.accountRef, state) : row;
  await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { account: true });
  return presentPayoutAccount(saved ?? row);
}

/**
 * The test provider's onboarding page submitted: the test account has its details and takes transfers
 * and payouts at once (as Stripe's test accounts do when given its test details).
 */
export async function completeTestOnboarding(ctx: AppContext, userId: string): Promise<PayoutAccount> {
  const { db } = ctx.database;
  const row = await getPayoutAccount(db, userId);
  if (!row) throw new NotFoundError(CONNECT_MESSAGES.noAccount, 'payout_account_not_found');
  if (row.provider !== 'test') throw new ConflictError(CONNECT_MESSAGES.notTestAccount, 'payout_account_not_test');
  const saved = await saveAccountState(db, row.accountRef, { detailsSubmitted: true, transfersEnabled: true, payoutsEnabled: true, requirements: [] });
  await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { account: true });
  return presentPayoutAccount(saved!);
}

/**
 * With "connect before selling" chosen, 409 naming the first of these creators who has no payout
 * account taking transfers: checkout, joining a membership and paying an invoice ask first.
 */
export async function assertCreatorsCanSell(ctx: AppContext, creatorIds: string[]): Promise<void> {
  const provider = ctx.payments.provider;
  const ids = [...new Set(creatorIds)];
  if (!provider || ids.length === 0) return;
  const { db } = ctx.database;
  if ((await unconnectedSellers(db)) !== 'connect_first') return;
  const ready = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(inArray(payoutAccounts.userId, ids), eq(payoutAccounts.transfersEnabled, true), eq(payoutAccounts.provider, provider.id)));
  const missing = ids.find((id) => !ready.some((row) => row.userId === id));
  if (!missing) return;
  const [profile] = await db.select({ name: userProfiles.name }).from(userProfiles).where(eq(userProfiles.id, missing));
  const creator = profile?.name || 'This creator';
  throw new ConflictError(CONNECT_MESSAGES.connectFirst(creator), 'creator_not_connected', { params: { creator } });
}

/** A test payout account's money: what was transferred to it less reversals and its automatic payouts. */
async function testAccountMoney(db: Executor, userId: string): Promise<{ balances: ConnectedBalance[]; payouts: ConnectedPayout[] }> {
  const available = await testAccountBalances(db, userId);
  const paid = await db.select().from(testAccountPayouts).where(eq(testAccountPayouts.userId, userId)).orderBy(desc(testAccountPayouts.createdAt)).limit(10);
  return {
    balances: available.map((balance) => ({ currency: balance.currency, availableCents: balance.cents, pendingCents: 0 })),
    payouts: paid.map((payout) => ({ ref: payout.id, amountCents: payout.amountCents, currency: payout.currency, status: 'paid', arrivalDate: payout.createdAt })),
  };
}

/** Per currency, what a test payout account holds: transfers less reversals less its payouts. */
async function testAccountBalances(db: Executor, userId: string): Promise<{ currency: Currency; cents: number }[]> {
  const { rows } = await db.execute<{ currency: Currency; cents: string }>(sql`
    SELECT currency, sum(cents)::bigint::text AS cents FROM (
      SELECT ${transfers.currency} AS currency, ${transfers.amountCents} - ${transfers.reversedCents} AS cents FROM ${transfers}
        WHERE ${transfers.userId} = ${userId} AND ${transfers.provider} = 'test'
      UNION ALL
      SELECT ${testAccountPayouts.currency}, 0 - ${testAccountPayouts.amountCents} FROM ${testAccountPayouts} WHERE ${testAccountPayouts.userId} = ${userId}
    ) moved GROUP BY currency ORDER BY currency`);
  return rows.map((row) => ({ currency: row.currency, cents: Number(row.cents) }));
}

/**
 * The test provider's automatic payouts (the recurring `payouts.test-accounts`, daily as Stripe's default
 * schedule): each test payout account that takes payouts is paid out what it holds, per currency. No money
 * moves; the creator's Payouts page shows the payout as Stripe's would.
 */
export async function payOutTestAccounts(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const accounts = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, 'test'), eq(payoutAccounts.payoutsEnabled, true)));
  let made = 0;
  for (const { userId } of accounts) {
    const paid = await db.transaction(async (tx) => {
      // One run at a time per account: the account row is the lock.
      await tx.select({ userId: payoutAccounts.userId }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).for('update');
      const due = (await testAccountBalances(tx, userId)).filter((balance) => balance.cents > 0);
      if (due.length) await tx.insert(testAccountPayouts).values(due.map((balance) => ({ userId, amountCents: balance.cents, currency: balance.currency, createdAt: ctx.clock.now() })));
      return due.length;
    });
    if (paid) await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { transfer: true });
    made += paid;
  }
  return made;
}
