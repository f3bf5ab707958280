// The cart's rules (room for CART_MAX_ITEMS, each product once, only products still on sale) and
// checkout, which makes an order of the cart (service.ts).
import { assertCreatorsCanSell } from '../payouts/connect.ts';
import type { FastifyBaseLogger } from 'fastify';
import { MEMBERSHIP_MESSAGES } from '#shared/memberships.ts';
import { isMembershipProduct } from '../memberships/service.ts';
import { CART_MAX_ITEMS, cartTotalCents, ORDER_MESSAGES } from '#shared/orders.ts';
import { lineTaxCents, TAX_MESSAGES } from '#shared/orders-tax.ts';
import type { DiscountQuote } from '#shared/discounts-api.ts';
import type { CartContents, CheckoutQuote, CheckoutStarted } from '#shared/orders-api.ts';
import type { ChosenVersion, Gift, NamedPrice } from '#shared/orders-forms.ts';
import { type Currency, formatMoney, STORE_CURRENCY } from '#shared/money.ts';
import { paidPriceCents, PRODUCT_MESSAGES, productPath } from '#shared/products.ts';
import { VERSION_MESSAGES, versionPricing } from '#shared/products-versions.ts';
import type { Language } from '#shared/profiles.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { MailSender } from '../../platform/mail-throttle.ts';
import { mediaUrl, toProductVersion } from '../products/presenters.ts';
import { activeVersionsOf, type Version } from '../products/version-queries.ts';
import { ownedProductIds } from '../sales/queries.ts';
import type { Attribution } from '../links/attribution.ts';
import { viewReferrers, type BuyerVisitor } from '../products/visit.ts';
import { addCartItems, cartProducts, countCartItems, purchasableProducts, removeCartItem, type PurchasableProduct } from './cart-queries.ts';
import { applyDiscount, discountUse } from '../discounts/service.ts';
import { createOrder, markOrderPaid, NEW_ORDER } from './service.ts';

type VersionsOf = ReadonlyMap<string, Version[]>;

/** The currency of a cart: its first item's (a cart holds one currency), the default while it is empty. */
const cartCurrency = (items: readonly { currency: Currency }[]) => items[0]?.currency ?? STORE_CURRENCY;

const currencyMixed = () => new ConflictError(ORDER_MESSAGES.currencyMixed, 'cart_currency_mixed');

