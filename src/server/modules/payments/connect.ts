// Stripe Connect (decision 035): payout accounts at the provider and the money moved to them. Separate
// charges and transfers: the platform charges the buyer, then transfers each owner's part of the order
// (transfer_group = the order, source_transaction = its charge), and a refund reverses part of it. The
// test provider simulates the same without moving money: its accounts' state lives in payout_accounts.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '../../db/client.ts';
import { payoutAccounts } from '../../db/schema/payments.ts';
import type { PayableOrder } from './contract.ts';
import { atStripe, idOf } from './stripe-client.ts';

/** A payout account's state as the provider reports it. */
export interface ConnectedAccountState {
  detailsSubmitted: boolean;
  transfersEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: string[];
}

export interface ConnectedBalance {
  currency: string;
  availableCents: number;
  pendingCents: number;
}

export interface ConnectedPayout {
  ref: string;
  amountCents: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrivalDate: Date;
}

/** A provider's Connect: what the payouts module calls. */
export interface Connect {
  createAccount(input: { userId: string; email: string; country: string | null }): Promise<{ ref: string }>;
  /** Where the owner gives the provider their details; it sends them back to `returnUrl` (or `refreshUrl` when the link expired). */
  onboardingUrl(ref: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account as the provider has it now; undefined for the test provider, whose state is ours. */
  account(ref: string): Promise<ConnectedAccountState | undefined>;
  transfer(input: { destination: string; amountCents: number; currency: string; order: PayableOrder; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ ref: string }>;
  reverse(transferRef: string, input: { amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ ref: string }>;
  /** The account's money at the provider and its latest payouts; undefined for the test provider. */
  money(ref: string): Promise<{ balances: ConnectedBalance[]; payouts: ConnectedPayout[] } | undefined>;
}

/** Stripe's account as Zerri keeps it. */
export const accountState = (account: Stripe.Account): ConnectedAccountState => ({
  detailsSubmitted: Boolean(account.details_submitted),
  transfersEnabled: account.capabilities?.transfers === 'active',
  payoutsEnabled: Boolean(account.payouts_enabled),
  requirements: account.requirements?.currently_due ?? [],
});

const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/** Stripe Connect through Stripe's SDK: Express accounts, account links, transfers and their reversals. */
export function stripeConnect(stripe: Stripe): Connect {
  /** The charge a Checkout Session's payment made: the transfer's source, so it never waits on the platform's balance. */
  async function sourceCharge(order: PayableOrder): Promise<string | undefined> {
    if (!order.providerRef?.startsWith('cs_')) return undefined; // a subscription's invoice: from the platform's balance
    const session = await atStripe('session lookup', () => stripe.checkout.sessions.retrieve(order.providerRef!));
    const intent = idOf(session.payment_intent);
    if (!intent) return undefined;
    return idOf((await atStripe('payment lookup', () => stripe.paymentIntents.retrieve(intent))).latest_charge) ?? undefined;
  }

  return {
    async createAccount({ userId, email, country }) {
      const account = await atStripe('account creation', () =>
        stripe.accounts.create(
          { type: 'express', email, ...(country ? { country } : {}), capabilities: { transfers: { requested: true } }, metadata: { user_id: userId } },
          { idempotencyKey: `account-${userId}` },
        ),
      );
      return { ref: account.id };
    },
    async onboardingUrl(ref, urls) {
      const link = await atStripe('account link', () =>
        stripe.accountLinks.create({ account: ref, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl }),
      );
      return link.url;
    },
    async account(ref) {
      return accountState(await atStripe('account lookup', () => stripe.accounts.retrieve(ref)));
    },
    async transfer(input) {
      const source = await sourceCharge(input.order);
      const transfer = await atStripe('transfer', () =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            destination: input.destination,
            transfer_group: input.order.id,
            ...(source ? { source_transaction: source } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { ref: transfer.id };
    },
    async reverse(transferRef, input) {
      const reversal = await atStripe('transfer reversal', () =>
        stripe.transfers.createReversal(transferRef, { amount: input.amountCents, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey }),
      );
      return { ref: reversal.id };
    },
    async money(ref) {
      const [balance, payouts] = await Promise.all([
        atStripe('balance lookup', () => stripe.balance.retrieve({}, { stripeAccount: ref })),
        atStripe('payouts lookup', () => stripe.payouts.list({ limit: 10 }, { stripeAccount: ref })),
      ]);
      const currencies = new Set([...balance.available, ...balance.pending].map((entry) => entry.currency));
      const sum = (list: { amount: number; currency: string }[], currency: string) => list.filter((entry) => entry.currency === currency).reduce((total, entry) => total + entry.amount, 0);
      return {
        balances: [...currencies].map((currency) => ({ currency: currency.toUpperCase(), availableCents: sum(balance.available, currency), pendingCents: sum(balance.pending, currency) })),
        payouts: payouts.data.map((payout) => ({
          ref: payout.id,
          amountCents: payout.amount,
          currency: payout.currency.toUpperCase(),
          status: PAYOUT_STATUSES.find((status) => status === payout.status) ?? 'pending',
          arrivalDate: new Date(payout.arrival_date * 1000),
        })),
      };
    },
  };
}

const testRef = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * The test provider's Connect: accounts and transfers with test ids and no money moved; onboarding is
 * a page of Zerri's own (/dashboard/payouts/test-onboarding) that sets the account's state.
 */
export const testConnect: Connect = {
  async createAccount() {
    return { ref: testRef('acct') };
  },
  async onboardingUrl(_ref, urls) {
    return `${new URL(urls.returnUrl).origin}/dashboard/payouts/test-onboarding`;
  },
  async account() {
    return undefined;
  },
  async transfer() {
    return { ref: testRef('tr') };
  },
  async reverse() {
    return { ref: testRef('trr') };
  },
  async money() {
    return undefined;
  },
};

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function getPayoutAccount(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

export async function payoutAccountByRef(db: Executor, ref: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountRef, ref));
  return row;
}

/** Keeps what the provider reported about account `ref`; the row, or undefined for an account that is not ours. */
export async function saveAccountState(db: Executor, ref: string, state: ConnectedAccountState): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(payoutAccounts.accountRef, ref))
    .returning();
  return row;
}
