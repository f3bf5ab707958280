/** The products routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, noContentSchema, type ApiRoutes } from './api-contract.ts';
import { shortLinkSchema } from './links-api.ts';
import { CATEGORIES } from './products.ts';
import { portfolioItemAnswerSchema } from './profiles-api.ts';

/** The reviews' average (one decimal, null without reviews) and their number. */
export const productRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type ProductRating = z.infer<typeof productRatingSchema>;

/**
 * A gallery image (after the cover, in the creator's order): the image, its thumbnail, and its size
 * in pixels when known.
 */
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** A product version as buyers see it (active versions, in the creator's order). */
export const productVersionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** With pay what you want, the least a buyer pays for it. */
  priceCents: z.number().int(),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

/** A version as its creator sees it: with its file. */
export const ownVersionSchema = productVersionSchema.extend({ fileName: z.string(), fileSize: z.number().int() });
export type OwnVersion = z.infer<typeof ownVersionSchema>;

/** The version routes answer the product's active versions in order. */
export const productVersionsAnswerSchema = z.object({ versions: z.array(ownVersionSchema) });

/** A product as its creator sees it (GET /api/my/products, POST and PATCH /api/products). */
export const ownProductSchema = z.object({
  id: z.string(),
  /** Its address: productPath (products.ts). */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** With pay what you want, the least a buyer may pay. */
  priceCents: z.number().int(),
  currency: currencySchema,
  payWhatYouWant: z.boolean(),
  suggestedPriceCents: z.number().int().nullable(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  coverUrl: z.string().nullable(),
  cardUrl: z.string().nullable(),
  /** The gallery, at most PRODUCT_IMAGES_MAX, in order; the cover is not one of them. */
  images: z.array(productImageSchema),
  fileName: z.string(),
  fileSize: z.number().int(),
  views: z.number().int(),
  salesCount: z.number().int(),
  /** Hidden from the marketplace by an admin; only its creator and admins still see it. */
  hidden: z.boolean(),
  /** False for a draft, which only its store and admins see (decision 031). */
  published: z.boolean(),
  /** Each completed sale gets a unique license key. */
  licenseKeys: z.boolean(),
  /**
   * Its active versions in order; with any, the buyer picks one and priceCents is the lowest of
   * their prices (decision 017).
   */
  versions: z.array(productVersionSchema),
  rating: productRatingSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnProduct = z.infer<typeof ownProductSchema>;

export const productAnswerSchema = z.object({ product: ownProductSchema });
export const myProductsSchema = z.object({ items: z.array(ownProductSchema) });

/** 204, no body. */
export const productDeletedSchema = noContentSchema;

export const storeCreatorSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string(), slug: z.string() });
export type StoreCreator = z.infer<typeof storeCreatorSchema>;

/** Older rows may lack a kind of link. */
const creatorSocialLinksSchema = z
  .object({ twitter: z.string(), linkedin: z.string(), github: z.string(), website: z.string() })
  .partial()
  .nullable();

/** A product page (GET /api/products/:id): the product, whether the viewer owns it, and its creator. */
export const productDetailsSchema = ownProductSchema.extend({
  /** Null unless the viewer is the product's creator or an admin (canSeeProductViews). */
  views: z.number().int().nullable(),
  isOwner: z.boolean(),
  /** The signed-in viewer bought it (a completed, not refunded purchase): it is in their library. */
  owned: z.boolean(),
  /** It is sold as a membership (it has a plan, GET /api/memberships/plans/:id): the page asks for its prices only then. */
  hasMembershipPlan: z.boolean(),
  creator: storeCreatorSchema.extend({ bio: z.string(), socialLinks: creatorSocialLinksSchema }),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
export const productDetailsAnswerSchema = z.object({ product: productDetailsSchema });

/** POST /api/products/:id/views: the page the visitor came from (the product page's document.referrer), when any. */
export const productViewRequestSchema = z.object({ referrer: z.string().max(2048).optional() }).nullish();

/** POST /api/products/:id/views: whether this visit counted; the new total only for the creator or an admin. */
export const productViewsSchema = z.object({ views: z.number().int().nullable(), counted: z.boolean() });

/** A marketplace card (GET /api/store/products). */
export const storeProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The start of the description as plain text (its Markdown taken out). */
  description: z.string(),
  priceCents: z.number().int(),
  currency: currencySchema,
  /** The price is the least a buyer pays ("$5+"). */
  payWhatYouWant: z.boolean(),
  /** It has versions: the price is the lowest one's ("from $5"). */
  hasVersions: z.boolean(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  cardUrl: z.string().nullable(),
  createdAt: z.string(),
  creator: storeCreatorSchema,
  rating: productRatingSchema,
  /** The signed-in viewer bought it (always false for guests). */
  owned: z.boolean(),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;

export const storeProductsPageSchema = z.object({
  items: z.array(storeProductSchema),
  /** The matches, counted up to STORE_TOTAL_CAP (shared/products.ts). */
  total: z.number().int(),
  /** More matches than `total`: the count stopped at STORE_TOTAL_CAP ("1,000+"). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({ minCents: z.number().int().nullable(), maxCents: z.number().int().nullable(), tags: z.array(z.string()) }),
});
export type StoreProductsPage = z.infer<typeof storeProductsPageSchema>;

/** A storefront's owner; skills and portfolio are empty unless the creator's profile is public. */
export const creatorProfileSchema = storeCreatorSchema.extend({
  bio: z.string(),
  socialLinks: creatorSocialLinksSchema,
  skills: z.array(z.string()),
  portfolio: z.array(portfolioItemAnswerSchema),
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;
export const creatorAnswerSchema = z.object({ creator: creatorProfileSchema });

/** Contact Creator: 202 with the toast's title and text. */
export const contactSentSchema = z.object({ title: z.string(), message: z.string() });

/** A creator's reply under a review. */
export const reviewReplyAnswerSchema = z.object({ body: z.string(), repliedAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReplyAnswerSchema>;

export const productReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({ name: z.string(), avatarUrl: z.string() }),
  mine: z.boolean(),
  /** The version the reviewer bought, null for a product without versions. */
  versionName: z.string().nullable(),
  /** The product creator's one public reply, or null. */
  reply: reviewReplyAnswerSchema.nullable(),
});
export type Review = z.infer<typeof productReviewSchema>;

/** GET /api/products/:id/reviews: newest first, the average, and whether the viewer may review. */
export const productReviewsSchema = z.object({
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  items: z.array(productReviewSchema),
  /** canReply: the viewer is the product's creator (canReplyToReview) and may reply to reviews without a reply. */
  viewer: z.object({ signedIn: z.boolean(), reviewed: z.boolean(), canReview: z.boolean(), canReply: z.boolean() }),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const reviewCreatedSchema = z.object({
  review: z.object({ id: z.string(), rating: z.number().int(), body: z.string(), createdAt: z.string() }),
});

/** POST /api/products/:id/reviews/:reviewId/reply: 201 with the reply. */
export const reviewRepliedSchema = z.object({ reply: reviewReplyAnswerSchema });

export const PRODUCTS_API = {
  'POST /api/products': productAnswerSchema,
  'PATCH /api/products/:id': productAnswerSchema,
  'DELETE /api/products/:id': productDeletedSchema,
  'GET /api/my/products': myProductsSchema,
  'GET /api/products/:id': productDetailsAnswerSchema,
  'POST /api/products/:id/publish': productAnswerSchema,
  'POST /api/products/:id/unpublish': productAnswerSchema,
  'POST /api/products/:id/short-link': shortLinkSchema,
  'POST /api/products/:id/views': productViewsSchema,
  'GET /api/store/products': storeProductsPageSchema,
  'GET /api/store/creators/:slugOrId': creatorAnswerSchema,
  'POST /api/products/:id/contact': contactSentSchema,
  'GET /api/products/:id/reviews': productReviewsSchema,
  'POST /api/products/:id/reviews': reviewCreatedSchema,
  'POST /api/products/:id/reviews/:reviewId/reply': reviewRepliedSchema,
  'GET /api/products/:id/versions': productVersionsAnswerSchema,
  'POST /api/products/:id/versions': productVersionsAnswerSchema,
  'PATCH /api/products/:id/versions/:versionId': productVersionsAnswerSchema,
  'DELETE /api/products/:id/versions/:versionId': productVersionsAnswerSchema,
  'PUT /api/products/:id/versions/order': productVersionsAnswerSchema,
} as const satisfies ApiRoutes;
