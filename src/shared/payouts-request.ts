import { z } from 'zod';
import { amountFormSchema, amountTextCents } from './money-form.ts';
import { type Currency, STORE_CURRENCY } from './money.ts';
import { PAYOUT_MESSAGES, payoutAmountProblem, type PayoutAmountProblem } from './payouts.ts';

// Kept apart from payouts.ts: zod comes only with the payout request dialog.

/** The body of POST /api/payouts, if any: the amount in cents, the whole available balance when left out (checked by payoutAmountProblem). */
export const payoutRequestBodySchema = z.object({ amountCents: z.number().optional() }).nullish();
export type PayoutRequestBody = z.infer<typeof payoutRequestBodySchema>;

/** Why a typed amount ("$25.00") cannot be paid out of `balanceCents`, with the problem's code and values (the form's message). */
export function payoutAmountTextProblem(amount: string, balanceCents: number, currency: Currency = STORE_CURRENCY): PayoutAmountProblem | undefined {
  const cents = amountTextCents(amount, currency);
  return cents === undefined ? { code: 'invalid_payout_amount', message: PAYOUT_MESSAGES.invalidPayoutAmount } : payoutAmountProblem(cents, balanceCents, currency);
}

/** The payout dialog's form: a typed dollar amount, from the minimum to `balanceCents`, as cents. */
export const payoutAmountFormSchema = (balanceCents: number, currency: Currency = STORE_CURRENCY) =>
  amountFormSchema((amount) => payoutAmountTextProblem(amount, balanceCents, currency), currency);
