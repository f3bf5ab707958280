import { randomUUID } from 'node:crypto';
import { productEditFormSchema, PRODUCT_FORM_CODES, productFormSchema } from '#shared/products-form.ts';
import { canReplyToReview, canReviewProduct, ratingAverage, REVIEW_MESSAGES, reviewRefusal } from '#shared/products-reviews.ts';
import { currencyDecimals, type Currency } from '#shared/money.ts';
import { canEditProduct, canSeeDraft, productPath, canSeeProductViews, parsePriceToCents, parseTags, PRODUCT_IMAGES_MAX, PRODUCT_MESSAGES, type Category } from '#shared/products.ts';
import { PUBLIC_CHANNEL, type RealtimeEvent } from '#shared/realtime.ts';
import type { z } from 'zod';
import { appBlocklist, mayRedirectTo, shownSocialLinks } from '../../platform/blocklist.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { boughtVersionName, hasBought } from '../sales/queries.ts';
import { today } from '../links/visitor.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { avatarUrl, toOwnProduct, toProductDetails, toStoreCard } from './presenters.ts';
import { ownedProductIds } from '../sales/queries.ts';
import {
  deleteProduct as deleteProductRow,
  findCreator,
  galleryOf,
  getProduct,
  getProductWithCreator,
  insertProduct,
  recordView,
  saveGallery,
  searchStore,
  storeFacets,
  updateProduct as updateProductRow,
  type Product,
  type ProductImage,
  type StoreFilters,
} from './queries.ts';
import { checkedProductSlug, freeProductSlug, isSlugConflict, keepOldSlug, productIdByAddress, slugTaken } from './slugs.ts';
import { insertReply, insertReview, productReviews, reviewOfProduct } from './review-queries.ts';
import type { NewGalleryImage, ReceivedProductForm } from './upload-form.ts';
import { activeVersions, syncVersionPrice, versionFileKeysOfProduct } from './version-queries.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { plainLinkTo } from '../links/service.ts';
import { productEventData } from '../webhooks/events.ts';
import { announceNotifications, notify } from '../notifications/service.ts';
import type { Attribution } from '../links/attribution.ts';

/** Reads the multipart form into storage within the quota of the product's owner (upload-form.ts). */
export type ReceiveProductForm = (ownerId: string) => Promise<ReceivedProductForm>;

export const announce = (ctx: AppContext, id: string, action: 'created' | 'updated' | 'deleted', userId: string) =>
  ctx.realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id, action, userId });

export async function existingProduct(ctx: AppContext, id: string): Promise<Product> {
  const product = await getProduct(ctx.database.db, id);
  if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  return product;
}

/** The product, unless it is a draft this viewer may not see (canSeeDraft): a draft does not exist for them. */
async function shownProduct(ctx: AppContext, id: string, viewer: SessionUser | null): Promise<Product> {
  const product = await existingProduct(ctx, id);
  if (product.publishedAt === null && !canSeeDraft(viewer, product)) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  return product;
}

/** The product, if this user may change it (canEditProduct: its owner or an admin). */
export async function editableProduct(ctx: AppContext, user: SessionUser, id: string): Promise<Product> {
  const product = await existingProduct(ctx, id);
  if (!canEditProduct(user, product)) throw new ForbiddenError(PRODUCT_MESSAGES.notOwner, 'not_product_owner');
  return product;
}

/** The form's fields checked against the shared schema; the first problem answers, a missing field before any other. */
function checkedFields<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>): z.output<Schema> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues.find((item) => item.message === PRODUCT_MESSAGES.missingFields) ?? result.error.issues[0]!;
  throw new BadRequestError(issue.message, PRODUCT_FORM_CODES[issue.message]);
}

/** The stored values of the fields a form sent. */
type ProductFields = {
  name?: string;
  price?: string;
  description?: string;
  category?: Category;
  tags?: string;
  licenseKeys?: 'true' | 'false';
  payWhatYouWant?: 'true' | 'false';
  suggestedPrice?: string;
};

/**
 * A typed price in minor units of the store's currency. The form's own check allows two decimals;
 * a currency without minor units (yen) takes none.
 */
