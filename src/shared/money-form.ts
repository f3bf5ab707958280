import { z } from 'zod';
import { dollarsToCents } from './invoices.ts';
import type { CodedMessage } from './messages.ts';

// The typed-amount forms (Refund, Request Payout): one field, a dollar amount, checked by the
// feature's own rule. Kept apart from the features' rules: zod comes only with the dialogs and routes.

export interface AmountForm {
  amount: string;
}

/** The amount field's text for `cents`, in dollars ("12.50"). */
export const amountText = (cents: number) => (cents / 100).toFixed(2);

/** The cents of a typed amount ("$1,250.5" → 125050), undefined when it is not one. */
export const amountTextCents = (amount: string) => dollarsToCents(amount.replace(/^\s*\$/, '').replace(/,/g, ''));

/** The form's schema: the typed amount as cents, or the rule's problem (its English message) on the field. */
export const amountFormSchema = (problemOf: (amount: string) => CodedMessage | undefined) =>
  z.object({ amount: z.string() }).transform(({ amount }, ctx) => {
    const problem = problemOf(amount);
    if (!problem) return { amountCents: amountTextCents(amount)! };
    ctx.addIssue({ code: 'custom', path: ['amount'], message: problem.message });
    return z.NEVER;
  });
