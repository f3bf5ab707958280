/** Products and the marketplace: categories, limits, prices and the spec's messages (SPEC §5, §9). */
import { amountToMinor, type Currency, STORE_CURRENCY } from './money.ts';

export const CATEGORIES = ['eBook', 'Templates', 'Software', 'Graphics', 'Video', 'Audio', 'Course', 'ZIP'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The upload form's category labels (SPEC §9). The interface shows one name per category everywhere
 * (store.json `categories.*`: the marketplace chip's name); the upload list adds these after it.
 */
export const CATEGORY_LABELS: Record<Category, string> = {
  eBook: 'eBook',
  Templates: 'Design Template',
  Software: 'Software/Tool',
  Graphics: 'Image/Artwork',
  Video: 'Video Content',
  Audio: 'Audio/Music',
  Course: 'Online Course',
  ZIP: 'ZIP Archive',
};

/** The marketplace's category chips (ZIP is an upload category only). */
export const FILTER_CATEGORIES = ['All', 'eBook', 'Templates', 'Software', 'Graphics', 'Video', 'Audio', 'Course'] as const;

export const TAG_SUGGESTIONS = [
  'Design', 'Development', 'Marketing', 'Illustration', 'Video Editing', 'Music Production',
  'Productivity', 'Business', 'AI', 'Finance', 'Writing',
] as const;

export const PRODUCT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A product's gallery: at most this many images after the cover, each checked like the cover. */
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_IMAGE_MAX_BYTES = COVER_IMAGE_MAX_BYTES;
export const PRICE_MAX_CENTS = 100_000_000; // $1,000,000.00
export const CARD_TAGS_SHOWN = 3;
/** The product form's limits (the server checks them; src/shared/products-form.ts is their schema). */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;
export const PRICE_SLIDER_STEP = 10;

export const PRODUCT_MESSAGES = {
  authRequired: 'Authentication Error: You must be logged in to upload products.',
  missingFields: 'Missing Fields: Product name, price, and product file are required.',
  invalidPrice: 'Price must be a number from 0 to 1,000,000 with at most two decimals.',
  /** A store in a currency without minor units (yen). */
  priceWholeNumber: 'Prices in your store currency are whole numbers, from 0 to 100,000,000.',
  invalidCategory: 'Please choose a category from the list.',
  invalidLicenseKeys: 'License keys must be on (true) or off (false).',
  invalidPayWhatYouWant: 'Pay what you want must be on (true) or off (false).',
  suggestedBelowMinimum: 'The suggested price must be at least the minimum price.',
  fileTooLarge: 'The product file is larger than 50 MB.',
  coverTooLarge: 'The cover image is larger than 5 MB.',
  coverNotImage: 'The cover must be an image (JPEG, PNG, WebP, GIF or AVIF).',
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  notFound: 'Product not found.',
  creatorNotFound: 'Creator not found.',
  uploaded: 'Product Uploaded!',
  deletedTitle: 'Product Deleted',
  deleted: (name: string) => `"${name}" has been successfully deleted.`,
  uploadFailedTitle: 'Upload Failed',
  noProducts: 'No Products Found',
  addedToCart: (name: string) => `${name} added to cart!`,
  notOwner: 'You can only change your own products.',
  fileMissing: 'The product file is missing.',
  imageTooLarge: 'A gallery image is larger than 5 MB.',
  imageNotImage: 'Gallery images must be images (JPEG, PNG, WebP, GIF or AVIF).',
  tooManyImages: (max: number) => `A product can have at most ${max} gallery images.`,
  invalidImageOrder: 'The gallery order names an image this product does not have.',
} as const;

/** Tags typed as "a, b,, c " → ["a", "b", "c"]: split on commas, trimmed, blanks and repeats dropped. */
export function parseTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().slice(0, TAG_MAX_LENGTH);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags.slice(0, TAGS_MAX);
}

/**
 * "12.5" → 1250 minor units of `currency` ("1500" → ¥1,500); undefined for anything that is not 0 to
 * PRICE_MAX_CENTS with at most the currency's decimals.
 */
export function parsePriceToCents(input: string | number, currency: Currency = STORE_CURRENCY): number | undefined {
  const minor = amountToMinor(input, currency);
  return minor !== undefined && minor <= PRICE_MAX_CENTS ? minor : undefined;
}

/**
 * The price slider's range in whole dollars: floor of the lowest price to ceiling of the highest;
 * 0–1000 with no products; the top widened by 100 when both ends meet (SPEC §9).
 */
export function priceSliderRange(minCents: number | null | undefined, maxCents: number | null | undefined): { min: number; max: number } {
  if (minCents == null || maxCents == null) return { min: 0, max: 1000 };
  const min = Math.floor(minCents / 100);
  let max = Math.ceil(maxCents / 100);
  if (min === max) max += 100;
  return { min, max };
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Who may change or delete a product, and download its file: its creator or an admin. */
export function canEditProduct(user: { id: string; role: string } | null | undefined, product: { userId: string }): boolean {
  return Boolean(user) && (user!.id === product.userId || user!.role === 'admin');
}

/** Who sees a product's view count: its creator and admins. Everyone else gets none from the server. */
export function canSeeProductViews(user: { id: string; role: string } | null | undefined, product: { userId: string }): boolean {
  return canEditProduct(user, product);
}

/** What a product needs for its price at checkout. */
export interface PricedProduct {
  priceCents: number;
  payWhatYouWant: boolean;
  suggestedPriceCents: number | null;
}

/**
 * The price a buyer pays: the product's price, or with pay what you want the amount they named
 * (else the suggested price, else the minimum). Undefined when the amount is under the minimum.
 */
export function paidPriceCents(product: PricedProduct, named?: number): number | undefined {
  if (!product.payWhatYouWant) return product.priceCents;
  const amount = named ?? product.suggestedPriceCents ?? product.priceCents;
  return amount >= product.priceCents && amount <= PRICE_MAX_CENTS ? amount : undefined;
}

/**
 * What a version is priced as: its own price, which with pay what you want is the minimum; the
 * product's suggested price belongs to the product without versions, so none applies here.
 */
export function versionPricing(product: Pick<PricedProduct, 'payWhatYouWant'>, version: { priceCents: number }): PricedProduct {
  return { priceCents: version.priceCents, payWhatYouWant: product.payWhatYouWant, suggestedPriceCents: null };
}
