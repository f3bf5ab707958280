/** The affiliates routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';

/** An affiliate's own short link to a product. */
export const affiliateLinkSchema = z.object({
  productId: z.string(),
  code: z.string(),
  shortUrl: z.string(),
});
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;

/** A product's affiliate program as the one asking sees it: open or not, theirs or not, joined or not. */
export const productAffiliatesSchema = z.object({
  productId: z.string(),
  /** null: closed to affiliates. */
  commissionPercent: z.number().int().nullable(),
  currency: currencySchema,
  /** The one asking is the product's creator (who sets the commission and cannot join). */
  isOwner: z.boolean(),
  /** The one asking's own link, once they joined (even if the product closed since). */
  link: affiliateLinkSchema.nullable(),
});
export type ProductAffiliates = z.infer<typeof productAffiliatesSchema>;

/** One product an affiliate joined, with what their link did. */
export const affiliationSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** null: the creator closed the product to affiliates (past commissions stay). */
  commissionPercent: z.number().int().nullable(),
  currency: currencySchema,
  /** null once the affiliate deleted their link. */
  code: z.string().nullable(),
  shortUrl: z.string().nullable(),
  clicks: z.number().int(),
  /** Sales through the link that were not wholly refunded. */
  sales: z.number().int(),
  /** Commissions kept after refunds, in `currency`'s minor units. */
  earningsCents: z.number().int(),
  joinedAt: z.string(),
});
export type Affiliation = z.infer<typeof affiliationSchema>;

/**
 * GET /api/affiliates: the products joined, and the user's payout balance (the one Payouts pays out,
 * commissions included) in their store currency. Negative when refunds took back commissions already
 * paid out: payouts are held until later earnings cover it.
 */
export const myAffiliationsSchema = z.object({
  items: z.array(affiliationSchema),
  balance: z.object({ balanceCents: z.number().int(), currency: currencySchema }),
});
export type MyAffiliations = z.infer<typeof myAffiliationsSchema>;

export const AFFILIATES_API = {
  'GET /api/affiliates': myAffiliationsSchema,
  'GET /api/affiliates/products/:productId': productAffiliatesSchema,
  'PUT /api/affiliates/products/:productId': productAffiliatesSchema,
  'DELETE /api/affiliates/products/:productId': productAffiliatesSchema,
  'POST /api/affiliates/products/:productId/join': productAffiliatesSchema,
} as const satisfies ApiRoutes;
