/** The discounts routes and the schemas of their bodies and answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { CART_MAX_ITEMS } from './orders.ts';
import { chosenVersionsSchema, namedPricesSchema } from './orders-forms.ts';
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_FIXED_MAX_CENTS,
  DISCOUNT_KINDS,
  DISCOUNT_MESSAGES,
  DISCOUNT_USES_MAX,
} from './discounts.ts';
import { PRICE_MAX_CENTS } from './products.ts';

/** A discount code as its creator sees it. */
export const discountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  amount: z.number().int(),
  productIds: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  oncePerEmail: z.boolean(),
  minOrderCents: z.number().int().nullable(),
  /** Orders that used it, paid or still being paid. */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodesSchema = z.object({ items: z.array(discountCodeSchema) });

const optionalDate = z.iso.datetime({ offset: true, message: DISCOUNT_MESSAGES.datesInvalid }).nullable().default(null);

/** A new code. Percent: `amount` is 1–100; fixed: cents off each product it applies to. */
export const discountCodeInputSchema = z
  .object({
    code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.codeInvalid),
    kind: z.enum(DISCOUNT_KINDS),
    amount: z.number().int(DISCOUNT_MESSAGES.amountInvalid).min(1, DISCOUNT_MESSAGES.amountInvalid).max(DISCOUNT_FIXED_MAX_CENTS, DISCOUNT_MESSAGES.amountInvalid),
    productIds: z.array(z.uuid(DISCOUNT_MESSAGES.productsInvalid)).max(500).default([]),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: z.number().int(DISCOUNT_MESSAGES.usesInvalid).min(1, DISCOUNT_MESSAGES.usesInvalid).max(DISCOUNT_USES_MAX, DISCOUNT_MESSAGES.usesInvalid).nullable().default(null),
    oncePerEmail: z.boolean().default(false),
    minOrderCents: z.number().int(DISCOUNT_MESSAGES.minimumInvalid).min(0, DISCOUNT_MESSAGES.minimumInvalid).max(PRICE_MAX_CENTS * CART_MAX_ITEMS, DISCOUNT_MESSAGES.minimumInvalid).nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.amount > 100) ctx.addIssue({ code: 'custom', path: ['amount'], message: DISCOUNT_MESSAGES.percentInvalid });
    if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: DISCOUNT_MESSAGES.datesInvalid });
    }
  });
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;

/** The buyer's code on a cart (or one product): what it takes off, before the order is made. */
export const discountQuoteInputSchema = z.object({
  code: z.string().trim().min(1, DISCOUNT_MESSAGES.unknown).max(64, DISCOUNT_MESSAGES.unknown),
  productIds: z.array(z.uuid()).min(1).max(CART_MAX_ITEMS),
  email: z.email().max(254).optional(),
  /** Pay what you want: the amounts the buyer named. */
  prices: namedPricesSchema.optional(),
  /** Product versions: the one chosen for each product that has versions. */
  versions: chosenVersionsSchema.optional(),
});

export const discountQuoteSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  amount: z.number().int(),
  lines: z.array(z.object({ productId: z.string(), discountCents: z.number().int() })),
  discountCents: z.number().int(),
});
export type DiscountQuote = z.infer<typeof discountQuoteSchema>;

export const DISCOUNTS_API = {
  'GET /api/discounts': discountCodesSchema,
  'POST /api/discounts': discountCodeSchema,
  'DELETE /api/discounts/:id': noContentSchema,
  'POST /api/discounts/quote': discountQuoteSchema,
} as const satisfies ApiRoutes;
