import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorAnswerSchema,
  creatorProfileSchema,
  productDetailsSchema,
  productReviewsSchema,
  myProductsSchema,
  productAnswerSchema,
  productDeletedSchema,
  productDetailsAnswerSchema,
  productViewRequestSchema,
  productViewsSchema,
  storeProductsPageSchema,
} from '#shared/products-api.ts';
import { shortLinkSchema } from '#shared/links-api.ts';
import { CATEGORIES, PRODUCT_MESSAGES, productPath } from '#shared/products.ts';
import { markdownPlainText } from '#shared/products-markdown.ts';
import { STORE_SORTS } from '#shared/products-store.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { countryLookup } from '../links/geo.ts';
import { productViewKeys, productVisit } from './visit.ts';
import { avatarUrl, mediaUrl, toOwnProduct } from './presenters.ts';
import { findCreator, galleriesOf, listCreatorProducts } from './queries.ts';
import {
  createProduct,
  createStoreSearch,
  deleteProduct,
  editableProduct,
  listReviews,
  productAtAddress,
  productPage,
  productShortLink,
  recordProductView,
  setProductPublished,
  storefrontCreator,
  updateProduct,
} from './service.ts';
import { storePageResolver } from './server-page-store.ts';
import { receiveProductForm } from './upload-form.ts';
import { productServerPage, STOREFRONT_PAGE_SIZE, storefrontServerPage } from './server-pages.ts';
import { activeVersionsOf } from './version-queries.ts';

const idParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });
/** A product page's address: its id, slug or an earlier slug. */
const addressParams = z.object({ id: z.string().min(1).max(100) });

const storeQuery = z.object({
  q: z.string().max(200).optional(),
  category: z.enum(['All', ...CATEGORIES]).optional(),
  minPrice: z.coerce.number().min(0).optional(),
  maxPrice: z.coerce.number().min(0).optional(),
  tags: z.string().max(500).optional(),
  creator: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
  sort: z.enum(STORE_SORTS).default('newest'),
});

