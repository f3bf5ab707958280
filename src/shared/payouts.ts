import { isValidEmail } from './invoices.ts';
import { CURRENCY_RULES, type Currency, formatMoney, STORE_CURRENCY } from './money.ts';
import { coded, type CodedMessage } from './messages.ts';

/** The smallest payout a creator may request ($10.00). */
/** The smallest payout in `currency` (about $10; CURRENCY_RULES). */
export const payoutMinimum = (currency: Currency = STORE_CURRENCY) => CURRENCY_RULES[currency].minPayout;

export const PAYOUT_MESSAGES = {
  invalidEmail: 'Invalid Email: Please enter a valid email address.',
  invalidAccount: 'Invalid Account: Please enter a valid bank account ID.',
  methodSaved: 'Payout Method Saved',
  setupRequired: 'Setup Required: Please set up a payout method first.',
  noFunds: 'No Funds: No available balance for payout.',
  payoutNote: 'Payouts are typically processed within 3-5 business days.',
  idempotencyKeyRequired: 'An Idempotency-Key header (8 to 100 letters, digits, "-" or "_") is required.',
  payoutNotFound: 'Payout not found.',
  payoutProcessed: 'This payout has already been processed.',
  invalidPayoutAmount: 'Please enter an amount in dollars and cents, like 25.00.',
  payoutBelowMinimum: (minimum: string) => `The smallest payout is ${minimum}.`,
  payoutAboveBalance: (balance: string) => `You can request at most your available balance, ${balance}.`,
  balanceBelowMinimum: (minimum: string) => `Below Minimum: Payouts start at ${minimum}.`,
  balanceNegative: (balance: string) =>
    `Payouts On Hold: Refunds of sales already paid out left your balance at ${balance}. Payouts resume once new earnings cover it.`,
} as const;

/** Realtime event on a creator's channel when their payout method or one of their payouts changes. */
export const PAYOUT_EVENT = 'payouts.changed';