export function priceIn(text: string, currency: Currency): number {
  const minor = parsePriceToCents(text, currency);
  if (minor !== undefined) return minor;
  if (currencyDecimals(currency) === 0) throw new BadRequestError(PRODUCT_MESSAGES.priceWholeNumber, 'price_whole_number');
  throw new BadRequestError(PRODUCT_MESSAGES.invalidPrice, 'invalid_price');
}

function productValues(fields: ProductFields, currency: Currency) {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.price !== undefined ? { priceCents: priceIn(fields.price, currency) } : {}),
    ...(fields.description !== undefined ? { description: fields.description.trim() } : {}),
    ...(fields.category !== undefined ? { category: fields.category } : {}),
    ...(fields.tags !== undefined ? { tags: parseTags(fields.tags) } : {}),
    ...(fields.licenseKeys !== undefined ? { licenseKeys: fields.licenseKeys === 'true' } : {}),
    ...(fields.payWhatYouWant !== undefined ? { payWhatYouWant: fields.payWhatYouWant === 'true' } : {}),
    ...(fields.suggestedPrice !== undefined ? { suggestedPriceCents: fields.suggestedPrice ? priceIn(fields.suggestedPrice, currency) : null } : {}),
  };
}

/** Pay what you want: a suggested price is at least the minimum (the product's price), checked on the values it will have. */
function checkSuggestedPrice(product: { priceCents: number; payWhatYouWant: boolean; suggestedPriceCents: number | null }) {
  if (product.payWhatYouWant && product.suggestedPriceCents !== null && product.suggestedPriceCents < product.priceCents) {
    throw new BadRequestError(PRODUCT_MESSAGES.suggestedBelowMinimum, 'suggested_below_minimum');
  }
}

type GalleryItem = { id: string } | NewGalleryImage;

/**
 * The gallery a form asks for. `images` lists it in order, comma-separated: an existing image by its
 * id, a new one by its part's name (`image0` …); images left out are removed, new parts left out go
 * last. Without `images`, the gallery stays and new parts are added at its end.
 */
function galleryOrder(form: ReceivedProductForm, existing: ProductImage[]): GalleryItem[] {
  const fresh = [...form.images.entries()];
  let order: GalleryItem[];
  if (form.fields.images === undefined) {
    order = [...existing.map(({ id }) => ({ id })), ...fresh.map(([, image]) => image)];
  } else {
    const named = new Set<string>();
    order = form.fields.images
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean)
      .map((token) => {
        const image = form.images.get(token);
        if (named.has(token) || (!image && !existing.some(({ id }) => id === token))) {
          throw new BadRequestError(PRODUCT_MESSAGES.invalidImageOrder, 'invalid_image_order');
        }
        named.add(token);
        return image ?? { id: token };
      });
    for (const [name, image] of fresh) if (!named.has(name)) order.push(image);
  }
  if (order.length > PRODUCT_IMAGES_MAX) {
    throw new BadRequestError(PRODUCT_MESSAGES.tooManyImages(PRODUCT_IMAGES_MAX), 'too_many_images', { params: { max: PRODUCT_IMAGES_MAX } });
  }
  return order;
}

/** Removes gallery images' files (and so their place in the owner's storage). */
async function removeGalleryFiles(ctx: AppContext, images: ProductImage[]) {
  for (const image of images) {
    await ctx.storage.delete('product-images', image.key);
    await ctx.storage.delete('product-images', image.thumbKey);
  }
}

