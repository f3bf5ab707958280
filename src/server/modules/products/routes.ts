import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratingAverage } from '#shared/products-reviews.ts';
import { CATEGORIES, isCategory, parsePriceToCents, parseTags, PRODUCT_MESSAGES, type Category } from '#shared/products.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { getSessionUser, requireUser, type SessionUser } from '../../platform/session.ts';
import { today, VisitorKeys } from '../links/visitor.ts';
import { avatarUrl, mediaUrl, toOwnProduct } from './presenters.ts';
import {
  deleteProduct,
  findCreator,
  getProduct,
  getProductWithCreator,
  insertProduct,
  listCreatorProducts,
  recordView,
  searchStore,
  storeFacets,
  updateProduct,
  type Product,
} from './queries.ts';
import { receiveProductForm, type ReceivedProductForm } from './upload-form.ts';

const idParams = z.object({ id: z.uuid('Product not found.') });

export async function productRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { storage, auth } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewers = new VisitorKeys(auth.options.secret, 'product-views');
  const announce = (id: string, action: 'created' | 'updated' | 'deleted', userId: string) =>
    ctx.realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id, action, userId });

  // Price range and popular tags scan every product, so they are kept until a product changes anywhere.
  const facetsCache = new Map<string, { value: Awaited<ReturnType<typeof storeFacets>>; expiresAt: number }>();
  const facets = async (creatorId?: string) => {
    const key = creatorId ?? '*';
    const hit = facetsCache.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const value = await storeFacets(db, creatorId);
    facetsCache.set(key, { value, expiresAt: Date.now() + 60_000 });
    return value;
  };
  const stopListening = ctx.realtime.subscribe([PUBLIC_CHANNEL], (event) => {
    if (event.type === 'products.changed') facetsCache.clear();
  });
  app.addHook('onClose', async () => stopListening());

  /** The product, if this user may change it (its owner or an admin). */
  async function editableProduct(request: FastifyRequest, id: string): Promise<{ user: SessionUser; product: Product }> {
    const user = await requireUser(auth, request, PRODUCT_MESSAGES.authRequired);
    const product = await getProduct(db, id);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    if (product.userId !== user.id && user.role !== 'admin') throw new ForbiddenError('You can only change your own products.');
    return { user, product };
  }

  typed.post('/api/products', async (request, reply) => {
    const user = await requireUser(auth, request, PRODUCT_MESSAGES.authRequired);
    const form = await receiveProductForm(request, ctx, user.id);
    try {
      const name = (form.fields.name ?? '').trim();
      const priceCents = parsePriceToCents(form.fields.price ?? '');
      if (!name || (form.fields.price ?? '').trim() === '' || !form.file) throw new BadRequestError(PRODUCT_MESSAGES.missingFields, 'missing_fields');
      const values = validatedFields(form, { name, priceCents });
      const product = await insertProduct(db, {
        ...values,
        userId: user.id,
        category: values.category ?? 'eBook',
        fileKey: form.file.key,
        fileName: form.file.name,
        fileSize: form.file.size,
        coverKey: form.cover?.coverKey,
        cardKey: form.cover?.cardKey,
      } as Parameters<typeof insertProduct>[1]);
      await announce(product.id, 'created', user.id);
      return reply.status(201).send({ product: toOwnProduct(product) });
    } catch (error) {
      await form.discard();
      throw error;
    }
  });

  typed.patch('/api/products/:id', { schema: { params: idParams } }, async (request) => {
    const { user, product } = await editableProduct(request, request.params.id);
    const form = await receiveProductForm(request, ctx, product.userId);
    let updated: Product;
    try {
      const name = form.fields.name === undefined ? undefined : form.fields.name.trim();
      if (name === '') throw new BadRequestError(PRODUCT_MESSAGES.missingFields, 'missing_fields');
      const priceCents = form.fields.price === undefined ? undefined : parsePriceToCents(form.fields.price);
      const values = validatedFields(form, { name, priceCents, partial: true });
      const removeCover = form.fields.removeCover === 'true';
      updated = await updateProduct(db, product.id, {
        ...values,
        ...(form.file ? { fileKey: form.file.key, fileName: form.file.name, fileSize: form.file.size } : {}),
        ...(form.cover ? { coverKey: form.cover.coverKey, cardKey: form.cover.cardKey } : removeCover ? { coverKey: null, cardKey: null } : {}),
      });
    } catch (error) {
      await form.discard();
      throw error;
    }
    // Replaced files go only after the new ones are saved.
    if (form.file) await storage.delete('product-files', product.fileKey);
    if ((form.cover || updated.coverKey === null) && product.coverKey) await removeImages(product);
    await announce(product.id, 'updated', user.id);
    return { product: toOwnProduct(updated) };
  });

  typed.delete('/api/products/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { user, product } = await editableProduct(request, request.params.id);
    await deleteProduct(db, product.id);
    await storage.delete('product-files', product.fileKey);
    await removeImages(product);
    await announce(product.id, 'deleted', user.id);
    return reply.status(204).send();
  });

  typed.get('/api/my/products', async (request) => {
    const user = await requireUser(auth, request);
    return { items: (await listCreatorProducts(db, user.id)).map(toOwnProduct) };
  });

  typed.get('/api/products/:id', { schema: { params: idParams } }, async (request) => {
    const row = await getProductWithCreator(db, request.params.id);
    if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    const user = await getSessionUser(auth, request);
    const { product } = row;
    return {
      product: {
        ...toOwnProduct(product),
        isOwner: user?.id === product.userId,
        creator: {
          id: row.creatorId,
          name: row.creatorName,
          avatarUrl: avatarUrl(row.creatorId, row.creatorAvatarUrl),
          slug: row.creatorSlug,
          bio: row.creatorBio,
          socialLinks: row.creatorSocialLinks,
        },
      },
    };
  });

  // A view counts once per visitor, product and UTC day, never for the owner. The visitor is the
  // keyed hash of the network, signed in or not: a new User-Agent or a new account is no new visitor.
  typed.post('/api/products/:id/views', { schema: { params: idParams } }, async (request) => {
    const product = await getProduct(db, request.params.id);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    const user = await getSessionUser(auth, request);
    if (user?.id === product.userId) return { views: product.views, counted: false };
    const day = today();
    const views = await recordView(db, product.id, viewers.of(request.ip, product.id, day), day);
    return { views: views ?? product.views, counted: views !== undefined };
  });

  typed.get('/api/products/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const { product } = await editableProduct(request, request.params.id);
    const object = await storage.get('product-files', product.fileKey);
    if (!object) throw new NotFoundError('The product file is missing.');
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(object.size))
      .header('Content-Disposition', contentDisposition(product.fileName))
      .header('Cache-Control', 'private, no-store')
      .send(object.body);
  });

  typed.get(
    '/api/store/products',
    {
      schema: {
        querystring: z.object({
          q: z.string().max(200).optional(),
          category: z.enum(['All', ...CATEGORIES]).optional(),
          minPrice: z.coerce.number().min(0).optional(),
          maxPrice: z.coerce.number().min(0).optional(),
          tags: z.string().max(500).optional(),
          creator: z.string().max(100).optional(),
          page: z.coerce.number().int().min(1).max(1000).default(1),
          pageSize: z.coerce.number().int().min(1).max(60).default(24),
          sort: z.enum(['newest', 'price_asc', 'price_desc', 'popular']).default('newest'),
        }),
      },
    },
    async (request) => {
      const query = request.query;
      let creatorId: string | undefined;
      if (query.creator) {
        const creator = await findCreator(db, query.creator);
        if (!creator) throw new NotFoundError(PRODUCT_MESSAGES.creatorNotFound, 'creator_not_found');
        creatorId = creator.id;
      }
      const filters = {
        q: query.q,
        category: query.category && query.category !== 'All' ? (query.category as Category) : undefined,
        minCents: query.minPrice === undefined ? undefined : Math.round(query.minPrice * 100),
        maxCents: query.maxPrice === undefined ? undefined : Math.round(query.maxPrice * 100),
        tags: query.tags ? parseTags(query.tags) : undefined,
        creatorId,
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
      };
      const [{ rows, total }, scopeFacets] = await Promise.all([searchStore(db, filters), facets(creatorId)]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          priceCents: row.priceCents,
          category: row.category,
          tags: row.tags,
          cardUrl: mediaUrl(row.cardKey),
          createdAt: row.createdAt.toISOString(),
          creator: { id: row.creatorId, name: row.creatorName, avatarUrl: avatarUrl(row.creatorId, row.creatorAvatarUrl), slug: row.creatorSlug },
          rating: { average: ratingAverage(row.ratingTotal, row.ratingCount), count: row.ratingCount },
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        facets: scopeFacets,
      };
    },
  );

  typed.get('/api/store/creators/:slugOrId', { schema: { params: z.object({ slugOrId: z.string().max(100) }) } }, async (request) => {
    const creator = await findCreator(db, request.params.slugOrId);
    if (!creator) throw new NotFoundError(PRODUCT_MESSAGES.creatorNotFound, 'creator_not_found');
    return { creator: { ...creator, avatarUrl: avatarUrl(creator.id, creator.avatarUrl) } };
  });

  // Shared product and storefront links get their own title, description and preview image.
  ctx.pageMeta.push(async (pathname) => {
    const productMatch = /^\/store\/product\/([0-9a-f-]{36})\/?$/.exec(pathname);
    if (productMatch) {
      const row = await getProductWithCreator(db, productMatch[1]!);
      if (!row) return undefined;
      return {
        title: `${row.product.name} by ${row.creatorName}`,
        description: row.product.description.slice(0, 200) || `A digital product by ${row.creatorName}.`,
        image: mediaUrl(row.product.coverKey) ?? undefined,
      };
    }
    const creatorMatch = /^\/store\/(?:creator\/)?([A-Za-z0-9_-]{1,100})\/?$/.exec(pathname);
    if (creatorMatch && creatorMatch[1] !== 'product') {
      const creator = await findCreator(db, creatorMatch[1]!);
      if (!creator) return undefined;
      return { title: `${creator.name}'s storefront`, description: creator.bio.slice(0, 200), image: avatarUrl(creator.id, creator.avatarUrl) };
    }
    return undefined;
  });

  async function removeImages(product: Product) {
    if (product.coverKey) await storage.delete('product-images', product.coverKey);
    if (product.cardKey) await storage.delete('product-images', product.cardKey);
  }
}

