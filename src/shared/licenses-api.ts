/** The licenses routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';
import { LICENSE_MESSAGES, LICENSE_STATUSES } from './licenses.ts';

/**
 * POST /api/licenses/verify, as a creator's app sends it (Gumroad's field names): the product the key
 * was sold with, the key, and whether this check counts as a use (yes unless `false`, as Gumroad).
 */
export const verifyLicenseSchema = z.object({
  product_id: z.string(LICENSE_MESSAGES.productIdRequired).trim().min(1, LICENSE_MESSAGES.productIdRequired),
  license_key: z.string(LICENSE_MESSAGES.licenseKeyRequired).trim().min(1, LICENSE_MESSAGES.licenseKeyRequired),
  increment_uses_count: z
    .union([z.boolean(), z.enum(['true', 'false'])], LICENSE_MESSAGES.incrementUsesCount)
    .default(true)
    .transform((value) => value === true || value === 'true'),
});
export type VerifyLicenseInput = z.input<typeof verifyLicenseSchema>;

/** A valid key: its uses (after this check's) and the purchase it came with. */
export const licenseVerificationSchema = z
  .object({
    success: z.literal(true),
    uses: z.number().int(),
    purchase: z.object({
      /** The sale's id. */
      id: z.string(),
      sale_id: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      email: z.string().describe('The buyer’s e-mail, masked (j***@example.com) unless the call carries an API key of the product’s creator.'),
      license_key: z.string(),
      price: z.number().int().describe('In cents.'),
      currency: z.string(),
      quantity: z.number().int(),
      /** The version bought, once products have versions; empty until then. */
      variants: z.string(),
      created_at: z.string(),
      sale_timestamp: z.string(),
      refunded: z.boolean(),
    }),
  })
  .describe('A valid, enabled key. A disabled one answers 403 (license_disabled, or license_refunded after a refund); an unknown one 404 (license_not_found).');
export type LicenseVerification = z.infer<typeof licenseVerificationSchema>;

/** A key as its creator sees it (GET /api/my/licenses). */
export const creatorLicenseSchema = z.object({
  id: z.string(),
  key: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  saleId: z.string(),
  buyerEmail: z.string(),
  uses: z.number().int(),
  status: z.enum(LICENSE_STATUSES),
  /** The sale was refunded (the key is then disabled for good). */
  refunded: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CreatorLicense = z.infer<typeof creatorLicenseSchema>;

export const myLicensesSchema = z.object({
  items: z.array(creatorLicenseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyLicenses = z.infer<typeof myLicensesSchema>;

export const licenseAnswerSchema = z.object({ license: creatorLicenseSchema });

/** A key as its buyer sees it in the library. */
export const ownedLicenseSchema = z.object({ key: z.string(), status: z.enum(LICENSE_STATUSES) });
export type OwnedLicense = z.infer<typeof ownedLicenseSchema>;

export const LICENSES_API = {
  'POST /api/licenses/verify': licenseVerificationSchema,
  'GET /api/my/licenses': myLicensesSchema,
  'POST /api/licenses/:id/disable': licenseAnswerSchema,
  'POST /api/licenses/:id/enable': licenseAnswerSchema,
  'POST /api/licenses/:id/reset-uses': licenseAnswerSchema,
} as const satisfies ApiRoutes;
