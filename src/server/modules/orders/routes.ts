import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CART_MAX_ITEMS } from '#shared/orders.ts';
import { checkoutQuoteSchema, checkoutSchema } from '#shared/orders-forms.ts';
import { cartQuoteSchema, cartSchema, checkoutQuoteAnswerSchema, checkoutStartedSchema } from '#shared/orders-api.ts';
import { discountQuoteInputSchema, discountQuoteSchema } from '#shared/discounts-api.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailLanguage } from '../../platform/mail-language.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { addToCart, buyerCart, checkout, mergeGuestCart, quoteCart, quoteCartDiscount, quoteCheckout, removeFromCart } from './cart-service.ts';
import { attributionOf } from '../links/attribution.ts';
import { buyerVisitor, productViewKeys } from '../products/visit.ts';
import { countDiscountTry } from '../discounts/tries.ts';

const productParams = z.object({ productId: z.uuid(PRODUCT_MESSAGES.notFound) });
const productIdsBody = z.object({ productIds: z.array(z.uuid()).max(CART_MAX_ITEMS) });

/** Cart (server-side when signed in; guests keep ids in the browser and ask for a quote), its discount code's quote and checkout. */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewers = productViewKeys(ctx.auth.options.secret);

  typed.get('/api/cart', { schema: { response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return buyerCart(db, user);
  });

  typed.put('/api/cart/items/:productId', { schema: { params: productParams, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return addToCart(db, user, request.params.productId);
  });

  typed.delete('/api/cart/items/:productId', { schema: { params: productParams, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return removeFromCart(db, user, request.params.productId);
  });

  typed.post('/api/cart/merge', { schema: { body: productIdsBody, response: { 200: cartSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return mergeGuestCart(db, user, request.body.productIds);
  });

  typed.post('/api/cart/quote', { schema: { body: productIdsBody, response: { 200: cartQuoteSchema } } }, async (request) => {
    return quoteCart(db, request.body.productIds);
  });

  // A code is counted with the quote's (one budget per client address), so codes are not guessed here either.
  typed.post('/api/checkout', { schema: { body: checkoutSchema, response: { 201: checkoutStartedSchema } }, preHandler: countDiscountTry(ctx, 'discountCode') }, async (request, reply) => {
    const user = await getSessionUser(ctx.auth, request);
    const language = await mailLanguage(db, request, user);
    const attribution = attributionOf(request.headers.cookie);
    const visitor = buyerVisitor(viewers, user, request.headers.cookie);
    const started = await checkout(ctx, request.body, { user, sender: mailSender(request, user), log: request.log, language, attribution, visitor });
    return reply.status(201).send(started);
  });

  // Buy now's price before the order: the same pricing as checkout's, its code counted in the same budget.
  typed.post(
    '/api/checkout/quote',
    { schema: { body: checkoutQuoteSchema, response: { 200: checkoutQuoteAnswerSchema } }, preHandler: countDiscountTry(ctx, 'discountCode') },
    async (request) => quoteCheckout(ctx, request.body),
  );

  // A buyer's code on a cart, before checkout (the discounts contract's route, priced here on the cart).
  // Public: a guest's cart asks too. Counted with checkout's codes (one budget), so codes are not guessed.
  typed.post(
    '/api/discounts/quote',
    { schema: { body: discountQuoteInputSchema, response: { 200: discountQuoteSchema } }, preHandler: countDiscountTry(ctx, 'code') },
    async (request) => quoteCartDiscount(db, request.body, ctx.clock.now()),
  );
}
