// Receipt pages: a paid order as its buyer keeps it, opened by a long secret token that lasts
// (receipt_links). Files are signed when the page is opened or a mailed link is clicked, so no link
// a buyer holds dies after an hour; a refund shows on the page, a revoked token opens nothing.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LIBRARY_LINK } from '#shared/auth.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import type { Receipt, ReceiptBuyerDetails } from '#shared/orders-api.ts';
import type { ReceiptBuyerInput } from '#shared/orders-forms.ts';
import type { Language } from '#shared/profiles.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import type { Executor } from '../../db/client.ts';
import { orders, receiptLinks } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { MailSender } from '../../platform/mail-throttle.ts';
import type { SessionUser } from '../../platform/session.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import { ownedLicenses } from '../licenses/service.ts';
import { salesWithoutMembershipAccess } from '../memberships/queries.ts';
import { getSale } from '../sales/queries.ts';
import { orderNumbersOf } from '../sales/order-numbers.ts';
import { existingOrder } from './payments.ts';
import { storeReceiptPdf } from './receipt-pdf.ts';

/** The payer's thank-you moment: the order's id opens its receipt this long after the payment, its mail always. */
const PAYER_WINDOW_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new receipt link of a paid order (in the payment's transaction for its mail): its token. With
 * `recipientEmail`, a gift recipient's: it opens only the sales given to that address.
 */
export async function mintReceiptToken(db: Executor, orderId: string, recipientEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(receiptLinks).values({ orderId, tokenHash: hashOf(token), recipientEmail: recipientEmail ?? null });
  return token;
}

/** The receipt page of a token, and a file of it signed when the link is followed (receiptDownload). */
export const receiptPagePath = (token: string) => `/receipt/${token}`;
export const receiptDownloadPath = (token: string, saleId: string) => `/api/receipts/${token}/downloads/${saleId}`;

/** The payer, back from paying (the order's id is their checkout's capability), opens the receipt. */
export async function receiptLinkForPayer(ctx: AppContext, orderId: string): Promise<{ path: string }> {
  const order = await existingOrder(ctx, orderId);
  if (order.kind !== 'products' || order.status !== 'paid' || !order.paidAt) throw new NotFoundError(ORDER_MESSAGES.orderNotFound, 'order_not_found');
  if (ctx.clock.now().getTime() - order.paidAt.getTime() > PAYER_WINDOW_MS) throw new ForbiddenError(ORDER_MESSAGES.receiptLinkExpired, 'receipt_link_expired');
  return { path: receiptPagePath(await mintReceiptToken(ctx.database.db, order.id)) };
}

const notFound = () => new NotFoundError(ORDER_MESSAGES.receiptNotFound, 'receipt_not_found');

/** The paid order a token opens (and, for a gift recipient's token, whose gifts); revoked and unknown tokens alike are not found. */
async function orderOfToken(db: Executor, token: string) {
  const [row] = await db
    .select({ order: orders, recipientEmail: receiptLinks.recipientEmail })
    .from(receiptLinks)
    .innerJoin(orders, eq(orders.id, receiptLinks.orderId))
    .where(and(eq(receiptLinks.tokenHash, hashOf(token)), isNull(receiptLinks.revokedAt), eq(orders.status, 'paid')));
  if (!row?.order.paidAt) throw notFound();
  return { ...row.order, paidAt: row.order.paidAt, recipientEmail: row.recipientEmail };
}

/** The order of a buyer's token: a gift recipient's opens no PDF receipt and names no buyer (the receipt is the buyer's). */
async function buyersOrderOfToken(db: Executor, token: string) {
  const order = await orderOfToken(db, token);
  if (order.recipientEmail) throw notFound();
  return order;
}

/** The sales a token shows: the whole order's, or a gift recipient's own. */
const salesOfToken = (order: { id: string; recipientEmail: string | null }) =>
  order.recipientEmail
    ? and(eq(sales.orderId, order.id), sql`lower(${sales.buyerEmail}) = lower(${order.recipientEmail})`)
    : eq(sales.orderId, order.id);

/** GET /api/receipts/:token: the order's lines as sold, what each gives now, and who sold them. */
export async function openReceipt(ctx: AppContext, token: string): Promise<Receipt> {
  const { db } = ctx.database;
  const order = await orderOfToken(db, token);
  const rows = await db
    .select({ sale: sales, creatorName: userProfiles.name, storefrontSlug: userProfiles.storefrontSlug, hiddenAt: products.hiddenAt, productFileName: products.fileName })
    .from(sales)
    .leftJoin(products, eq(products.id, sales.productId))
    .leftJoin(userProfiles, eq(userProfiles.id, sales.creatorId))
    .where(salesOfToken(order))
    .orderBy(sql`${sales.createdAt}, ${sales.id}`);
  const saleIds = rows.map((row) => row.sale.id);
  const [licenses, withoutAccess] = await Promise.all([ownedLicenses(db, saleIds), salesWithoutMembershipAccess(db, saleIds)]);
  const signer = ctx.orders.downloadLinks;
  // The buyer's receipt says where a gift went; the recipient's gets the gift itself.
  const giftOf = new Map(order.items.map((item) => [item.productId, order.recipientEmail ? null : (item.giftEmail ?? null)]));
  const numbers = await orderNumbersOf(db, order.id);
  const sellers = new Map<string, Receipt['sellers'][number]>();
  for (const row of rows) {
    const storeId = row.sale.creatorId;
    if (storeId && row.creatorName) sellers.set(storeId, { storeId, name: row.creatorName, storefrontSlug: row.storefrontSlug, orderNumber: numbers.get(storeId) ?? null });
  }
  const items = rows.map(({ sale, creatorName, hiddenAt, productFileName }) => {
    const giftEmail = (sale.productId && giftOf.get(sale.productId)) || null;
    const deliverable = sale.status === 'completed' && sale.productId !== null && !hiddenAt && !withoutAccess.has(sale.id) && !giftEmail;
    return {
      saleId: sale.id,
      productId: sale.productId,
      productName: sale.productName,
      versionName: sale.versionName,
      creatorName: creatorName ?? null,
      amountCents: sale.amountCents,
      discountCents: sale.discountCents,
      refundedCents: sale.refundedCents,
      status: sale.status,
      fileName: sale.fileName ?? productFileName ?? null,
      downloadUrl: deliverable ? signer.path(sale.id) : null,
      // A gift's key went to its recipient.
      license: giftEmail ? null : (licenses.get(sale.id) ?? null),
      membership: order.subscriptionId !== null,
      giftEmail,
    };
  });
  const refundedCents = items.reduce((sum, item) => sum + (item.status === 'refunded' ? item.amountCents : item.refundedCents), 0);
  const allRefunded = items.length > 0 && items.every((item) => item.status === 'refunded');
  const recipientTotals = order.recipientEmail
    ? rows.reduce((sum, { sale }) => ({ total: sum.total + sale.amountCents + sale.taxCents, tax: sum.tax + sale.taxCents }), { total: 0, tax: 0 })
    : null;
  return {
    orderId: order.id,
    sellers: [...sellers.values()],
    buyerEmail: order.recipientEmail ?? order.buyerEmail,
    giftFrom: order.recipientEmail ? order.buyerEmail : null,
    buyer: buyerDetails(order),
    paidAt: order.paidAt.toISOString(),
    currency: order.currency,
    totalCents: recipientTotals?.total ?? order.totalCents,
    taxCents: recipientTotals?.tax ?? order.taxCents,
    discountCode: order.discountCode,
    status: allRefunded ? 'refunded' : refundedCents > 0 ? 'partially_refunded' : 'paid',
    refundedCents,
    items,
  };
}

const buyerDetails = (order: { buyerName: string | null; buyerAddress: string | null; vatNumber: string | null; buyerCountry: string | null }): ReceiptBuyerDetails => ({
  name: order.buyerName,
  address: order.buyerAddress,
  vatNumber: order.vatNumber,
  country: order.buyerCountry,
});

/** PUT /api/receipts/:token/buyer: the name and address the buyer's PDF receipts print, kept on the order (empty clears). */
export async function saveReceiptBuyer(ctx: AppContext, token: string, input: ReceiptBuyerInput): Promise<ReceiptBuyerDetails> {
  const { db } = ctx.database;
  const order = await buyersOrderOfToken(db, token);
  const [saved] = await db
    .update(orders)
    .set({ buyerName: input.name || null, buyerAddress: input.address || null })
    .where(eq(orders.id, order.id))
    .returning({ buyerName: orders.buyerName, buyerAddress: orders.buyerAddress, vatNumber: orders.vatNumber, buyerCountry: orders.buyerCountry });
  return buyerDetails(saved!);
}

/** GET /api/receipts/:token/stores/:storeId/pdf: the PDF receipt of one store's part of the order. */
export async function storeReceiptPdfOf(ctx: AppContext, token: string, storeId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { db } = ctx.database;
  const order = await buyersOrderOfToken(db, token);
  const [lines, [seller], numbers] = await Promise.all([
    db
      .select()
      .from(sales)
      .where(and(eq(sales.orderId, order.id), eq(sales.creatorId, storeId)))
      .orderBy(sql`${sales.createdAt}, ${sales.id}`),
    db
      .select({ name: userProfiles.name, sellerName: userProfiles.sellerName, address: userProfiles.sellerAddress, taxId: userProfiles.sellerTaxId })
      .from(userProfiles)
      .where(eq(userProfiles.id, storeId)),
    orderNumbersOf(db, order.id),
  ]);
  if (!lines.length || !seller) throw notFound();
  const number = numbers.get(storeId) ?? order.id;
  const pdf = await storeReceiptPdf({
    number,
    orderId: order.id,
    paidAt: order.paidAt,
    currency: order.currency,
    seller: { name: seller.sellerName || seller.name, address: seller.address, taxId: seller.taxId },
    buyer: { ...buyerDetails(order), email: order.buyerEmail },
    discountCode: order.discountCode,
    lines: lines.map((sale) => ({ ...sale, title: sale.versionName ? `${sale.productName} (${sale.versionName})` : sale.productName })),
    brand: ctx.config.BRAND_NAME,
  });
  return { fileName: `receipt-${number}.pdf`, pdf };
}

/** The most receipts one "resend my receipt" mail lists, newest first. */
const RESEND_MAX = 20;

/**
 * "Resend my receipt": new receipt links for the paid purchases of `email` (any case), newest first, in one
 * mail to that address. Counted against the mail limits first; an address with no purchase gets no mail,
 * and the caller answers the same either way, so nobody learns who bought what.
 */
export async function resendReceipts(ctx: AppContext, email: string, sender: MailSender, language: Language): Promise<void> {
  await ctx.mailThrottle.take(email, sender);
  const { db } = ctx.database;
  const found = await db
    .select({ id: orders.id, paidAt: orders.paidAt, totalCents: orders.totalCents, currency: orders.currency })
    .from(orders)
    .where(and(sql`lower(${orders.buyerEmail}) = lower(${email})`, eq(orders.kind, 'products'), eq(orders.status, 'paid'), isNull(orders.subscriptionId)))
    .orderBy(desc(orders.paidAt))
    .limit(RESEND_MAX);
  if (!found.length) return;
  const { receiptResend, format } = mailTexts(language);
  const lines = [];
  for (const order of found) {
    const path = receiptPagePath(await mintReceiptToken(db, order.id));
    lines.push(receiptResend.line({ orderId: order.id, date: format.date(order.paidAt!), total: format.money(order.totalCents, order.currency), url: `${ctx.config.PUBLIC_URL}${path}` }));
  }
  await ctx.mailer.send({ to: email, subject: receiptResend.subject(ctx.config.BRAND_NAME), text: [receiptResend.intro, ...lines, receiptResend.footer].join('\n\n') });
}

/**
 * "Add to my library": a one-time sign-in link mailed to the receipt's address (platform/library-link.ts)
 * that makes a buyer's account for it or opens the existing one, landing on the library, where the
 * purchase is (the library lists a verified address's purchases). Counted against the mail limits first.
 */
export async function sendLibraryLink(ctx: AppContext, token: string, sender: MailSender): Promise<void> {
  const order = await orderOfToken(ctx.database.db, token);
  const email = order.recipientEmail ?? order.buyerEmail;
  await ctx.mailThrottle.take(email, sender);
  await ctx.auth.api.signInMagicLink({
    body: {
      email,
      // A new account's name until its owner sets one.
      name: email.split('@')[0]!,
      callbackURL: LIBRARY_LINK.landingPath,
      newUserCallbackURL: LIBRARY_LINK.landingPath,
      errorCallbackURL: LIBRARY_LINK.errorPath,
      metadata: { locale: order.locale },
    },
    headers: new Headers(),
  });
}

/** A mailed download link: the sale must be this receipt's; a fresh signed link is made at the click. */
export async function receiptDownload(ctx: AppContext, token: string, saleId: string): Promise<string> {
  const order = await orderOfToken(ctx.database.db, token);
  const sale = await getSale(ctx.database.db, saleId);
  if (!sale || sale.orderId !== order.id) throw notFound();
  if (order.recipientEmail && sale.buyerEmail.toLowerCase() !== order.recipientEmail.toLowerCase()) throw notFound();
  return ctx.orders.downloadLinks.path(sale.id);
}

/** The sale's creator (or an admin) revokes its order's receipt links: a leaked link opens nothing from now on. */
export async function revokeReceiptLinks(ctx: AppContext, user: SessionUser, saleId: string): Promise<void> {
  const sale = await getSale(ctx.database.db, saleId);
  if (!sale || (sale.creatorId !== user.id && user.role !== 'admin')) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
  await ctx.database.db
    .update(receiptLinks)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(receiptLinks.orderId, sale.orderId), isNull(receiptLinks.revokedAt)));
}