/** A payout is processing until an admin completes or fails it (a failed one gives its amount back). */
export const PAYOUT_STATUSES = ['processing', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const BANK_ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{3,62}[A-Za-z0-9]$/;

/** Where a creator's payouts go (SPEC §3 payout_method_details). */
export type PayoutMethod = { type: 'paypal'; email: string } | { type: 'bank'; accountId: string };

/** What the balance is made of (earnings as defined in sales-money.ts). */
export interface BalanceParts {
  /** Earnings from payments with real money. */
  earningsCents: number;
  /** Payouts processing or completed; failed ones give their amount back. */
  payoutsCents: number;
  /** Earnings from test-card payments (the built-in test provider); 0 when absent. */
  testEarningsCents?: number;
}

/**
 * Whether money from test payments may be paid out: outside production only, where it is the only
 * money there is. In production never, ALLOW_TEST_PAYMENTS or not (docs/decisions/009-test-payments.md).
 */
export const testMoneyPayable = (isProduction: boolean) => !isProduction;

/**
 * Available balance: earnings (sales and paid invoices less refunds, fees and commissions, plus
 * commissions earned) minus payouts (SPEC §5). Test-payment earnings count only when
 * `testMoneyPayable`. Not floored at 0: a refund of a sale whose money was already paid out (a
 * creator's sale, or the sale an affiliate's commission came from) leaves a debt, shown as a negative
 * balance that holds payouts until later earnings cover it (issue #42, decision 028).
 */
export function availableBalanceCents(parts: BalanceParts, options: { testMoneyPayable: boolean } = { testMoneyPayable: false }): number {
  const testCents = options.testMoneyPayable ? (parts.testEarningsCents ?? 0) : 0;
  return parts.earningsCents + testCents - parts.payoutsCents;
}

/** A balance below 0: what refunds after payouts still owe, holding payouts until covered. */
export const balanceOwed = (balanceCents: number): boolean => balanceCents < 0;

/** Test-payment money held out of the available balance (shown apart as "Test balance"); 0 where it is payable. */
export function heldTestBalanceCents(parts: BalanceParts, options: { testMoneyPayable: boolean }): number {
  return options.testMoneyPayable ? 0 : (parts.testEarningsCents ?? 0);
}

/**
 * Why a payout cannot be requested now, or undefined when it can (SPEC §5; a negative balance holds
 * payouts, then no method, no funds, and a balance under the minimum is too small).
 */
export function payoutRequestProblem(method: PayoutMethod | null | undefined, balanceCents: number, currency: Currency = STORE_CURRENCY): string | undefined {
  return payoutRequestIssue(method, balanceCents, currency)?.message;
}

/** payoutRequestProblem's message with its code (its key in PAYOUT_MESSAGES) and values, for its translations. */
export function payoutRequestIssue(method: PayoutMethod | null | undefined, balanceCents: number, currency: Currency = STORE_CURRENCY): CodedMessage | undefined {
  if (balanceOwed(balanceCents)) {
    const balance = formatMoney(balanceCents, undefined, currency);
    return { code: 'balanceNegative', message: PAYOUT_MESSAGES.balanceNegative(balance), params: { balance } };
  }
  if (!method) return coded(PAYOUT_MESSAGES, 'setupRequired');
  if (balanceCents <= 0) return coded(PAYOUT_MESSAGES, 'noFunds');
  if (balanceCents < payoutMinimum(currency)) {
    const minimum = formatMoney(payoutMinimum(currency), undefined, currency);
    return { code: 'balanceBelowMinimum', message: PAYOUT_MESSAGES.balanceBelowMinimum(minimum), params: { minimum } };
  }
  return undefined;
}

export type PayoutAmountProblem =
  | { code: 'invalid_payout_amount'; message: string; params?: undefined }
  | { code: 'payout_below_minimum'; message: string; params: { minimum: string } }
  | { code: 'payout_above_balance'; message: string; params: { balance: string } };

/** Why `amountCents` cannot be paid out of `balanceCents`: a whole positive number of cents, from the minimum to the balance. */
export function payoutAmountProblem(amountCents: number, balanceCents: number, currency: Currency = STORE_CURRENCY): PayoutAmountProblem | undefined {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { code: 'invalid_payout_amount', message: PAYOUT_MESSAGES.invalidPayoutAmount };
  if (amountCents < payoutMinimum(currency)) {
    const minimum = formatMoney(payoutMinimum(currency), undefined, currency);
    return { code: 'payout_below_minimum', message: PAYOUT_MESSAGES.payoutBelowMinimum(minimum), params: { minimum } };
  }
  if (amountCents > balanceCents) {
    const balance = formatMoney(balanceCents, undefined, currency);
    return { code: 'payout_above_balance', message: PAYOUT_MESSAGES.payoutAboveBalance(balance), params: { balance } };
  }
  return undefined;
}

/** A payout method as entered: PayPal with a valid e-mail, or a bank account id. */
export function validatePayoutMethod(
  input: { type: 'paypal'; email: unknown } | { type: 'bank'; accountId: unknown },
): { ok: true; value: PayoutMethod } | { ok: false; message: string } {
  if (input.type === 'paypal') {
    const email = text(input.email);
    return isValidEmail(email) ? { ok: true, value: { type: 'paypal', email } } : { ok: false, message: PAYOUT_MESSAGES.invalidEmail };
  }
  const accountId = text(input.accountId).replace(/\s+/g, ' ');
  return BANK_ACCOUNT_PATTERN.test(accountId)
    ? { ok: true, value: { type: 'bank', accountId } }
    : { ok: false, message: PAYOUT_MESSAGES.invalidAccount };
}

/** "PayPal (jo@example.com)" or "Bank account ••••6789": how a method is shown in lists. */
export function describePayoutMethod(method: PayoutMethod): string {
  return method.type === 'paypal' ? `PayPal (${method.email})` : `Bank account ••••${method.accountId.replace(/[\s-]/g, '').slice(-4)}`;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
