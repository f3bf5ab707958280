import { z } from 'zod';
import { validatePayoutMethod } from './payouts.ts';

// Kept apart from payouts.ts: zod comes only with the payout method form.

/** The body of PUT /api/payouts/method as sent: a PayPal e-mail or a bank account id. */
export const payoutMethodBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paypal'), email: z.string().max(500) }),
  z.object({ type: z.literal('bank'), accountId: z.string().max(500) }),
]);

/** A payout method as entered, checked and cleaned by validatePayoutMethod; its message goes to the entered field. */
export const payoutMethodSchema = payoutMethodBodySchema.transform((input, ctx) => {
  const checked = validatePayoutMethod(input);
  if (checked.ok) return checked.value;
  ctx.addIssue({ code: 'custom', path: [input.type === 'paypal' ? 'email' : 'accountId'], message: checked.message });
  return z.NEVER;
});

/** The payout method form: both fields kept, the one of the chosen type checked by payoutMethodSchema. */
export const payoutMethodFormSchema = z
  .object({ type: z.enum(['paypal', 'bank']), email: z.string(), accountId: z.string() })
  .transform(({ type, email, accountId }) => (type === 'paypal' ? { type, email } : { type, accountId }))
  .pipe(payoutMethodSchema);
export type PayoutMethodForm = z.input<typeof payoutMethodFormSchema>;
