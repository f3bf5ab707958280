import { z } from 'zod';
import { amountFormSchema, amountTextCents } from './money-form.ts';
import { type Currency, STORE_CURRENCY } from './money.ts';
import { refundAmountProblem, type RefundAmountProblem } from './sales.ts';

// Kept apart from sales.ts: zod comes only with the Refund dialog and the route.

/** The body of POST /api/sales/:id/refund, if any: the amount in cents, everything left when left out (checked by refundAmountProblem). */
export const refundSaleBodySchema = z.object({ amountCents: z.number().optional() }).nullish();
export type RefundSaleBody = z.infer<typeof refundSaleBodySchema>;

/** Why a typed amount ("$5.00") cannot be refunded when `leftCents` is left, with the problem's code and values (the form's message). */
export function refundAmountTextProblem(amount: string, leftCents: number, currency: Currency = STORE_CURRENCY): RefundAmountProblem | undefined {
  return refundAmountProblem(amountTextCents(amount, currency) ?? Number.NaN, leftCents, currency);
}

/** The Refund dialog's form: a typed dollar amount, from one cent to `leftCents`, as cents. */
export const refundAmountFormSchema = (leftCents: number, currency: Currency = STORE_CURRENCY) =>
  amountFormSchema((amount) => refundAmountTextProblem(amount, leftCents, currency), currency);
