/** The orders routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, noContentSchema, type ApiRoutes } from './api-contract.ts';
import { ownedLicenseSchema } from './licenses-api.ts';
import { productVersionSchema } from './products-api.ts';
import { ORDER_KINDS, ORDER_PROVIDERS, ORDER_STATUSES } from './orders.ts';
import { SALE_STATUSES } from './sales.ts';

/** A product in a cart, priced now. */
export const cartItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** With pay what you want, the least the buyer may pay; they name their amount (checkout's `prices`). */
  priceCents: z.number().int(),
  currency: currencySchema,
  payWhatYouWant: z.boolean(),
  suggestedPriceCents: z.number().int().nullable(),
  category: z.string(),
  cardUrl: z.string().nullable(),
  creator: z.object({ id: z.string(), name: z.string() }),
  /** The signed-in buyer already owns it: checkout takes it only as a gift. */
  owned: z.boolean(),
  /** Its active versions: the buyer picks one (checkout's `versions`); priceCents is then the lowest. */
  versions: z.array(productVersionSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `currency`: the items' (a cart holds one currency), the store default while it is empty. */
export const cartSchema = z.object({ items: z.array(cartItemSchema), totalCents: z.number().int(), currency: currencySchema });
export type CartContents = z.infer<typeof cartSchema>;

/** A guest cart's prices; `unavailable` lists ids that can no longer be bought, or not in the cart's currency (its first product's). */
export const cartQuoteSchema = cartSchema.extend({ unavailable: z.array(z.string()) });

/** How the buyer goes on after an order is made: the test provider's card form here, or the provider's page. */
export const paymentStartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card_form') }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** POST /api/checkout: the order made of the cart (already paid when it is free). */
export const checkoutStartedSchema = z.object({
  orderId: z.string(),
  status: z.enum(['pending', 'paid']),
  /** With the tax, which `taxCents` says. */
  totalCents: z.number().int(),
  taxCents: z.number().int(),
  currency: currencySchema,
  start: paymentStartSchema,
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** An order as anyone holding its id may see it: no buyer details, no provider references. */
export const publicOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** With the tax, which `taxCents` says. */
  totalCents: z.number().int(),
  taxCents: z.number().int(),
  currency: currencySchema,
  provider: z.enum(ORDER_PROVIDERS),
  failureMessage: z.string().nullable(),
  items: z.array(z.object({ productId: z.string(), name: z.string(), priceCents: z.number().int() })),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const orderAnswerSchema = z.object({ order: publicOrderSchema });

/** POST /api/orders/:id/pay: paid (a repeated confirmation answers the same). */
export const orderPaidSchema = z.object({ status: z.literal('paid') });

/** What the Stripe webhook answers Stripe: `handled` false for events about no order of ours. */
export const stripeWebhookAnswerSchema = z.object({ received: z.literal(true), handled: z.boolean() });

/** A purchase in the buyer's library; `downloadUrl` is signed and expires within an hour. */
export const libraryItemSchema = z.object({
  saleId: z.string(),
  productId: z.string().nullable(),
  /** The product's address (productPath), while it exists. */
  productSlug: z.string().nullable(),
  productName: z.string(),
  creatorName: z.string().nullable(),
  category: z.string().nullable(),
  cardUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The version bought, null for a product without versions. */
  versionName: z.string().nullable(),
  amountCents: z.number().int(),
  currency: currencySchema,
  /** What the creator refunded so far: a `completed` purchase with some was partly refunded and still downloads. */
  refundedCents: z.number().int(),
  status: z.enum(SALE_STATUSES),
  createdAt: z.string(),
  downloadCount: z.number().int(),
  downloadUrl: z.string().nullable(),
  reviewed: z.boolean(),
  /** The purchase's license key, for products sold with license keys (modules/licenses). */
  license: ownedLicenseSchema.nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const librarySchema = z.object({ items: z.array(libraryItemSchema) });

/**
 * POST /api/checkout/quote: what a checkout of these products will charge, line by line, priced by the
 * same code as the order (cart-service.ts priceCheckout), so the amount on the Pay button is the order's.
 */
export const checkoutQuoteAnswerSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      versionName: z.string().nullable(),
      /** Before the discount; the buyer pays priceCents - discountCents + taxCents. */
      priceCents: z.number().int(),
      discountCents: z.number().int(),
      taxCents: z.number().int(),
    }),
  ),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: currencySchema,
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteAnswerSchema>;

/** POST /api/receipts/resend: the same answer whether the address bought anything or not. */
export const receiptResendSchema = z.object({ sent: z.literal(true) });

/** "Add to my library": a sign-in link went to the receipt's address. */
export const libraryLinkSchema = z.object({ sent: z.literal(true) });

/** A receipt page's address (/receipt/{token}), made for whoever may open it. */
export const receiptLinkSchema = z.object({ path: z.string() });

/** A line of a receipt: a sale of the order, with what the buyer gets from it now. */
export const receiptItemSchema = z.object({
  saleId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  versionName: z.string().nullable(),
  creatorName: z.string().nullable(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  refundedCents: z.number().int(),
  status: z.enum(SALE_STATUSES),
  fileName: z.string().nullable(),
  /** Signed when the receipt was opened (valid an hour); null once refunded, withdrawn, or without a file. */
  downloadUrl: z.string().nullable(),
  license: ownedLicenseSchema.nullable(),
  /** A membership's period: access lasts while the membership does, in the library. */
  membership: z.boolean(),
  /** Sent to this address as a gift: its file and key went there. */
  giftEmail: z.string().nullable(),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

export const receiptBuyerDetailsSchema = z.object({ name: z.string().nullable(), address: z.string().nullable(), vatNumber: z.string().nullable(), country: z.string().nullable() });
export type ReceiptBuyerDetails = z.infer<typeof receiptBuyerDetailsSchema>;

/** GET /api/receipts/:token: a paid order as its buyer keeps it. */
export const receiptSchema = z.object({
  orderId: z.string(),
  /** The stores sold from, by creator: the receipt names them. */
  sellers: z.array(z.object({ storeId: z.string(), name: z.string(), storefrontSlug: z.string().nullable(), orderNumber: z.string().nullable() })),
  buyerEmail: z.string(),
  /** A gift recipient's receipt: who gave it (its lines are the gifts; `buyerEmail` is the recipient's, and the totals theirs). */
  giftFrom: z.string().nullable(),
  /** What the PDF receipts print for the buyer: the name and address they gave on the receipt page, the VAT number and country of the checkout. */
  buyer: receiptBuyerDetailsSchema,
  paidAt: z.string(),
  currency: currencySchema,
  totalCents: z.number().int(),
  taxCents: z.number().int(),
  discountCode: z.string().nullable(),
  /** `refunded` once every line was refunded, `partially_refunded` when some money went back. */
  status: z.enum(['paid', 'partially_refunded', 'refunded']),
  refundedCents: z.number().int(),
  items: z.array(receiptItemSchema),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const ORDERS_API = {
  'GET /api/cart': cartSchema,
  'PUT /api/cart/items/:productId': cartSchema,
  'DELETE /api/cart/items/:productId': cartSchema,
  'POST /api/cart/merge': cartSchema,
  'POST /api/cart/quote': cartQuoteSchema,
  'POST /api/checkout': checkoutStartedSchema,
  'GET /api/orders/:id': orderAnswerSchema,
  'POST /api/orders/:id/pay': orderPaidSchema,
  'POST /api/payments/stripe/webhook': stripeWebhookAnswerSchema,
  'GET /api/library': librarySchema,
  'POST /api/checkout/quote': checkoutQuoteAnswerSchema,
  'POST /api/orders/:id/receipt-link': receiptLinkSchema,
  'GET /api/receipts/:token': receiptSchema,
  'POST /api/receipts/resend': receiptResendSchema,
  'POST /api/receipts/:token/library-link': libraryLinkSchema,
  'PUT /api/receipts/:token/buyer': receiptBuyerDetailsSchema,
  'POST /api/sales/:id/receipt-links/revoke': noContentSchema,
} as const satisfies ApiRoutes;