/** Checks the optional fields of a product form; throws the spec's messages. */
function validatedFields(
  form: ReceivedProductForm,
  given: { name?: string; priceCents?: number; partial?: boolean },
): { name?: string; priceCents?: number; description?: string; category?: Category; tags?: string[] } {
  const { fields } = form;
  if (given.name !== undefined && given.name.length > 120) throw new BadRequestError('Product name must be at most 120 characters.');
  if ((fields.price !== undefined || !given.partial) && given.priceCents === undefined) {
    throw new BadRequestError(PRODUCT_MESSAGES.invalidPrice, 'invalid_price');
  }
  if (fields.category !== undefined && !isCategory(fields.category)) throw new BadRequestError(PRODUCT_MESSAGES.invalidCategory, 'invalid_category');
  if ((fields.description ?? '').length > 5000) throw new BadRequestError('Description must be at most 5,000 characters.');
  return {
    ...(given.name !== undefined ? { name: given.name } : {}),
    ...(given.priceCents !== undefined ? { priceCents: given.priceCents } : {}),
    ...(fields.description !== undefined ? { description: fields.description.trim() } : {}),
    ...(fields.category !== undefined ? { category: fields.category as Category } : {}),
    ...(fields.tags !== undefined ? { tags: parseTags(fields.tags) } : {}),
  };
}