/** A new product from the upload form: its file and cover are stored first, and removed again if it is not saved. */
export async function createProduct(ctx: AppContext, user: SessionUser, receive: ReceiveProductForm) {
  const form = await receive(user.id);
  try {
    if (!form.file) throw new BadRequestError(PRODUCT_MESSAGES.missingFields, 'missing_fields');
    const fields = checkedFields(productFormSchema, form.fields);
    const currency = await storeCurrency(ctx.database.db, user.id);
    const pricing = {
      priceCents: priceIn(fields.price, currency),
      payWhatYouWant: fields.payWhatYouWant === 'true',
      suggestedPriceCents: fields.suggestedPrice ? priceIn(fields.suggestedPrice, currency) : null,
      currency,
    };
    checkSuggestedPrice(pricing);
    const gallery = galleryOrder(form, []);
    const file = form.file;
    const id = randomUUID();
    const slug = fields.slug
      ? await checkedProductSlug(ctx.database.db, id, fields.slug)
      : await freeProductSlug(ctx.database.db, { id, userId: user.id, name: fields.name, category: fields.category });
    const product = await ctx.database.db.transaction(async (tx) => {
      const row = await insertProduct(tx, {
        id,
        slug,
        publishedAt: fields.draft === 'true' ? null : new Date(),
        userId: user.id,
        name: fields.name,
        ...pricing,
        category: fields.category,
        description: fields.description?.trim(),
        tags: fields.tags === undefined ? undefined : parseTags(fields.tags),
        licenseKeys: fields.licenseKeys === 'true',
        fileKey: file.key,
        fileName: file.name,
        fileSize: file.size,
        coverKey: form.cover?.coverKey,
        cardKey: form.cover?.cardKey,
      });
      await saveGallery(tx, row.id, gallery);
      return row;
    }).catch((error: unknown) => {
      throw isSlugConflict(error) ? slugTaken() : error;
    });
    await emitWebhookEvent(ctx.database.db, user.id, 'product.created', productEventData(product, ctx.config.PUBLIC_URL));
    await announce(ctx, product.id, 'created', user.id);
    return toOwnProduct(product, await galleryOf(ctx.database.db, product.id), []);
  } catch (error) {
    await form.discard();
    throw error;
  }
}

/**
 * Changes the fields sent; a new file or cover replaces the old one, which goes only once the new one
 * is saved; the gallery becomes what the form asks for (galleryOrder), and removed images go after the save.
 */
export async function updateProduct(ctx: AppContext, user: SessionUser, id: string, receive: ReceiveProductForm) {
  const { db } = ctx.database;
  const product = await editableProduct(ctx, user, id);
  const form = await receive(product.userId);
  let existing: ProductImage[];
  let updated: Product;
  let gallery: GalleryItem[];
  try {
    existing = await galleryOf(db, product.id);
    const fields = checkedFields(productEditFormSchema, form.fields);
    const values = productValues(fields, product.currency);
    checkSuggestedPrice({ ...product, ...values });
    const slug = fields.slug && fields.slug !== product.slug ? await checkedProductSlug(db, product.id, fields.slug) : undefined;
    const removeCover = form.fields.removeCover === 'true';
    gallery = galleryOrder(form, existing);
    updated = await db.transaction(async (tx) => {
      if (slug) await keepOldSlug(tx, product.id, product.slug, slug);
      const row = await updateProductRow(tx, product.id, {
        ...values,
        ...(slug ? { slug } : {}),
        ...(form.file ? { fileKey: form.file.key, fileName: form.file.name, fileSize: form.file.size } : {}),
        ...(form.cover ? { coverKey: form.cover.coverKey, cardKey: form.cover.cardKey } : removeCover ? { coverKey: null, cardKey: null } : {}),
      });
      await saveGallery(tx, product.id, gallery);
      // With versions, the price stays the lowest version's whatever the form sent (decision 017).
      return (await syncVersionPrice(tx, product.id)) ?? row;
    }).catch((error: unknown) => {
      throw isSlugConflict(error) ? slugTaken() : error;
    });
  } catch (error) {
    await form.discard();
    throw error;
  }
  if (form.file) await ctx.storage.delete('product-files', product.fileKey);
  if ((form.cover || updated.coverKey === null) && product.coverKey) await removeImages(ctx, product);
  await removeGalleryFiles(ctx, existing.filter((image) => !gallery.some((item) => 'id' in item && item.id === image.id)));
  await emitWebhookEvent(db, updated.userId, 'product.updated', productEventData(updated, ctx.config.PUBLIC_URL));
  await announce(ctx, product.id, 'updated', user.id);
  return toOwnProduct(updated, await galleryOf(db, product.id), await activeVersions(db, product.id));
}

