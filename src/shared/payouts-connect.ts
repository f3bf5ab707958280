/**
 * Payout accounts at the payment provider (Stripe Connect Express, or the built-in test provider's
 * simulation; issue #45, docs/decisions/035-connect-and-ledger.md): their states, the operator's choice
 * for creators without one, and the words of both.
 */
import { z } from 'zod';
import { currencySchema } from './api-contract.ts';

/**
 * What the platform does with a creator who has no payout account that takes transfers: their money is
 * `held` by the platform (paid out by the manual payouts), or they must `connect_first` before selling.
 */
export const UNCONNECTED_SELLERS = ['held', 'connect_first'] as const;
export type UnconnectedSellers = (typeof UNCONNECTED_SELLERS)[number];

/** A payout account's state as the creator sees it. */
export const PAYOUT_ACCOUNT_STATUSES = ['details_needed', 'pending_verification', 'payouts_enabled'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** Details still to give, then the provider's verification, then payouts (and transfers) enabled. */
export function payoutAccountStatus(account: { detailsSubmitted: boolean; payoutsEnabled: boolean; transfersEnabled: boolean }): PayoutAccountStatus {
  if (account.payoutsEnabled && account.transfersEnabled) return 'payouts_enabled';
  return account.detailsSubmitted ? 'pending_verification' : 'details_needed';
}

export const CONNECT_MESSAGES = {
  unavailable: 'Payout accounts are not available on this platform.',
  noAccount: 'Connect a payout account first.',
  notTestAccount: 'This payout account is not a test account.',
  connectFirst: (creator: string) => `${creator} cannot take payments yet: they have not connected a payout account.`,
} as const;

export const payoutAccountSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** What the provider still needs, in its own words (Stripe's requirement names). */
  requirements: z.array(z.string()),
  /** Whether it takes transfers: the creator's money goes there rather than staying held by the platform. */
  transfersEnabled: z.boolean(),
  testMode: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** Money at the provider in a payout account, per currency. */
export const connectedBalanceSchema = z.object({ currency: currencySchema, availableCents: z.number().int(), pendingCents: z.number().int() });

/** A payout the provider made (or is making) from the payout account to the creator's bank. */
export const connectedPayoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']),
  arrivalDate: z.string(),
});

/** The Payouts page's payout account card: the account (null before connecting), and its money at the provider. */
export const payoutAccountOverviewSchema = z.object({
  /** Whether this platform offers payout accounts (Stripe, or the test provider). */
  available: z.boolean(),
  unconnectedSellers: z.enum(UNCONNECTED_SELLERS),
  account: payoutAccountSchema.nullable(),
  balances: z.array(connectedBalanceSchema),
  payouts: z.array(connectedPayoutSchema),
  /** What was transferred to the account, less what refunds took back, per currency. */
  transferredCents: z.number().int(),
});
export type PayoutAccountOverview = z.infer<typeof payoutAccountOverviewSchema>;

/** POST /api/payouts/account: where the browser goes to give the provider its details (its onboarding). */
export const payoutAccountLinkSchema = z.object({ url: z.string() });
export const payoutAccountAnswerSchema = z.object({ account: payoutAccountSchema });