function cartView(items: PurchasableProduct[], versions: VersionsOf, owned: ReadonlySet<string> = new Set()): CartContents {
  return {
    items: items.map((item) => ({
      id: item.id,
      slug: item.slug,
      name: item.name,
      priceCents: item.priceCents,
      currency: item.currency,
      payWhatYouWant: item.payWhatYouWant,
      suggestedPriceCents: item.suggestedPriceCents,
      category: item.category,
      cardUrl: mediaUrl(item.cardKey),
      creator: { id: item.creatorId, name: item.creatorName },
      owned: owned.has(item.id),
      versions: (versions.get(item.id) ?? []).map(toProductVersion),
    })),
    totalCents: cartTotalCents(items),
    currency: cartCurrency(items),
  };
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

type Buyer = { id: string; email: string; emailVerified: boolean };

/** A signed-in buyer's cart, priced now (products no longer on sale are left out), each line saying whether they own it. */
export async function buyerCart(db: Db, user: Buyer): Promise<CartContents> {
  const items = await cartProducts(db, user.id);
  const ids = items.map((item) => item.id);
  const [versions, owned] = await Promise.all([activeVersionsOf(db, ids), ownedProductIds(db, user, ids)]);
  return cartView(items, versions, owned);
}

/** Adds a product on sale to the cart (once), while the cart has room. */
export async function addToCart(db: Db, user: Buyer, productId: string): Promise<CartContents> {
  const [product] = await purchasableProducts(db, [productId]);
  if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  if ((await countCartItems(db, user.id)) >= CART_MAX_ITEMS) throw new BadRequestError(ORDER_MESSAGES.cartFull(CART_MAX_ITEMS), 'cart_full', { params: { max: CART_MAX_ITEMS } });
  const current = await cartProducts(db, user.id);
  if (current.length && cartCurrency(current) !== product.currency) throw currencyMixed();
  await addCartItems(db, user.id, [product.id]);
  return buyerCart(db, user);
}

export async function removeFromCart(db: Db, user: Buyer, productId: string): Promise<CartContents> {
  await removeCartItem(db, user.id, productId);
  return buyerCart(db, user);
}

/**
 * A guest's cart joins the account's at login; products no longer on sale, those past the cart's room
 * and those in another currency than the cart's (the account's, else the guest cart's first) are dropped.
 */
export async function mergeGuestCart(db: Db, user: Buyer, productIds: readonly string[]): Promise<CartContents> {
  const current = await cartProducts(db, user.id);
  const room = Math.max(0, CART_MAX_ITEMS - current.length);
  const available = await purchasableProducts(db, unique(productIds));
  const currency = cartCurrency(current.length ? current : available);
  const joining = available.filter((product) => product.currency === currency);
  await addCartItems(db, user.id, joining.slice(0, room).map((product) => product.id));
  return buyerCart(db, user);
}

/** A guest cart's current prices; `unavailable` lists ids that can no longer be bought. */
export async function quoteCart(db: Db, productIds: readonly string[]): Promise<CartContents & { unavailable: string[] }> {
  const ids = unique(productIds);
  // A guest cart holds one currency, as an account's: the first product's.
  const onSale = await purchasableProducts(db, ids);
  const available = onSale.filter((product) => product.currency === cartCurrency(onSale));
  const found = new Set(available.map((product) => product.id));
  return { ...cartView(available, await activeVersionsOf(db, [...found])), unavailable: ids.filter((id) => !found.has(id)) };
}

/** A product as checkout prices it: at the price the buyer pays, with the version chosen. */
type PricedItem<Item> = Item & { version?: { id: string; name: string } };

/**
 * The products at the price the buyer pays. A product with versions is priced as the version chosen
 * (`versions`); checkout requires one (`requireVersion`), a quote takes the first of the lowest price
 * when none is given, as cards show it. Then, with pay what you want, the amount the buyer named
 * (else the suggested price, which only a product without versions has); an amount under the
 * minimum is refused with the product's name. Versions named for products without any are ignored.
 */
function chosenPrices<Item extends PurchasableProduct>(
  items: Item[],
  versionsOf: VersionsOf,
  input: { prices?: readonly NamedPrice[] | undefined; versions?: readonly ChosenVersion[] | undefined },
  requireVersion: boolean,
): PricedItem<Item>[] {
  const named = new Map((input.prices ?? []).map((price) => [price.productId, price.amountCents]));
  const chosen = new Map((input.versions ?? []).map((choice) => [choice.productId, choice.versionId]));
  return items.map((item) => {
    const versions = versionsOf.get(item.id) ?? [];
    let version: Version | undefined;
    if (versions.length) {
      const versionId = chosen.get(item.id);
      if (versionId === undefined && requireVersion) {
        throw new BadRequestError(VERSION_MESSAGES.versionRequired(item.name), 'version_required', { params: { product: item.name } });
      }
      version = versionId === undefined ? versions.reduce((low, next) => (next.priceCents < low.priceCents ? next : low)) : versions.find(({ id }) => id === versionId);
      if (!version) throw new BadRequestError(VERSION_MESSAGES.versionUnavailable(item.name), 'version_unavailable', { params: { product: item.name } });
    }
    const pricing = version ? versionPricing(item, version) : item;
    const priceCents = paidPriceCents(pricing, named.get(item.id));
    if (priceCents === undefined) {
      const minimum = formatMoney(pricing.priceCents, undefined, item.currency);
      throw new BadRequestError(ORDER_MESSAGES.priceBelowMinimum(minimum, item.name), 'price_below_minimum', { params: { minimum, product: item.name } });
    }
    return { ...item, priceCents, ...(version ? { version: { id: version.id, name: version.name } } : {}) };
  });
}

/**
 * The rate (basis points) checkout adds for the buyer's country: the deployment's flat rates with the
 * built-in test provider (TAX_RATES; a country is then required); none with Stripe, whose Stripe Tax
 * adds its own on its page (STRIPE_AUTOMATIC_TAX), and none without rates.
 */
function taxRateAtCheckout(ctx: AppContext, country: string | undefined): number {
  const rates = ctx.config.TAX_RATES;
  if (ctx.payments.provider?.id !== 'test' || Object.keys(rates).length === 0) return 0;
  if (!country) throw new BadRequestError(TAX_MESSAGES.countryRequired, 'country_required');
  return rates[country] ?? 0;
}

/** What a buyer's code takes off these products (on sale, at the prices they pay), before checkout. */
export async function quoteCartDiscount(
  db: Db,
  input: {
    code: string;
    productIds: readonly string[];
    email?: string | undefined;
    prices?: readonly NamedPrice[] | undefined;
    versions?: readonly ChosenVersion[] | undefined;
  },
  now: Date,
): Promise<DiscountQuote> {
  const products = await purchasableProducts(db, unique(input.productIds));
  const items = chosenPrices(products, await activeVersionsOf(db, products.map((item) => item.id)), input, false);
  return (await applyDiscount(db, input.code, items, now, input.email)).quote;
}

type PricingInput = {
  email?: string | undefined;
  productIds: readonly string[];
  discountCode?: string | undefined;
  prices?: readonly NamedPrice[] | undefined;
  versions?: readonly ChosenVersion[] | undefined;
  country?: string | undefined;
};

/**
 * What a checkout of these products charges, line by line: on sale, in one currency, at the version and
 * amount chosen, less the code, plus the tax for the buyer's country. The order is priced by this, and so
 * is Buy now's quote before it (POST /api/checkout/quote): the amount shown is the amount charged.
 */
export async function priceCheckout(ctx: AppContext, input: PricingInput) {
  const ids = unique(input.productIds);
  // Two reads at once: the products and their versions (the latter is unused when a product is off sale).
  const [onSale, versions] = await Promise.all([purchasableProducts(ctx.database.db, ids), activeVersionsOf(ctx.database.db, ids)]);
  if (onSale.length !== ids.length) throw new BadRequestError(ORDER_MESSAGES.productUnavailable, 'product_unavailable');
  // A membership is joined from its page (modules/memberships), never bought once through the cart.
  if (await isMembershipProduct(ctx, ids)) throw new BadRequestError(MEMBERSHIP_MESSAGES.membershipCheckout, 'membership_checkout');
  const currency = cartCurrency(onSale);
  if (onSale.some((item) => item.currency !== currency)) throw currencyMixed();
  const items = chosenPrices(onSale, versions, input, true);
  // The code is priced here and its use counted again under a lock when the order is written.
  const now = ctx.clock.now();
  const discount = input.discountCode ? await applyDiscount(ctx.database.db, input.discountCode, items, now, input.email) : undefined;
  const discountOf = new Map(discount?.quote.lines.map((line) => [line.productId, line.discountCents]));
  const rate = taxRateAtCheckout(ctx, input.country);
  const lines = items.map((item) => {
    const discountCents = discountOf.get(item.id) ?? 0;
    return { item, discountCents, paidCents: item.priceCents - discountCents, taxCents: lineTaxCents(item.priceCents - discountCents, rate) };
  });
  const subtotalCents = cartTotalCents(items);
  const discountCents = discount?.quote.discountCents ?? 0;
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { lines, discount, now, currency, subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}

/** Buy now's price, before any order is made (priceCheckout). */
export async function quoteCheckout(ctx: AppContext, input: PricingInput): Promise<CheckoutQuote> {
  const priced = await priceCheckout(ctx, input);
  return {
    lines: priced.lines.map(({ item, discountCents, taxCents }) => ({
      productId: item.id,
      name: item.name,
      versionName: item.version?.name ?? null,
      priceCents: item.priceCents,
      discountCents,
      taxCents,
    })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    currency: priced.currency,
  };
}

/**
 * Makes a pending order of the given products (all still on sale) and starts its payment; a free
 * order is paid at once. The receipt goes to `email`: unless it is the buyer's own address, it
 * counts against the mail limits before anything is made (mail-throttle.ts).
 */
export async function checkout(
  ctx: AppContext,
  input: PricingInput & { email: string; gifts?: readonly Gift[]; vatNumber?: string | undefined; buyNow?: boolean | undefined },
  buyer: { user: Buyer | null; sender: MailSender; log: Pick<FastifyBaseLogger, 'error'>; language: Language; attribution?: Attribution | undefined; visitor?: BuyerVisitor | undefined },
): Promise<CheckoutStarted> {
  const ids = unique(input.productIds);
  const priced = await priceCheckout(ctx, input);
  const { discount, now, currency, taxCents, totalCents } = priced;
  const { user } = buyer;
  const giftEmailOf = new Map((input.gifts ?? []).filter((gift) => ids.includes(gift.productId)).map((gift) => [gift.productId, gift.email]));
  // A signed-in buyer does not buy twice by mistake: what they own goes through only as a gift.
  if (user) {
    const owned = await ownedProductIds(ctx.database.db, user, ids);
    const again = priced.lines.map(({ item }) => item).filter((item) => owned.has(item.id) && !giftEmailOf.has(item.id));
    if (again.length) {
      const names = again.map((item) => item.name).join(', ');
      throw new ConflictError(ORDER_MESSAGES.alreadyOwned(names), 'already_owned', { params: { products: names } });
    }
  }
  // With "connect before selling" chosen (Admin › Settings), every store must have its payout account.
  await assertCreatorsCanSell(ctx, priced.lines.flatMap(({ item }) => (item.creatorId ? [item.creatorId] : [])));
  const ownAddress = user && input.email.trim().toLowerCase() === user.email.toLowerCase();
  if (!ownAddress) await ctx.mailThrottle.take(input.email, buyer.sender);
  // Each gift's receipt goes to another address: it counts against the mail limits too.
  for (const email of new Set(giftEmailOf.values())) await ctx.mailThrottle.take(email, buyer.sender);
  // The site the buyer came from to each product's page, from their own views of it (an extra fact beside the source).
  const referrers = await viewReferrers(
    ctx.database.db,
    buyer.visitor,
    priced.lines.flatMap(({ item }) => (item.creatorId ? [{ productId: item.id, creatorId: item.creatorId }] : [])),
    new URL(ctx.config.PUBLIC_URL).hostname,
  );
  const { order, start } = await createOrder(ctx, {
    kind: 'products',
    buyerEmail: input.email,
    buyerUserId: user?.id ?? null,
    items: priced.lines.map(({ item, discountCents, paidCents, taxCents: lineTax }) => {
      const giftEmail = giftEmailOf.get(item.id);
      const referrerDomain = referrers.get(item.id);
      return {
        productId: item.id,
        name: item.name,
        priceCents: paidCents,
        creatorId: item.creatorId,
        ...(item.version ? { versionId: item.version.id, versionName: item.version.name } : {}),
        ...(discountCents ? { discountCents } : {}),
        ...(lineTax ? { taxCents: lineTax } : {}),
        ...(giftEmail ? { giftEmail } : {}),
        // A click remembered for this creator attributes their items only.
        ...(buyer.attribution?.creatorId === item.creatorId ? { source: buyer.attribution.source } : {}),
        ...(referrerDomain ? { referrerDomain } : {}),
      };
    }),
    totalCents,
    taxCents,
    buyerCountry: input.country ?? null,
    vatNumber: input.vatNumber ?? null,
    currency,
    ...(discount ? { discountCode: discount.code, ...discountUse(discount, input.email, now, NEW_ORDER) } : {}),
    locale: buyer.language,
    successPath: '/checkout/{orderId}',
    // Buy now came from the product's page (its first and only product), the cart's checkout from the cart.
    cancelPath: input.buyNow ? productPath(priced.lines[0]?.item ?? { id: ids[0]! }) : '/cart',
  });
  // Free products need no payment.
  if (totalCents === 0) await markOrderPaid(ctx, order.id, buyer.log);
  // createOrder makes a pending order (or throws).
  return { orderId: order.id, status: totalCents === 0 ? 'paid' : 'pending', totalCents, taxCents, currency, start };
}