/**
 * Publishes a draft or takes a product back to draft (decision 031). A draft leaves every public list
 * and cannot be bought; what past buyers bought stays theirs (library, receipts, keys).
 */
export async function setProductPublished(ctx: AppContext, user: SessionUser, id: string, published: boolean) {
  const { db } = ctx.database;
  const product = await editableProduct(ctx, user, id);
  const updated = published === (product.publishedAt !== null) ? product : await updateProductRow(db, product.id, { publishedAt: published ? new Date() : null });
  if (updated !== product) {
    await emitWebhookEvent(db, updated.userId, 'product.updated', productEventData(updated, ctx.config.PUBLIC_URL));
    await announce(ctx, product.id, 'updated', user.id);
  }
  return toOwnProduct(updated, await galleryOf(db, product.id), await activeVersions(db, product.id));
}

/** The Share panel's short link to the product's page: the store's plain link to it, made on first use (links module). */
export async function productShortLink(ctx: AppContext, user: SessionUser, id: string) {
  const product = await editableProduct(ctx, user, id);
  const origin = ctx.config.PUBLIC_URL;
  return plainLinkTo({ db: ctx.database.db, blocklist: await appBlocklist(ctx), origin }, product.userId, `${origin}${productPath(product)}`);
}

/** Deletes the product, then its file and images. */
export async function deleteProduct(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const product = await editableProduct(ctx, user, id);
  const gallery = await galleryOf(ctx.database.db, product.id);
  const versionFiles = await versionFileKeysOfProduct(ctx.database.db, product.id);
  await deleteProductRow(ctx.database.db, product.id);
  await ctx.storage.delete('product-files', product.fileKey);
  for (const key of versionFiles) await ctx.storage.delete('product-files', key);
  await removeImages(ctx, product);
  await removeGalleryFiles(ctx, gallery);
  await announce(ctx, product.id, 'deleted', user.id);
}

async function removeImages(ctx: AppContext, product: Product) {
  if (product.coverKey) await ctx.storage.delete('product-images', product.coverKey);
  if (product.cardKey) await ctx.storage.delete('product-images', product.cardKey);
}

/** A product's reviews, newest first, with its average and whether this viewer may add one. */
export async function listReviews(ctx: AppContext, id: string, user: SessionUser | null) {
  const { db } = ctx.database;
  const product = await shownProduct(ctx, id, user);
  const rows = await productReviews(db, product.id);
  const reviewed = Boolean(user && rows.some((row) => row.userId === user.id));
  // The purchase is looked up only when nothing else already rules a review out.
  const bought = Boolean(user && reviewRefusal(user, product, { bought: true, reviewed }) === undefined && (await hasBought(db, product.id, user.email)));
  return {
    averageRating: ratingAverage(product.ratingTotal, product.ratingCount),
    ratingCount: product.ratingCount,
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
      author: { name: row.authorName, avatarUrl: avatarUrl(row.userId, row.authorAvatarUrl) },
      mine: row.userId === user?.id,
      versionName: row.versionName,
      reply: row.replyBody !== null && row.repliedAt ? { body: row.replyBody, repliedAt: row.repliedAt.toISOString() } : null,
    })),
    viewer: {
      signedIn: Boolean(user),
      reviewed,
      canReview: canReviewProduct(user, product, { bought, reviewed }),
      canReply: canReplyToReview(user, product),
    },
  };
}

