// The cart's rules (room for CART_MAX_ITEMS, each product once, only products still on sale) and
// checkout, which makes an order of the cart (service.ts).
import type { FastifyBaseLogger } from 'fastify';
import { CART_MAX_ITEMS, cartTotalCents, ORDER_MESSAGES } from '#shared/orders.ts';
import type { CartContents, CheckoutStarted } from '#shared/orders-api.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import type { MailSender } from '../../platform/mail-throttle.ts';
import { mediaUrl } from '../products/presenters.ts';
import { addCartItems, cartProducts, countCartItems, purchasableProducts, removeCartItem, type PurchasableProduct } from './cart-queries.ts';
import { createOrder, markOrderPaid } from './service.ts';

function cartView(items: PurchasableProduct[]): CartContents {
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

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** A signed-in buyer's cart, priced now (products no longer on sale are left out). */
export async function buyerCart(db: Db, userId: string): Promise<CartContents> {
  return cartView(await cartProducts(db, userId));
}

/** Adds a product on sale to the cart (once), while the cart has room. */
export async function addToCart(db: Db, userId: string, productId: string): Promise<CartContents> {
  const [product] = await purchasableProducts(db, [productId]);
  if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  if ((await countCartItems(db, userId)) >= CART_MAX_ITEMS) throw new BadRequestError(ORDER_MESSAGES.cartFull(CART_MAX_ITEMS), 'cart_full', { params: { max: CART_MAX_ITEMS } });
  await addCartItems(db, userId, [product.id]);
  return buyerCart(db, userId);
}

export async function removeFromCart(db: Db, userId: string, productId: string): Promise<CartContents> {
  await removeCartItem(db, userId, productId);
  return buyerCart(db, userId);
}

/** A guest's cart joins the account's at login; products no longer on sale, and those past the cart's room, are dropped. */
export async function mergeGuestCart(db: Db, userId: string, productIds: readonly string[]): Promise<CartContents> {
  const room = Math.max(0, CART_MAX_ITEMS - (await countCartItems(db, userId)));
  const available = await purchasableProducts(db, unique(productIds));
  await addCartItems(db, userId, available.slice(0, room).map((product) => product.id));
  return buyerCart(db, userId);
}

/** A guest cart's current prices; `unavailable` lists ids that can no longer be bought. */
export async function quoteCart(db: Db, productIds: readonly string[]): Promise<CartContents & { unavailable: string[] }> {
  const ids = unique(productIds);
  const available = await purchasableProducts(db, ids);
  const found = new Set(available.map((product) => product.id));
  return { ...cartView(available), unavailable: ids.filter((id) => !found.has(id)) };
}

/**
 * Makes a pending order of the given products (all still on sale) and starts its payment; a free
 * order is paid at once. The receipt goes to `email`: unless it is the buyer's own address, it
 * counts against the mail limits before anything is made (mail-throttle.ts).
 */
export async function checkout(
  ctx: AppContext,
  input: { email: string; productIds: readonly string[] },
  buyer: { user: { id: string; email: string } | null; sender: MailSender; log: Pick<FastifyBaseLogger, 'error'> },
): Promise<CheckoutStarted> {
  const ids = unique(input.productIds);
  const items = await purchasableProducts(ctx.database.db, ids);
  if (items.length !== ids.length) throw new BadRequestError(ORDER_MESSAGES.productUnavailable, 'product_unavailable');
  const totalCents = cartTotalCents(items);
  const { user } = buyer;
  const ownAddress = user && input.email.trim().toLowerCase() === user.email.toLowerCase();
  if (!ownAddress) await ctx.mailThrottle.take(input.email, buyer.sender);
  const { order, start } = await createOrder(ctx, {
    kind: 'products',
    buyerEmail: input.email,
    buyerUserId: user?.id ?? null,
    items: items.map((item) => ({ productId: item.id, name: item.name, priceCents: item.priceCents, creatorId: item.creatorId })),
    totalCents,
    successPath: '/checkout/{orderId}',
    cancelPath: '/cart',
  });
  // Free products need no payment.
  if (totalCents === 0) await markOrderPaid(ctx, order.id, buyer.log);
  // createOrder makes a pending order (or throws).
  return { orderId: order.id, status: totalCents === 0 ? 'paid' : 'pending', totalCents, start };
}
