import { z } from 'zod';
import { dollarsToCents } from './invoices.ts';
import { refundAmountProblem, type RefundAmountProblem } from './sales.ts';

// Kept apart from sales.ts: zod comes only with the Refund dialog and the route.

/** The body of POST /api/sales/:id/refund, if any: the amount in cents, everything left when left out (checked by refundAmountProblem). */
export const refundSaleBodySchema = z.object({ amountCents: z.number().optional() }).nullish();
export type RefundSaleBody = z.infer<typeof refundSaleBodySchema>;

/** The amount field's starting text: what is left, in dollars ("12.50"). */
export const refundAmountText = (cents: number) => (cents / 100).toFixed(2);

const amountTextCents = (amount: string) => dollarsToCents(amount.replace(/^\s*\$/, '').replace(/,/g, ''));

/** Why a typed amount ("$5.00") cannot be refunded when `leftCents` is left, with the problem's code and values (the form's message). */
export function refundAmountTextProblem(amount: string, leftCents: number): RefundAmountProblem | undefined {
  const cents = amountTextCents(amount);
  return cents === undefined ? refundAmountProblem(Number.NaN, leftCents) : refundAmountProblem(cents, leftCents);
}

/** The Refund dialog's form: a typed dollar amount, from one cent to `leftCents`, as cents. */
export const refundAmountFormSchema = (leftCents: number) =>
  z.object({ amount: z.string() }).transform(({ amount }, ctx) => {
    const problem = refundAmountTextProblem(amount, leftCents);
    if (!problem) return { amountCents: amountTextCents(amount)! };
    ctx.addIssue({ code: 'custom', path: ['amount'], message: problem.message });
    return z.NEVER;
  });
export type RefundAmountForm = z.input<ReturnType<typeof refundAmountFormSchema>>;