/** A buyer's one review (reviewRefusal); product pages and cards follow products.changed to show the new average. */
export async function addReview(ctx: AppContext, user: SessionUser, id: string, input: { rating: number; body: string }) {
  const { db } = ctx.database;
  const product = await shownProduct(ctx, id, user);
  const bought = user.id !== product.userId && user.emailVerified && (await hasBought(db, product.id, user.email));
  const refusal = reviewRefusal(user, product, { bought, reviewed: false });
  if (refusal === 'own_product') throw new ForbiddenError(REVIEW_MESSAGES.reviewOwnProduct, 'own_product');
  if (refusal) throw new ForbiddenError(REVIEW_MESSAGES.reviewNeedsPurchase, 'purchase_required');
  // The review names the version the reviewer bought (their latest purchase of it).
  const versionName = await boughtVersionName(db, product.id, user.email);
  const review = await insertReview(db, { productId: product.id, userId: user.id, rating: input.rating, body: input.body, versionName });
  if (!review) throw new ConflictError(REVIEW_MESSAGES.reviewDuplicate, 'already_reviewed');
  await emitWebhookEvent(db, product.userId, 'review.created', {
    id: review.id,
    productId: product.id,
    productName: product.name,
    rating: review.rating,
    body: review.body,
    createdAt: review.createdAt.toISOString(),
  });
  await notify(ctx, db, product.userId, 'review', { productName: product.name, actorName: user.name, link: productPath(product) });
  await announce(ctx, product.id, 'updated', product.userId);
  await announceNotifications(ctx, product.userId);
  return { id: review.id, rating: review.rating, body: review.body, createdAt: review.createdAt.toISOString() };
}

/** The product creator's one public reply under a review (canReplyToReview); product pages follow products.changed. */
export async function replyToReview(ctx: AppContext, user: SessionUser, id: string, reviewId: string, body: string) {
  const { db } = ctx.database;
  const product = await existingProduct(ctx, id);
  if (!canReplyToReview(user, product)) throw new ForbiddenError(REVIEW_MESSAGES.replyNotCreator, 'not_product_creator');
  const reply = await insertReply(db, { productId: product.id, reviewId, body });
  if (!reply) {
    if (!(await reviewOfProduct(db, product.id, reviewId))) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
    throw new ConflictError(REVIEW_MESSAGES.replyDuplicate, 'already_replied');
  }
  await announce(ctx, product.id, 'updated', product.userId);
  return { body: reply.body, repliedAt: reply.repliedAt.toISOString() };
}

/** The marketplace's filters (GET /api/store/products), as the route's query schema gives them. */
export interface StoreQuery {
  q?: string;
  category?: 'All' | Category;
  minPrice?: number;
  maxPrice?: number;
  tags?: string;
  creator?: string;
  page: number;
  pageSize: number;
  sort: StoreFilters['sort'];
}

/** Facets are fresh for a minute and until a product changes. */
const FACETS_FRESH_MS = 60_000;
/** How long a search waits for stale facets to be worked out again before it answers with the last ones. */
const FACETS_WAIT_MS = 100;
/** Storefronts whose facets are kept, the least recently asked for leaving first. */
const FACETS_SCOPES_MAX = 1000;
/** After working a scope's facets out, the stale ones are kept this many times as long as that took (a tenth of the time at most goes to them). */
const FACETS_REST_FACTOR = 9;

/**
 * How long a page of the marketplace (its rows and count) is answered again without asking the
 * database: a product changed anywhere ends every kept page at once; the age bounds what no event
 * announces (views, hence the Popular order; products written by SQL).
 */
const STORE_PAGE_FRESH_MS = 10_000;
/** Pages kept, the least recently asked for leaving first (about 25 KB each). */
const STORE_PAGES_MAX = 500;

/** Puts `value` last in `map`, whose order is then the keys' last use, and drops the least recently used beyond `max`. */
function keepAsRecent<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The marketplace's search. Its pages are kept for STORE_PAGE_FRESH_MS while no product changes: the
 * same search asked again (the first page of /store, a storefront, a popular word) costs no query, and
 * the same search asked by many at once costs one; a word search over a million products costs
 * milliseconds of the database's time (decision 038). Price range and popular tags scan every product
 * of their scope (seconds at a million), so they are kept per scope: fresh for a minute and until a
 * product changes anywhere. Stale ones are worked out again by one query at a time, and a search waits for it
 * FACETS_WAIT_MS at most, then answers with the last ones: no search waits seconds, and many
 * searches do not start the same scan at once; and while products keep changing, a scope is worked out
 * again only after resting FACETS_REST_FACTOR times as long as it took (milliseconds for a small
 * store, half a minute at a million products). `close` stops listening for changes.
 */
