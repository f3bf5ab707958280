import { isValidEmail } from './invoices.ts';
import { CURRENCY_RULES, type Currency, formatMoney, STORE_CURRENCY } from './money.ts';
import { coded, type CodedMessage } from './messages.ts';
import {
  bankAccountKind,
  compactAccountNumber,
  formatIban,
  isValidAbaRouting,
  isValidAccountNumber,
  isValidBic,
  isValidIban,
  isValidUsAccountNumber,
} from './payouts-bank-account.ts';
import { isCountryCode } from './orders-tax.ts';

/** The smallest payout a creator may request ($10.00). */
/** The smallest payout in `currency` (about $10; CURRENCY_RULES). */
export const payoutMinimum = (currency: Currency = STORE_CURRENCY) => CURRENCY_RULES[currency].minPayout;

export const PAYOUT_MESSAGES = {
  invalidEmail: 'Invalid Email: Please enter a valid email address.',
  holderRequired: "Please enter the account holder's name as the bank knows it.",
  countryRequired: "Please choose the bank's country.",
  invalidIban: "Please enter this country's IBAN: check its length and digits.",
  invalidAccountNumber: 'Please enter the account number (letters and digits).',
  invalidRouting: 'Please enter the 9-digit ABA routing number.',
  invalidBic: 'Please enter an 8 or 11 character SWIFT/BIC code, or leave it empty.',
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
  adjustmentAmountRequired: 'Please enter an amount other than zero, like 25.00 or -25.00.',
  adjustmentReasonRequired: 'Please say why the balance is adjusted; the creator sees it.',
  adjustmentUserNotFound: 'That user does not exist.',
  adjustmentOwnBalance: 'You cannot adjust your own balance.',
  balanceNegative: (balance: string) =>
    `Payouts On Hold: Refunds or adjustments after earlier payouts left your balance at ${balance}. Payouts resume once new earnings cover it.`,
} as const;

/** An admin's adjustment of a balance (issue #45): at most this far either way, with a reason of at most this length. */
export const BALANCE_ADJUSTMENT = { maxCents: 100_000_000, reasonMax: 500 } as const;

/** Realtime event on a creator's channel when their payout method or one of their payouts changes. */
export const PAYOUT_EVENT = 'payouts.changed';

