import { z } from 'zod';
import { validatePayoutMethod } from './payouts.ts';

// Kept apart from payouts.ts: zod comes only with the payout method form.

const entered = z.string().max(500).optional();

/** The body of PUT /api/payouts/method as sent: a PayPal e-mail or a bank account (decision 034). */
export const payoutMethodBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paypal'), email: entered }),
  z.object({ type: z.literal('bank'), holder: entered, country: entered, iban: entered, accountNumber: entered, routingNumber: entered, bic: entered }),
]);

/** A payout method as entered, checked and cleaned by validatePayoutMethod; each problem goes to its field. */
export const payoutMethodSchema = payoutMethodBodySchema.transform((input, ctx) => {
  const checked = validatePayoutMethod(input);
  if (checked.ok) return checked.value;
  for (const [field, message] of Object.entries(checked.problems)) ctx.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
});

/** The payout method form: every field kept, those of the chosen type (and the bank's country) checked by payoutMethodSchema. */
export const payoutMethodFormSchema = z
  .object({
    type: z.enum(['paypal', 'bank']),
    email: z.string(),
    holder: z.string(),
    country: z.string(),
    iban: z.string(),
    accountNumber: z.string(),
    routingNumber: z.string(),
    bic: z.string(),
  })
  .transform(({ type, email, ...bank }): z.input<typeof payoutMethodBodySchema> => (type === 'paypal' ? { type, email } : { type, ...bank }))
  .pipe(payoutMethodSchema);
export type PayoutMethodForm = z.input<typeof payoutMethodFormSchema>;
