/**
 * Affiliates (docs/decisions/028-affiliates.md): a creator opens a product to affiliates with a
 * commission; any other user joins it and gets their own short link; a sale through that link gives
 * the affiliate the commission, taken off the creator's share, and a refund takes its part back.
 */
import { z } from 'zod';

export const AFFILIATE_PERCENT_MIN = 1;
export const AFFILIATE_PERCENT_MAX = 90;

/** What the commission field says when it is wrong (the form and the API check the same). */
export const AFFILIATE_FORM_MESSAGES = {
  percentRange: `The commission must be a whole percent from ${AFFILIATE_PERCENT_MIN} to ${AFFILIATE_PERCENT_MAX}.`,
} as const;

export const AFFILIATE_MESSAGES = {
  productNotFound: 'Product not found.',
  notOwner: 'Only the creator of this product can change its affiliate commission.',
  notOpen: 'This product is not open to affiliates.',
  ownProduct: 'You cannot be an affiliate of your own product.',
  currencyMismatch: 'This product sells in another currency than your balance, and a balance never mixes currencies.',
} as const;

export const affiliatePercentSchema = z
  .number(AFFILIATE_FORM_MESSAGES.percentRange)
  .int(AFFILIATE_FORM_MESSAGES.percentRange)
  .min(AFFILIATE_PERCENT_MIN, AFFILIATE_FORM_MESSAGES.percentRange)
  .max(AFFILIATE_PERCENT_MAX, AFFILIATE_FORM_MESSAGES.percentRange);

/** PUT /api/affiliates/products/:productId: open the product to affiliates (or change the commission). */
export const affiliateProgramInputSchema = z.object({ commissionPercent: affiliatePercentSchema });
export type AffiliateProgramInput = z.infer<typeof affiliateProgramInputSchema>;

/**
 * The commission recorded at a sale: `percent` of what the sale leaves after the platform fee (the
 * amount after any discount, tax apart), rounded to the minor unit, half up.
 */
export function affiliateCommissionCents(amountCents: number, feeCents: number, percent: number): number {
  return Math.max(0, Math.round(((amountCents - feeCents) * percent) / 100));
}