export function createStoreSearch(ctx: AppContext) {
  const { db } = ctx.database;
  type Facets = Awaited<ReturnType<typeof storeFacets>>;
  const facetsCache = new Map<string, { value?: Facets; freshUntil: number; restUntil?: number; pending?: Promise<Facets> }>();
  const refresh = (key: string, creatorId: string | undefined) => {
    const entry = facetsCache.get(key) ?? { freshUntil: 0 };
    keepAsRecent(facetsCache, key, entry, FACETS_SCOPES_MAX);
    if (!entry.pending) {
      const startedAt = Date.now();
      entry.pending = storeFacets(db, creatorId)
        .then((value) => {
          // A change while it ran leaves it stale (freshUntil was set to 0 after it started).
          if (entry.freshUntil !== -1) entry.freshUntil = startedAt + FACETS_FRESH_MS;
          entry.value = value;
          return value;
        })
        .finally(() => {
          if (entry.freshUntil === -1) entry.freshUntil = 0;
          entry.restUntil = Date.now() + FACETS_REST_FACTOR * (Date.now() - startedAt);
          entry.pending = undefined;
        });
      entry.pending.catch(() => {}); // a search still waiting gets the error; a background refresh just tries again next time
    }
    return entry;
  };
  const facets = async (creatorId?: string): Promise<Facets> => {
    const key = creatorId ?? '*';
    const hit = facetsCache.get(key);
    if (hit?.value && (hit.freshUntil > Date.now() || (!hit.pending && (hit.restUntil ?? 0) > Date.now()))) {
      keepAsRecent(facetsCache, key, hit, FACETS_SCOPES_MAX);
      return hit.value;
    }
    const entry = refresh(key, creatorId);
    if (!entry.value) return entry.pending!;
    const last = entry.value;
    return Promise.race([entry.pending!, new Promise<Facets>((resolve) => setTimeout(() => resolve(last), FACETS_WAIT_MS).unref())]).catch(() => last);
  };
  // A change made here drops the kept pages before this instance's next request (onPublish), one made
  // on another instance when its event arrives; a search already under way is not kept.
  const pages = new Map<string, { madeAt: number; page: ReturnType<typeof searchStore> }>();
  const storePage = (filters: StoreFilters) => {
    const key = JSON.stringify(filters);
    const kept = pages.get(key);
    const now = ctx.clock.now().getTime();
    if (kept && now - kept.madeAt < STORE_PAGE_FRESH_MS) {
      keepAsRecent(pages, key, kept, STORE_PAGES_MAX);
      return kept.page;
    }
    const made = { madeAt: now, page: searchStore(db, filters) };
    keepAsRecent(pages, key, made, STORE_PAGES_MAX);
    made.page.catch(() => {
      if (pages.get(key) === made) pages.delete(key); // a failed query is asked again, not kept
    });
    return made.page;
  };
  const productsChanged = (event: RealtimeEvent) => {
    if (event.type !== 'products.changed') return;
    pages.clear();
    for (const entry of facetsCache.values()) entry.freshUntil = entry.pending ? -1 : 0;
  };
  const stopHearing = ctx.realtime.subscribe([PUBLIC_CHANNEL], productsChanged);
  const stopWatching = ctx.realtime.onPublish(productsChanged);
  const close = () => {
    stopHearing();
    stopWatching();
  };

  /** `viewer` is told which cards they own. */
  async function search(query: StoreQuery, viewer: SessionUser | null = null) {
    let creatorId: string | undefined;
    if (query.creator) creatorId = (await storefrontCreator(ctx, query.creator)).id;
    const filters: StoreFilters = {
      q: query.q,
      category: query.category && query.category !== 'All' ? query.category : undefined,
      minCents: query.minPrice === undefined ? undefined : Math.round(query.minPrice * 100),
      maxCents: query.maxPrice === undefined ? undefined : Math.round(query.maxPrice * 100),
      tags: query.tags ? parseTags(query.tags) : undefined,
      creatorId,
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort,
    };
    const [{ rows, total, capped }, scopeFacets] = await Promise.all([storePage(filters), facets(creatorId)]);
    const ids = rows.map((row) => row.id);
    const owned = viewer ? await ownedProductIds(db, viewer, ids) : new Set<string>();
    return { items: rows.map((row) => ({ ...toStoreCard(row, row.hasVersions), owned: owned.has(row.id) })), total, totalCapped: capped, page: query.page, pageSize: query.pageSize, facets: scopeFacets };
  }

  return { search, close };
}

