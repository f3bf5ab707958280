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
/**
 * The marketplace and storefronts count a search's matches up to this many (issue #47): with more, the
 * answer's `total` is this number and `totalCapped` is true ("1,000+"), so no request counts a
 * million rows. The pages reach the first STORE_TOTAL_CAP matches; a narrower search finds the rest.
 */
export const STORE_TOTAL_CAP = 1000;

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

/**
 * Who sees a draft (an unpublished product) and its page: its store (the owner, and team members, who
 * act as the owner) and admins. To everyone else it does not exist (decision 031).
 */
export const canSeeDraft = canEditProduct;

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

/**
 * Product addresses (decision 031): `/store/product/{slug}`. The address names no store, so a slug
 * is unique across the platform: lowercase ASCII words joined by `-`, and never shaped like an id.
 */
export const PRODUCT_SLUG_MIN = 2;
export const PRODUCT_SLUG_MAX = 80;
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isProductId = (value: string): boolean => UUID_PATTERN.test(value);

export const PRODUCT_SLUG_MESSAGES = {
  slugInvalid: `The address may use lowercase letters, digits and single hyphens between words, ${PRODUCT_SLUG_MIN} to ${PRODUCT_SLUG_MAX} characters.`,
  slugTaken: 'This address is already taken. Please choose another one.',
} as const;

/** Whether a slug as typed (already lowercased) may be saved. */
export function isValidProductSlug(slug: string): boolean {
  return slug.length >= PRODUCT_SLUG_MIN && slug.length <= PRODUCT_SLUG_MAX && PRODUCT_SLUG_PATTERN.test(slug) && !isProductId(slug);
}

/** Letters NFKD does not take apart into a base letter and accents. */
const LATIN_EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'ng' };
const CYRILLIC = 'а:a б:b в:v г:g д:d е:e ё:e ж:zh з:z и:i й:i к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya і:i ї:i є:ie ґ:g';
const GREEK = 'α:a β:v γ:g δ:d ε:e ζ:z η:i θ:th ι:i κ:k λ:l μ:m ν:n ξ:x ο:o π:p ρ:r σ:s ς:s τ:t υ:y φ:f χ:ch ψ:ps ω:o';
const TRANSLITERATION = new Map<string, string>([
  ...Object.entries(LATIN_EXTRA),
  ...`${CYRILLIC} ${GREEK}`.split(' ').map((pair) => pair.split(':') as [string, string]),
]);

/**
 * The address a name suggests: accents dropped, Cyrillic and Greek spelled in Latin letters, other
 * characters between words; cut at a word within `max`. Empty when nothing Latin is left (a name in
 * Japanese): the caller falls back (productSlugBase).
 */
export function slugify(name: string, max = PRODUCT_SLUG_MAX): string {
  const latin = [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()].map((char) => TRANSLITERATION.get(char) ?? char).join('');
  const words = latin.split(/[^a-z0-9]+/).filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug || (words[0] ?? '').slice(0, max);
}

/** A product's first slug: from its name, else from its category ("ebook"), which the collision rule then makes unique. */
export function productSlugBase(name: string, category: string, max = PRODUCT_SLUG_MAX): string {
  const slug = slugify(name, max);
  return slug.length >= PRODUCT_SLUG_MIN && !isProductId(slug) ? slug : slugify(`${category} product`, max);
}

/** The one place a product's address is made; an address by id still answers (a redirect to the slug). */
export const productPath = (product: { id: string; slug?: string | null }): string => `/store/product/${encodeURIComponent(product.slug || product.id)}`;