export async function productRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { storage, auth } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewers = productViewKeys(auth.options.secret);
  const countries = countryLookup();
  const ownHost = new URL(ctx.config.PUBLIC_URL).hostname;
  const store = createStoreSearch(ctx);
  app.addHook('onClose', async () => store.close());
  // The marketplace: written on the server for a guest or a bot (server-page-store.ts, decision 037).
  ctx.pageMeta.push(storePageResolver(store));
  /** Multipart forms keep their own parsing (upload-form.ts); the files count against the owner's quota. */
  const productForm = (request: Parameters<typeof receiveProductForm>[0]) => (ownerId: string) => receiveProductForm(request, ctx, ownerId);

  typed.post('/api/products', { schema: { response: { 201: productAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return reply.status(201).send({ product: await createProduct(ctx, user, productForm(request)) });
  });

  typed.patch('/api/products/:id', { schema: { params: idParams, response: { 200: productAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return { product: await updateProduct(ctx, user, request.params.id, productForm(request)) };
  });

  typed.delete('/api/products/:id', { schema: { params: idParams, response: { 204: productDeletedSchema } } }, async (request, reply) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    await deleteProduct(ctx, user, request.params.id);
    return reply.status(204).send(null);
  });

  typed.get('/api/my/products', { schema: { response: { 200: myProductsSchema } } }, async (request) => {
    const user = await requireUser(auth, request);
    const items = await listCreatorProducts(db, user.id);
    const ids = items.map((product) => product.id);
    const [galleries, versions] = await Promise.all([galleriesOf(db, ids), activeVersionsOf(db, ids)]);
    return { items: items.map((product) => toOwnProduct(product, galleries.get(product.id) ?? [], versions.get(product.id) ?? [])) };
  });

  typed.get('/api/products/:id', { schema: { params: addressParams, response: { 200: productDetailsAnswerSchema } } }, async (request) => {
    return { product: await productPage(ctx, request.params.id, await getSessionUser(auth, request)) };
  });

  typed.post('/api/products/:id/publish', { schema: { params: idParams, response: { 200: productAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return { product: await setProductPublished(ctx, user, request.params.id, true) };
  });

  typed.post('/api/products/:id/unpublish', { schema: { params: idParams, response: { 200: productAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return { product: await setProductPublished(ctx, user, request.params.id, false) };
  });

  typed.post('/api/products/:id/short-link', { schema: { params: idParams, response: { 200: shortLinkSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return productShortLink(ctx, user, request.params.id);
  });

  typed.post(
    '/api/products/:id/views',
    { schema: { params: idParams, body: productViewRequestSchema, response: { 200: productViewsSchema } } },
    async (request, reply) => {
      const viewer = await getSessionUser(auth, request);
      const visit = productVisit(request, reply, viewer, { keys: viewers, countries, referrer: request.body?.referrer, ownHost });
      return recordProductView(ctx, request.params.id, visit);
    },
  );

  typed.get('/api/products/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    const product = await editableProduct(ctx, user, request.params.id);
    const object = await storage.get('product-files', product.fileKey);
    if (!object) throw new NotFoundError(PRODUCT_MESSAGES.fileMissing, 'product_file_missing');
    return sendDownload(reply, { body: object.body, size: object.size, fileName: product.fileName });
  });

  typed.get('/api/store/products', { schema: { querystring: storeQuery, response: { 200: storeProductsPageSchema } } }, async (request) =>
    store.search(request.query, await getSessionUser(auth, request)),
  );

  typed.get(
    '/api/store/creators/:slugOrId',
    { schema: { params: z.object({ slugOrId: z.string().max(100) }), response: { 200: creatorAnswerSchema } } },
    async (request) => ({ creator: await storefrontCreator(ctx, request.params.slugOrId) }),
  );

  // Shared product and storefront links get their own title, description and preview image.
  ctx.pageMeta.push(async (pathname, request) => {
    const productMatch = /^\/store\/product\/([A-Za-z0-9-]{1,100})\/?$/.exec(pathname);
    if (productMatch) {
      // An id or an earlier slug redirects for good; a draft is not found but for its store and admins.
      const found = await productAtAddress(ctx, productMatch[1]!, await getSessionUser(auth, request)).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      if (!found) return { notFound: true };
      const { row } = found;
      if (!found.current) return { redirect: productPath(row.product) };
      if (row.product.publishedAt === null) return undefined;
      const address = productMatch[1]!;
      return {
        title: `${row.product.name} by ${row.creatorName}`,
        description: markdownPlainText(row.product.description, 200) || `A digital product by ${row.creatorName}.`,
        image: mediaUrl(row.product.coverKey) ?? undefined,
        ownerId: row.product.userId,
        type: 'product',
        price: { amountCents: row.product.priceCents, currency: row.product.currency },
        // A guest's page is the one nobody is signed in for: the product and its reviews as a guest sees them.
        serverPage: async (language, reply) => {
          // The view is counted here, as the app counts it when it opens the page (once per visitor and day: the app's later count is not another).
          const visit = productVisit(request, reply, null, { keys: viewers, countries, referrer: request.headers.referer, ownHost });
          const [product, reviews] = await Promise.all([
            productPage(ctx, address, null),
            listReviews(ctx, row.product.id, null),
            request.method === 'GET' ? recordProductView(ctx, row.product.id, visit) : undefined,
          ]);
          // Exactly the API's answers (their schemas drop what the API does not send): the page embeds them.
          const withParameters = Object.keys(request.query ?? {}).some((key) => !key.startsWith('utm_'));
          return productServerPage(productDetailsSchema.parse(product), productReviewsSchema.parse(reviews), address, language, { withParameters });
        },
      };
    }
    const creatorMatch = /^\/store\/(?:creator\/)?([A-Za-z0-9_-]{1,100})\/?$/.exec(pathname);
    if (creatorMatch && creatorMatch[1] !== 'product') {
      const address = creatorMatch[1]!;
      const creator = await findCreator(db, address);
      if (!creator) return undefined;
      // A storefront opened with filters in its address (a shared search) is the app's to show.
      const filtered = Object.keys(request.query ?? {}).some((key) => ['q', 'sort', 'page', 'tags', 'maxPrice', 'category'].includes(key));
      return {
        title: `${creator.name}'s storefront`,
        description: creator.bio.slice(0, 200),
        image: avatarUrl(creator.id, creator.avatarUrl),
        ownerId: creator.id,
        type: 'profile',
        serverPage: filtered
          ? undefined
          : async (language) => {
              const profile = creatorProfileSchema.parse(await storefrontCreator(ctx, address));
              const products = await store.search({ creator: profile.slug || profile.id, page: 1, pageSize: STOREFRONT_PAGE_SIZE, sort: 'newest' }, null);
              return storefrontServerPage(profile, storeProductsPageSchema.parse(products), address, language);
            },
      };
    }
    return undefined;
  });
}