/** A storefront's owner by storefront address or user id (404 for a suspended creator too). */
export async function storefrontCreator(ctx: AppContext, slugOrId: string) {
  const creator = await findCreator(ctx.database.db, slugOrId);
  if (!creator) throw new NotFoundError(PRODUCT_MESSAGES.creatorNotFound, 'creator_not_found');
  const blocklist = await appBlocklist(ctx);
  // Links on a domain blocked since they were saved are not shown (the blocklist holds for every address a visitor follows).
  const links = { socialLinks: shownSocialLinks(blocklist, creator.socialLinks), portfolio: creator.portfolio.filter((item) => mayRedirectTo(blocklist, item.link)) };
  return { ...creator, avatarUrl: avatarUrl(creator.id, creator.avatarUrl), ...links };
}

/**
 * The product an address names (its id, slug or an earlier slug), with whether the address is its
 * own (else the page redirects); a draft only for canSeeDraft, a product taken down for no one.
 */
export async function productAtAddress(ctx: AppContext, address: string, viewer: SessionUser | null) {
  const found = await productIdByAddress(ctx.database.db, address);
  const row = found && (await getProductWithCreator(ctx.database.db, found.id));
  if (!row || (row.product.publishedAt === null && !canSeeDraft(viewer, row.product))) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  return { row, current: found.current };
}

/** A listed product's page (a draft for its store and admins), by id or slug. */
export async function productPage(ctx: AppContext, address: string, viewer: SessionUser | null) {
  const { row } = await productAtAddress(ctx, address, viewer);
  const owned = viewer ? (await ownedProductIds(ctx.database.db, viewer, [row.product.id])).has(row.product.id) : false;
  const [gallery, versions] = await Promise.all([galleryOf(ctx.database.db, row.product.id), activeVersions(ctx.database.db, row.product.id)]);
  const details = toProductDetails(row, gallery, versions, viewer);
  const socialLinks = shownSocialLinks(await appBlocklist(ctx), details.creator.socialLinks);
  return { ...details, creator: { ...details.creator, socialLinks }, owned };
}

/** Who a product view is from (products/routes.ts productVisit): bots are not counted. */
export interface ProductVisit {
  viewer: SessionUser | null;
  /** False for bots and link-preview fetchers (isbot). */
  counted: boolean;
  /** The person's and their network's keys for a product and day (links/visitor.ts). */
  keys: (productId: string, day: string) => { visitor: string; network: string };
  attribution: Attribution | undefined;
  referrerDomain: string | null;
  country: string | null;
}

/**
 * A view counts once per visitor, product and UTC day, never for the owner nor a bot. The visitor is
 * a person (decision 036): their account when signed in, else their browser's visitor id, each as a
 * keyed hash; one network adds a bounded number of visitors (queries.ts recordView). A view through a
 * click the creator made (their link or page) keeps that source, for the link's funnel.
 */
export async function recordProductView(ctx: AppContext, id: string, visit: ProductVisit) {
  const product = await shownProduct(ctx, id, visit.viewer);
  const shownViews = (views: number) => (canSeeProductViews(visit.viewer, product) ? views : null);
  if (visit.viewer?.id === product.userId || !visit.counted) return { views: shownViews(product.views), counted: false };
  const day = today();
  const source = visit.attribution?.creatorId === product.userId ? visit.attribution.source : null;
  const views = await recordView(ctx.database.db, {
    productId: product.id,
    ...visit.keys(product.id, day),
    day,
    source,
    referrerDomain: visit.referrerDomain,
    country: visit.country,
  });
  return { views: shownViews(views ?? product.views), counted: views !== undefined };
}
