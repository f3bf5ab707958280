// The discount code form: what the creator types (amounts in dollars, dates as days), checked with
// the same messages as the server's schema, and turned into its body.
import { z } from 'zod';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, DISCOUNT_MESSAGES, DISCOUNT_USES_MAX } from './discounts.ts';
import type { DiscountCodeInput } from './discounts-api.ts';
import { amountToMinor, type Currency, STORE_CURRENCY } from './money.ts';
import { parsePriceToCents } from './products.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);

export const discountFormSchema = z
  .object({
    code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.codeInvalid),
    kind: z.enum(DISCOUNT_KINDS),
    /** A percentage, or dollars off each product. */
    value: z.string().trim(),
    /** Empty: all the creator's products. */
    productIds: z.array(z.string()),
    startsOn: z.string().trim().refine((day) => !day || DAY.test(day), DISCOUNT_MESSAGES.datesInvalid),
    endsOn: z.string().trim().refine((day) => !day || DAY.test(day), DISCOUNT_MESSAGES.datesInvalid),
    maxUses: z.string().trim(),
    oncePerEmail: z.boolean(),
    minOrder: z.string().trim(),
  })
  .superRefine((form, ctx) => {
    const value = form.kind === 'percent' ? wholeNumber(form.value) : parsePriceToCents(form.value);
    if (form.kind === 'percent' && (value === undefined || value < 1 || value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.percentInvalid });
    }
    if (form.kind === 'fixed' && !value) ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.amountInvalid });
    const uses = wholeNumber(form.maxUses);
    if (form.maxUses && (!uses || uses > DISCOUNT_USES_MAX)) ctx.addIssue({ code: 'custom', path: ['maxUses'], message: DISCOUNT_MESSAGES.usesInvalid });
    if (form.minOrder && parsePriceToCents(form.minOrder) === undefined) ctx.addIssue({ code: 'custom', path: ['minOrder'], message: DISCOUNT_MESSAGES.minimumInvalid });
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: DISCOUNT_MESSAGES.datesInvalid });
  });
export type DiscountForm = z.infer<typeof discountFormSchema>;

export const emptyDiscountForm: DiscountForm = { code: '', kind: 'percent', value: '', productIds: [], startsOn: '', endsOn: '', maxUses: '', oncePerEmail: false, minOrder: '' };

/**
 * The server's body for a checked form. Days are the creator's own: a code starts at the start of
 * its first day and ends after its last day, in the creator's time zone (`offsetMinutes`, from Date#getTimezoneOffset).
 */
export function discountInputOf(form: DiscountForm, offsetMinutes = 0, currency: Currency = STORE_CURRENCY): DiscountCodeInput {
  const at = (day: string, plusDays = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date + plusDays) + offsetMinutes * 60_000).toISOString();
  };
  return {
    code: form.code.trim(),
    kind: form.kind,
    amount: form.kind === 'percent' ? Number(form.value) : (amountToMinor(form.value, currency) ?? Number.NaN),
    productIds: form.productIds,
    startsAt: form.startsOn ? at(form.startsOn) : null,
    endsAt: form.endsOn ? at(form.endsOn, 1) : null,
    maxUses: form.maxUses ? Number(form.maxUses) : null,
    oncePerEmail: form.oncePerEmail,
    minOrderCents: form.minOrder ? (amountToMinor(form.minOrder, currency) ?? Number.NaN) : null,
  };
}
