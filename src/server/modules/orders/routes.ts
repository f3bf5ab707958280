import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CART_MAX_ITEMS, cartTotalCents, checkoutSchema, ORDER_MESSAGES } from '#shared/orders.ts';
import { cartQuoteSchema, cartSchema } from '#shared/orders-api.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { createOrder, markOrderPaid, registerFulfiller } from './service.ts';
import { mediaUrl } from '../products/presenters.ts';
import { addCartItems, cartProducts, countCartItems, purchasableProducts, removeCartItem, type PurchasableProduct } from './cart-queries.ts';
import { afterProductOrderPaid, fulfilProductOrder } from './fulfilment.ts';

const productParams = z.object({ productId: z.uuid(PRODUCT_MESSAGES.notFound) });
const productIdsBody = z.object({ productIds: z.array(z.uuid()).max(CART_MAX_ITEMS) });

function cartView(items: PurchasableProduct[]) {
  return {
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      priceCents: item.priceCents,
      category: item.category,
      cardUrl: mediaUrl(item.cardKey),
      creator: { id: item.creatorId, name: item.creatorName },
    })),
    totalCents: cartTotalCents(items),
  };
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Cart (server-side when signed in; guests keep ids in the browser and ask for a quote) and checkout. */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  registerFulfiller('products', (tx, order) => fulfilProductOrder(ctx, tx, order), { afterPaid: afterProductOrderPaid });

  typed.get('/api/cart', { schema: { response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return cartView(await cartProducts(db, user.id));
  });

  typed.put('/api/cart/items/:productId', { schema: { params: productParams, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const [product] = await purchasableProducts(db, [request.params.productId]);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    if ((await countCartItems(db, user.id)) >= CART_MAX_ITEMS) throw new BadRequestError(`A cart holds at most ${CART_MAX_ITEMS} products.`, 'cart_full');
    await addCartItems(db, user.id, [product.id]);
    return cartView(await cartProducts(db, user.id));
  });

  typed.delete('/api/cart/items/:productId', { schema: { params: productParams, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    await removeCartItem(db, user.id, request.params.productId);
    return cartView(await cartProducts(db, user.id));
  });

  // A guest's cart joins the account's at login; products no longer on sale are dropped.
  typed.post('/api/cart/merge', { schema: { body: productIdsBody, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const room = Math.max(0, CART_MAX_ITEMS - (await countCartItems(db, user.id)));
    const available = await purchasableProducts(db, unique(request.body.productIds));
    await addCartItems(db, user.id, available.slice(0, room).map((product) => product.id));
    return cartView(await cartProducts(db, user.id));
  });

  // A guest cart's current prices; `unavailable` lists ids that can no longer be bought.
  typed.post('/api/cart/quote', { schema: { body: productIdsBody, response: { 200: cartQuoteSchema } } }, async (request) => {
    const ids = unique(request.body.productIds);
    const available = await purchasableProducts(db, ids);
    const found = new Set(available.map((product) => product.id));
    return { ...cartView(available), unavailable: ids.filter((id) => !found.has(id)) };
  });

  typed.post('/api/checkout', { schema: { body: checkoutSchema } }, async (request, reply) => {
    const user = await getSessionUser(ctx.auth, request);
    const ids = unique(request.body.productIds);
    const items = await purchasableProducts(db, ids);
    if (items.length !== ids.length) throw new BadRequestError(ORDER_MESSAGES.productUnavailable, 'product_unavailable');
    const totalCents = cartTotalCents(items);
    // The receipt goes to the address typed here; unless it is the buyer's own, it counts against the
    // mail limits before anything is made (mail-throttle.ts).
    const ownAddress = user && request.body.email.trim().toLowerCase() === user.email.toLowerCase();
    if (!ownAddress) await ctx.mailThrottle.take(request.body.email, mailSender(request, user));
    const { order, start } = await createOrder(ctx, {
      kind: 'products',
      buyerEmail: request.body.email,
      buyerUserId: user?.id ?? null,
      items: items.map((item) => ({ productId: item.id, name: item.name, priceCents: item.priceCents, creatorId: item.creatorId })),
      totalCents,
      successPath: '/checkout/{orderId}',
      cancelPath: '/cart',
    });
    // Free products need no payment.
    if (totalCents === 0) await markOrderPaid(ctx, order.id, request.log);
    return reply.status(201).send({ orderId: order.id, status: totalCents === 0 ? 'paid' : order.status, totalCents, start });
  });

}
