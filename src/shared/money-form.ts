import { z } from 'zod';
import type { CodedMessage } from './messages.ts';
import { amountToMinor, type Currency, decimalAmount, STORE_CURRENCY } from './money.ts';

// The typed-amount forms (Refund, Request Payout): one field, a dollar amount, checked by the
// feature's own rule. Kept apart from the features' rules: zod comes only with the dialogs and routes.

export interface AmountForm {
  amount: string;
}

/** The amount field's text for `minor` units of `currency` ("12.50", "1500" in yen). */
export const amountText = (minor: number, currency: Currency = STORE_CURRENCY) => decimalAmount(minor, currency);

/** The minor units of a typed amount ("$1,250.5" → 125050), undefined when it is not one (yen take no decimals). */
export const amountTextCents = (amount: string, currency: Currency = STORE_CURRENCY) => amountToMinor(amount, currency);

/** The form's schema: the typed amount as cents, or the rule's problem (its English message) on the field. */
export const amountFormSchema = (problemOf: (amount: string) => CodedMessage | undefined, currency: Currency = STORE_CURRENCY) =>
  z.object({ amount: z.string() }).transform(({ amount }, ctx) => {
    const problem = problemOf(amount);
    if (!problem) return { amountCents: amountTextCents(amount, currency)! };
    ctx.addIssue({ code: 'custom', path: ['amount'], message: problem.message });
    return z.NEVER;
  });