/** A payout is processing until an admin completes or fails it (a failed one gives its amount back). */
export const PAYOUT_STATUSES = ['processing', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A bank account in an IBAN country (the IBAN stored compact, shown by formatIban). */
export type IbanBankMethod = { type: 'bank'; holder: string; country: string; iban: string };
/** A US bank account: account and ABA routing number. */
export type UsBankMethod = { type: 'bank'; holder: string; country: 'US'; accountNumber: string; routingNumber: string };
/** A bank account elsewhere: account number and, when given, the bank's SWIFT/BIC. */
export type OtherBankMethod = { type: 'bank'; holder: string; country: string; accountNumber: string; bic?: string };
/** A bank method saved before decision 034: one free "Bank account ID"; still paid, completed when next edited. */
export type LegacyBankMethod = { type: 'bank'; accountId: string };
export type BankMethod = IbanBankMethod | UsBankMethod | OtherBankMethod | LegacyBankMethod;

/** Where a creator's payouts go (SPEC §3 payout_method_details). */
export type PayoutMethod = { type: 'paypal'; email: string } | BankMethod;

export const isLegacyBankMethod = (method: PayoutMethod): method is LegacyBankMethod => method.type === 'bank' && 'accountId' in method;

/** The fields of the payout method form; a problem is shown next to its field. */
export type PayoutMethodField = 'email' | 'holder' | 'country' | 'iban' | 'accountNumber' | 'routingNumber' | 'bic';

/** A payout method as entered (PUT /api/payouts/method). */
export type PayoutMethodInput =
  | { type: 'paypal'; email?: unknown }
  | { type: 'bank'; holder?: unknown; country?: unknown; iban?: unknown; accountNumber?: unknown; routingNumber?: unknown; bic?: unknown };

/** What the balance is made of: the ledger's balances (src/shared/ledger.ts). */
export interface BalanceParts {
  /**
   * The user's balance in the ledger from payments with real money: their earnings less payouts
   * processing or completed (a failed one gives its amount back; src/shared/ledger.ts).
   */
  balanceCents: number;
  /** That of test-card payments (the built-in test provider); 0 when absent. */
  testBalanceCents?: number;
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
  const testCents = options.testMoneyPayable ? (parts.testBalanceCents ?? 0) : 0;
  return parts.balanceCents + testCents;
}

/** A balance below 0: what refunds after payouts still owe, holding payouts until covered. */
export const balanceOwed = (balanceCents: number): boolean => balanceCents < 0;

/** Test-payment money held out of the available balance (shown apart as "Test balance"); 0 where it is payable. */
export function heldTestBalanceCents(parts: BalanceParts, options: { testMoneyPayable: boolean }): number {
  return options.testMoneyPayable ? 0 : (parts.testBalanceCents ?? 0);
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

type PayoutMethodProblems = Partial<Record<PayoutMethodField, string>>;

/**
 * A payout method as entered: PayPal with a valid e-mail, or a bank account by its country's rules
 * (payouts-bank-account.ts). Problems come one per field, keyed by the field, in the form's order.
 */
export function validatePayoutMethod(input: PayoutMethodInput): { ok: true; value: PayoutMethod } | { ok: false; problems: PayoutMethodProblems } {
  if (input.type === 'paypal') {
    const email = text(input.email);
    return isValidEmail(email) ? { ok: true, value: { type: 'paypal', email } } : { ok: false, problems: { email: PAYOUT_MESSAGES.invalidEmail } };
  }
  const problems: PayoutMethodProblems = {};
  const holder = text(input.holder).replace(/\s+/g, ' ');
  if (holder.length < 2 || holder.length > 140) problems.holder = PAYOUT_MESSAGES.holderRequired;
  const country = text(input.country).toUpperCase();
  if (!isCountryCode(country)) return { ok: false, problems: { ...problems, country: PAYOUT_MESSAGES.countryRequired } };
  const kind = bankAccountKind(country);
  if (kind === 'iban') {
    const iban = compactAccountNumber(text(input.iban));
    if (!isValidIban(iban, country)) problems.iban = PAYOUT_MESSAGES.invalidIban;
    return Object.keys(problems).length ? { ok: false, problems } : { ok: true, value: { type: 'bank', holder, country, iban } };
  }
  const accountNumber = compactAccountNumber(text(input.accountNumber));
  if (kind === 'us') {
    const routingNumber = compactAccountNumber(text(input.routingNumber));
    if (!isValidUsAccountNumber(accountNumber)) problems.accountNumber = PAYOUT_MESSAGES.invalidAccountNumber;
    if (!isValidAbaRouting(routingNumber)) problems.routingNumber = PAYOUT_MESSAGES.invalidRouting;
    return Object.keys(problems).length ? { ok: false, problems } : { ok: true, value: { type: 'bank', holder, country: 'US', accountNumber, routingNumber } };
  }
  const bic = compactAccountNumber(text(input.bic));
  if (!isValidAccountNumber(accountNumber)) problems.accountNumber = PAYOUT_MESSAGES.invalidAccountNumber;
  if (bic && !isValidBic(bic)) problems.bic = PAYOUT_MESSAGES.invalidBic;
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, value: { type: 'bank', holder, country, accountNumber, ...(bic ? { bic } : {}) } };
}

/** The last four characters of the account a bank method pays into. */
export const bankAccountLast4 = (method: BankMethod) =>
  compactAccountNumber('accountId' in method ? method.accountId : 'iban' in method ? method.iban : method.accountNumber).slice(-4);

/** "PayPal (jo@example.com)" or "Bank account ••••6789": how a method is shown in lists. */
export function describePayoutMethod(method: PayoutMethod): string {
  return method.type === 'paypal' ? `PayPal (${method.email})` : `Bank account ••••${bankAccountLast4(method)}`;
}

/** What an admin needs to pay a bank method by hand, field by field (the IBAN grouped by four; a legacy method its account id). */
export function bankPaymentDetails(method: BankMethod): { field: 'holder' | 'country' | 'iban' | 'accountNumber' | 'routingNumber' | 'bic' | 'accountId'; value: string }[] {
  if ('accountId' in method) return [{ field: 'accountId', value: method.accountId }];
  const account =
    'iban' in method
      ? [{ field: 'iban' as const, value: formatIban(method.iban) }]
      : [
          { field: 'accountNumber' as const, value: method.accountNumber },
          ...('routingNumber' in method ? [{ field: 'routingNumber' as const, value: method.routingNumber }] : []),
          ...('bic' in method && method.bic ? [{ field: 'bic' as const, value: method.bic }] : []),
        ];
  return [{ field: 'holder', value: method.holder }, { field: 'country', value: method.country }, ...account];
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
