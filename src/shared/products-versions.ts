/**
 * Product versions (Basic, Extended, Commercial license…): each with its own name, price,
 * description and file; the buyer picks one (decision 017). The form's rules for the edit page and
 * the server (multipart fields arrive as text), the limits and the messages.
 */
import { z } from 'zod';
import { parsePriceToCents, PRODUCT_MESSAGES } from './products.ts';

// A version's price lives with the prices (products.ts), where the header's cart reads it without zod.
export { versionPricing } from './products.ts';

/** Active versions a product may have (archived ones do not count). */
export const PRODUCT_VERSIONS_MAX = 10;
export const VERSION_NAME_MAX = 60;
export const VERSION_DESCRIPTION_MAX = 1000;

export const VERSION_MESSAGES = {
  versionNameRequired: 'Please give the version a name.',
  versionNameTooLong: `A version name must be at most ${VERSION_NAME_MAX} characters.`,
  versionDescriptionTooLong: `A version description must be at most ${VERSION_DESCRIPTION_MAX} characters.`,
  versionPriceRequired: 'Please give the version a price.',
  versionFileRequired: 'Please choose the version’s file.',
  versionNameTaken: (name: string) => `This product already has a version named “${name}”.`,
  tooManyVersions: (max: number) => `A product can have at most ${max} versions.`,
  versionNotFound: 'Version not found.',
  invalidVersionOrder: 'The order must list each of the product’s versions once.',
  versionRequired: (product: string) => `Please choose a version of ${product}.`,
  versionUnavailable: (product: string) => `The version you chose of ${product} is no longer available. Please choose another.`,
} as const;

/** The plain messages' fixed values, for their translations (decision 016). */
export const VERSION_MESSAGE_PARAMS = {
  versionNameTooLong: { max: VERSION_NAME_MAX },
  versionDescriptionTooLong: { max: VERSION_DESCRIPTION_MAX },
} as const;

const name = z.string(VERSION_MESSAGES.versionNameRequired).trim().min(1, VERSION_MESSAGES.versionNameRequired).max(VERSION_NAME_MAX, VERSION_MESSAGES.versionNameTooLong);
const price = z
  .string(VERSION_MESSAGES.versionPriceRequired)
  .trim()
  .min(1, VERSION_MESSAGES.versionPriceRequired)
  .refine((value) => parsePriceToCents(value) !== undefined, PRODUCT_MESSAGES.invalidPrice);
const description = z.string().trim().max(VERSION_DESCRIPTION_MAX, VERSION_MESSAGES.versionDescriptionTooLong);

/** A new version: name and price (and its file, which is not a text field). */
export const versionFormSchema = z.object({ name, price, description: description.optional() });
export type VersionFormFields = z.infer<typeof versionFormSchema>;

/** A change: only the fields sent change. */
export const versionEditFormSchema = versionFormSchema.partial();

/** The error code the API answers with for each of the form's messages. */
export const VERSION_FORM_CODES: Partial<Record<string, string>> = {
  [VERSION_MESSAGES.versionNameRequired]: 'version_name_required',
  [VERSION_MESSAGES.versionNameTooLong]: 'version_name_too_long',
  [VERSION_MESSAGES.versionDescriptionTooLong]: 'version_description_too_long',
  [VERSION_MESSAGES.versionPriceRequired]: 'version_price_required',
  [PRODUCT_MESSAGES.invalidPrice]: 'invalid_price',
};

/** The lowest price among versions: what a product with versions shows and is sorted by ("from $X"). */
export function lowestVersionPrice(versions: readonly { priceCents: number }[]): number | undefined {
  return versions.length ? Math.min(...versions.map((version) => version.priceCents)) : undefined;
}
