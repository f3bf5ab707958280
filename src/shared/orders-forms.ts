import { z } from 'zod';
import { CART_MAX_ITEMS, checkTestCard, ORDER_MESSAGES } from './orders.ts';
import { PRICE_MAX_CENTS } from './products.ts';
import { isCountryCode, normalizeVatNumber, TAX_MESSAGES } from './orders-tax.ts';

export const cardSchema = z.object({
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});

/** Pay what you want: the amounts a buyer named, by product. */
export const namedPricesSchema = z
  .array(z.object({ productId: z.uuid(ORDER_MESSAGES.productUnavailable), amountCents: z.number().int().min(0).max(PRICE_MAX_CENTS) }))
  .max(CART_MAX_ITEMS);
export type NamedPrice = z.infer<typeof namedPricesSchema>[number];

/** Product versions: the version the buyer chose, by product (ignored for a product without versions). */
export const chosenVersionsSchema = z
  .array(z.object({ productId: z.uuid(ORDER_MESSAGES.productUnavailable), versionId: z.uuid(ORDER_MESSAGES.productUnavailable) }))
  .max(CART_MAX_ITEMS);
export type ChosenVersion = z.infer<typeof chosenVersionsSchema>[number];

/** A cart line bought as a gift: its receipt and download links go to the recipient's e-mail. */
export const giftSchema = z.object({
  productId: z.uuid(ORDER_MESSAGES.productUnavailable),
  email: z.string().trim().pipe(z.email(ORDER_MESSAGES.emailInvalid).max(254)),
});
export type Gift = z.infer<typeof giftSchema>;

export const checkoutSchema = z.object({
  email: z.email(ORDER_MESSAGES.emailInvalid).max(254),
  productIds: z.array(z.uuid(ORDER_MESSAGES.productUnavailable)).min(1, ORDER_MESSAGES.cartEmpty).max(CART_MAX_ITEMS),
  gifts: z.array(giftSchema).max(CART_MAX_ITEMS).optional(),
  /** A creator's discount code (discounts.ts); the server prices and counts it again. */
  discountCode: z.string().trim().max(64).optional(),
  /** Pay what you want: the amount the buyer named for a product (else its suggested price). */
  prices: namedPricesSchema.optional(),
  /** Product versions: the one chosen for each product that has versions (required for those). */
  versions: chosenVersionsSchema.optional(),
  /** The buyer's country (ISO 3166-1 alpha-2): the tax depends on it where the deployment adds tax (orders-tax.ts). */
  country: z.string().trim().toUpperCase().refine(isCountryCode, TAX_MESSAGES.countryInvalid).optional(),
  /** A business's EU VAT number, kept with the order (empty: none). */
  vatNumber: z
    .string()
    .max(30)
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      const vat = normalizeVatNumber(value);
      if (!vat) ctx.addIssue({ code: 'custom', message: TAX_MESSAGES.vatNumberInvalid });
      return vat;
    }),
  /** Bought with Buy now from the product page: leaving the provider's page goes back there, not to the cart. */
  buyNow: z.boolean().optional(),
});

/** POST /api/checkout/quote: a checkout's prices before it is made; the e-mail only counts for a code's per-buyer limit. */
export const checkoutQuoteSchema = checkoutSchema.omit({ email: true, gifts: true, buyNow: true, vatNumber: true }).extend({ email: checkoutSchema.shape.email.optional() });
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteSchema>;

/**
 * The test provider's card form: cardSchema (the body the server takes) with the test card's
 * checks, each message on its field. The server answers the same messages with their codes.
 */
export const cardFormSchema = cardSchema.superRefine((card, ctx) => {
  const check = checkTestCard(card);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: [check.field], message: check.message });
});
export type CardForm = z.infer<typeof cardFormSchema>;

/**
 * The checkout form: the buyer's e-mail as checkoutSchema takes it, trimmed first (the cart gives the
 * products), the country ('' for none chosen: the server says when tax needs it) and an optional VAT number.
 */
export const checkoutFormSchema = z.object({
  email: z.string().trim().pipe(checkoutSchema.shape.email),
  country: z.string().refine((value) => !value || isCountryCode(value), TAX_MESSAGES.countryInvalid),
  vatNumber: z
    .string()
    .trim()
    .refine((value) => !value || (value.length <= 30 && normalizeVatNumber(value) !== undefined), TAX_MESSAGES.vatNumberInvalid),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** PUT /api/receipts/:token/buyer: the name and postal address the buyer wants on their PDF receipts (empty clears). */
export const receiptBuyerSchema = z.object({
  name: z.string().trim().max(120, ORDER_MESSAGES.buyerNameTooLong),
  address: z.string().trim().max(500, ORDER_MESSAGES.buyerAddressTooLong),
});
export type ReceiptBuyerInput = z.infer<typeof receiptBuyerSchema>;
