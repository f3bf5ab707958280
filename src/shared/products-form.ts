/**
 * The product form's text fields and their rules, for the upload and edit forms and the server
 * (multipart fields arrive as text). Kept apart from products.ts, which the first page loads: zod
 * comes only with the forms. The files are checked by size as they stream (PRODUCT_FILE_MAX_BYTES,
 * COVER_IMAGE_MAX_BYTES in products.ts) and the cover by its content on the server.
 */
import { z } from 'zod';
import { CATEGORIES, isValidProductSlug, parsePriceToCents, PRODUCT_DESCRIPTION_MAX, PRODUCT_MESSAGES, PRODUCT_NAME_MAX, PRODUCT_SLUG_MESSAGES } from './products.ts';

const name = z.string(PRODUCT_MESSAGES.missingFields).trim().min(1, PRODUCT_MESSAGES.missingFields).max(PRODUCT_NAME_MAX, PRODUCT_MESSAGES.nameTooLong);
/** A price as typed ("12.5"): 0 to 1,000,000 with at most two decimals. */
const price = z
  .string()
  .trim()
  .refine((value) => parsePriceToCents(value) !== undefined, PRODUCT_MESSAGES.invalidPrice);
const category = z.enum(CATEGORIES, PRODUCT_MESSAGES.invalidCategory);
const description = z.string().max(PRODUCT_DESCRIPTION_MAX, PRODUCT_MESSAGES.descriptionTooLong);
/** Comma-separated, as typed; parseTags (products.ts) splits them. */
const tags = z.string();
/** "Generate a unique license key per sale": a checkbox, sent as text. */
const licenseKeys = z.enum(['true', 'false'], PRODUCT_MESSAGES.invalidLicenseKeys);
/** "Let buyers pay what they want": a checkbox, sent as text; the price is then the minimum. */
const payWhatYouWant = z.enum(['true', 'false'], PRODUCT_MESSAGES.invalidPayWhatYouWant);
/** Pay what you want: the suggested price as typed, empty for none. */
const suggestedPrice = z
  .string()
  .trim()
  .refine((value) => value === '' || parsePriceToCents(value) !== undefined, PRODUCT_MESSAGES.invalidPrice);

/** The address as typed (empty: made from the name); checked here, and for being taken on the server. */
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || isValidProductSlug(value), PRODUCT_SLUG_MESSAGES.slugInvalid);
/** "Save as draft": the new product stays unpublished. */
const draft = z.enum(['true', 'false']);

/** A new product: name and price are required (and the product file, which is not a text field). */
export const productFormSchema = z.object({
  name,
  price: z.string(PRODUCT_MESSAGES.missingFields).trim().min(1, PRODUCT_MESSAGES.missingFields).pipe(price),
  category: category.default(CATEGORIES[0]),
  description: description.optional(),
  tags: tags.optional(),
  licenseKeys: licenseKeys.optional(),
  payWhatYouWant: payWhatYouWant.optional(),
  suggestedPrice: suggestedPrice.optional(),
  slug: slug.optional(),
  draft: draft.optional(),
});
export type ProductFormFields = z.infer<typeof productFormSchema>;

/** An edit: only the fields sent change; a name sent empty is missing, a price sent empty is invalid. */
export const productEditFormSchema = z.object({
  name: name.optional(),
  price: price.optional(),
  category: category.optional(),
  description: description.optional(),
  tags: tags.optional(),
  licenseKeys: licenseKeys.optional(),
  payWhatYouWant: payWhatYouWant.optional(),
  suggestedPrice: suggestedPrice.optional(),
  slug: slug.optional(),
});

/** The error code the API answers with for each of the form's messages. */
export const PRODUCT_FORM_CODES: Partial<Record<string, string>> = {
  [PRODUCT_MESSAGES.missingFields]: 'missing_fields',
  [PRODUCT_MESSAGES.invalidPrice]: 'invalid_price',
  [PRODUCT_MESSAGES.invalidCategory]: 'invalid_category',
  [PRODUCT_MESSAGES.invalidLicenseKeys]: 'invalid_license_keys',
  [PRODUCT_MESSAGES.invalidPayWhatYouWant]: 'invalid_pay_what_you_want',
  [PRODUCT_SLUG_MESSAGES.slugInvalid]: 'invalid_slug',
};
