/**
 * The ledger's rules (issue #45, docs/decisions/035-connect-and-ledger.md): every movement of money is
 * one transaction of entries that sum to zero, debits positive. What each movement posts is decided
 * here, once; the server writes it beside the change it records (modules/ledger) and every balance
 * is a sum over the entries (`balanceOf`).
 */
import { keptCommissionCents, saleFeeCents } from './sales-money.ts';

/**
 * - `provider`: money held at the payment provider (or by the platform), an asset;
 * - `tax_payable`: tax collected on top of prices, owed to the tax authorities;
 * - `platform_fees`: the platform's own revenue (its fees, creators' plan payments; adjustments it pays for);
 * - `balance` (per owner): what the platform owes a user, their sales' and invoices' net and the
 *   commissions they earned as an affiliate, less what was paid out; negative when they owe it;
 * - `payouts_in_transit` (per owner): payouts requested and not yet completed or failed.
 */
export const LEDGER_ACCOUNTS = ['provider', 'tax_payable', 'platform_fees', 'balance', 'payouts_in_transit'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Accounts of what the platform owes or earned (credit-normal): their balance is the entries' sum negated. */
const CREDIT_NORMAL: ReadonlySet<LedgerAccount> = new Set(['tax_payable', 'platform_fees', 'balance', 'payouts_in_transit']);

/** What a balance of `account` shows, from the sum of its entries (debits positive). */
export const accountBalance = (account: LedgerAccount, entriesSum: number) => (CREDIT_NORMAL.has(account) ? 0 - entriesSum : entriesSum);

export const LEDGER_KINDS = ['sale', 'refund', 'invoice_payment', 'payout', 'payout_completed', 'payout_failed', 'adjustment', 'plan_payment', 'transfer', 'transfer_reversal', 'dispute_won'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The movements that make a user's earnings: their sales (and the commissions they earned) less refunds
 * (a dispute's chargeback is booked as refunds), paid invoices, and disputes won back.
 */
export const EARNING_KINDS: readonly LedgerKind[] = ['sale', 'refund', 'invoice_payment', 'dispute_won'];

export interface LedgerEntry {
  account: LedgerAccount;
  /** The user of a per-owner account (`balance`, `payouts_in_transit`); null for a deleted one's. */
  ownerId: string | null;
  amountCents: number;
}

/** A sale as the ledger posts it: its price, the tax on top, the plan's fee and the affiliate's commission. */
export interface LedgerSale {
  amountCents: number;
  taxCents: number;
  feeCents: number;
  commissionCents: number;
  creatorId: string | null;
  affiliateId: string | null;
}

/** Entries of a zero amount say nothing and are left out. */
const nonZero = (entries: LedgerEntry[]) => entries.filter((entry) => entry.amountCents !== 0);

/**
 * A sale: the buyer's money (price and tax) arrives at the provider; the tax is owed, the fee is the
 * platform's, the commission the affiliate's and the rest the creator's.
 */
export function saleEntries(sale: LedgerSale): LedgerEntry[] {
  const creatorNet = sale.amountCents - sale.feeCents - sale.commissionCents;
  return nonZero([
    { account: 'provider', ownerId: null, amountCents: sale.amountCents + sale.taxCents },
    { account: 'tax_payable', ownerId: null, amountCents: -sale.taxCents },
    { account: 'platform_fees', ownerId: null, amountCents: -sale.feeCents },
    { account: 'balance', ownerId: sale.affiliateId, amountCents: -sale.commissionCents },
    { account: 'balance', ownerId: sale.creatorId, amountCents: -creatorNet },
  ]);
}

/**
 * A refund of `refund.amountCents` (and its tax) of a sale that had `refundedBeforeCents` refunded: the
 * fee and the commission give back what the refunded part took (their kept parts before less after,
 * so that any number of partial refunds add up to the whole), and the creator gives back the rest.
 */
export function refundEntries(sale: LedgerSale, refundedBeforeCents: number, refund: { amountCents: number; taxCents: number }): LedgerEntry[] {
  const before = { amountCents: sale.amountCents, refundedCents: refundedBeforeCents };
  const after = { amountCents: sale.amountCents, refundedCents: refundedBeforeCents + refund.amountCents };
  const fee = saleFeeCents({ ...before, feeCents: sale.feeCents }) - saleFeeCents({ ...after, feeCents: sale.feeCents });
  const commission = keptCommissionCents({ ...before, commissionCents: sale.commissionCents }) - keptCommissionCents({ ...after, commissionCents: sale.commissionCents });
  return nonZero([
    { account: 'provider', ownerId: null, amountCents: -(refund.amountCents + refund.taxCents) },
    { account: 'tax_payable', ownerId: null, amountCents: refund.taxCents },
    { account: 'platform_fees', ownerId: null, amountCents: fee },
    { account: 'balance', ownerId: sale.affiliateId, amountCents: commission },
    { account: 'balance', ownerId: sale.creatorId, amountCents: refund.amountCents - fee - commission },
  ]);
}

/** An invoice paid on its payment page: all of it is the creator's (invoices carry no fee). */
export const invoicePaymentEntries = (creatorId: string | null, totalCents: number): LedgerEntry[] =>
  nonZero([
    { account: 'provider', ownerId: null, amountCents: totalCents },
    { account: 'balance', ownerId: creatorId, amountCents: -totalCents },
  ]);

/**
 * A payout's steps: requested, its amount leaves the balance and is in transit; completed, it leaves
 * the provider; failed, it comes back to the balance.
 */
export function payoutEntries(step: 'payout' | 'payout_completed' | 'payout_failed', ownerId: string, amountCents: number): LedgerEntry[] {
  const from: LedgerAccount = step === 'payout' ? 'balance' : 'payouts_in_transit';
  const to: LedgerAccount = step === 'payout' ? 'payouts_in_transit' : step === 'payout_completed' ? 'provider' : 'balance';
  return [
    { account: from, ownerId, amountCents },
    { account: to, ownerId: to === 'provider' ? null : ownerId, amountCents: -amountCents },
  ];
}

/** A creator's payment for their plan (a subscription, renewal or upgrade): the platform's own revenue. */
export const planPaymentEntries = (amountCents: number): LedgerEntry[] =>
  nonZero([
    { account: 'provider', ownerId: null, amountCents },
    { account: 'platform_fees', ownerId: null, amountCents: -amountCents },
  ]);

/** An admin's adjustment of a user's balance, paid for (or taken in) by the platform: positive credits the user. */
export const adjustmentEntries = (ownerId: string, amountCents: number): LedgerEntry[] => [
  { account: 'balance', ownerId, amountCents: -amountCents },
  { account: 'platform_fees', ownerId: null, amountCents },
];

/**
 * Money moved to (`transfer`) or taken back from (`transfer_reversal`) a user's payout account at the
 * provider: it leaves (or comes back to) the provider's money the platform holds, and the user's balance.
 */
export const transferEntries = (step: 'transfer' | 'transfer_reversal', ownerId: string, amountCents: number): LedgerEntry[] => {
  const sign = step === 'transfer' ? 1 : -1;
  return [
    { account: 'balance', ownerId, amountCents: sign * amountCents },
    { account: 'provider', ownerId: null, amountCents: -sign * amountCents },
  ];
};

/** Whether the entries sum to zero (the database refuses a transaction that does not). */
export const entriesBalance = (entries: readonly LedgerEntry[]) => entries.reduce((sum, entry) => sum + entry.amountCents, 0) === 0;
