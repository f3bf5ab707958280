// What a paid product checkout does: sales and the receipt mail in the payment's transaction, then
// the creators' live updates once it committed.
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { mailTexts, type MailFormat, type MailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Order, OrderFulfilment } from './contract.ts';
import { refundPayment } from '../payments/service.ts';
import { queueTransfers } from '../payouts/transfers.ts';
import { purchasableProducts, removeCartItems } from './cart-queries.ts';
import type { DownloadLinks } from './download-links.ts';
import { assignOrderNumbers, orderNumbersOf } from '../sales/order-numbers.ts';
import { mintReceiptToken, receiptDownloadPath, receiptPagePath } from './receipts.ts';
import { insertOrderSales, salesOfOrder, withdrawnRefundReference, type Sale } from '../sales/queries.ts';
import { publishSaleChange } from '../sales/notices.ts';
import { issueLicenses } from '../licenses/service.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { saleEventData } from '../webhooks/events.ts';
import { announceNotifications, notify } from '../notifications/service.ts';
import { audienceConfirmLines } from '../audience/buyer-consent.ts';
import { enrolInWorkflows } from '../audience/workflows.ts';

/** The app's download-link signer, keyed from its auth secret (made in app.ts). */
export const downloadLinks = (ctx: AppContext): DownloadLinks => ctx.orders.downloadLinks;

/**
 * Inside the payment's transaction. Each item is checked again: one hidden by an admin, deleted, or
 * whose creator was suspended since the order was made is not sold. Its price goes back to the buyer
 * first, through the provider (a test-card order moved no money); if the provider refuses, this throws,
 * the payment is not booked and the provider's retry (Stripe re-sends its webhook) tries again, the
 * same reference refunding once. Then it is recorded as a refunded sale the buyer sees in the library.
 */
export async function fulfilProductOrder(ctx: AppContext, tx: Tx, order: Order): Promise<void> {
  const onSale = new Set((await purchasableProducts(tx, order.items.map((item) => item.productId))).map((product) => product.id));
  const withdrawn = order.items.filter((item) => !onSale.has(item.productId));
  for (const item of withdrawn) {
    await refundPayment(ctx, order, { amountCents: item.priceCents + (item.taxCents ?? 0), reference: withdrawnRefundReference(order.id, item.productId) });
  }
  await insertOrderSales(tx, order, new Set(withdrawn.map((item) => item.productId)));
  if (order.buyerUserId) await removeCartItems(tx, order.buyerUserId, order.items.map((item) => item.productId));
  // The receipt and the creators' sale.created webhooks are queued with the sales: they go out exactly
  // when the payment is booked, even if we crash next.
  const made = await salesOfOrder(tx, order.id);
  // The order's number in each store it bought from ("MAYA-0001"), for its receipts.
  await assignOrderNumbers(tx, order.id, made.map((sale) => sale.creatorId).filter((id) => id !== null));
  // A license key for each completed sale of a product sold with keys, shown in the receipt.
  const licenseKeys = await issueLicenses(tx, made);
  await ctx.mailer.send(await receiptMail(ctx, tx, order, made, licenseKeys), tx);
  for (const mail of await giftMails(ctx, tx, order, made, licenseKeys)) await ctx.mailer.send(mail, tx);
  // Each store's (and affiliate's) payout account gets its share once this commits (payouts/transfers.ts).
  await queueTransfers(tx, order.id);
  // The creators' workflows ("after a purchase, wait N days, send…") start with the sale, once.
  await enrolInWorkflows(tx, made, order.locale);
  for (const sale of made.filter((made) => made.status === 'completed')) {
    await emitWebhookEvent(tx, sale.creatorId, 'sale.created', saleEventData(sale));
    if (sale.creatorId) await notify(ctx, tx, sale.creatorId, 'sale', { productName: sale.productName, amountCents: sale.amountCents, currency: sale.currency, link: '/dashboard' });
    const affiliateId = commissionEarner(sale);
    if (affiliateId) await notify(ctx, tx, affiliateId, 'commission', { productName: sale.productName, amountCents: sale.commissionCents, currency: sale.currency, link: '/dashboard/affiliates' });
  }
}

/** The affiliate a sale credited a commission to (told of it with the sale), or null. */
const commissionEarner = (sale: Sale) => (sale.affiliateId !== null && sale.commissionCents > 0 ? sale.affiliateId : null);

export async function afterProductOrderPaid(ctx: AppContext, order: Order): Promise<void> {
  const made = await salesOfOrder(ctx.database.db, order.id);
  await Promise.all(made.map((sale) => publishSaleChange(ctx, sale, sale.status === 'completed' ? 'created' : 'refunded')));
  // Those fulfilProductOrder notified: each completed sale's creator and the affiliate it credited.
  const notified = new Set(made.filter((sale) => sale.status === 'completed').flatMap((sale) => [sale.creatorId, commissionEarner(sale)].filter((id) => id !== null)));
  await Promise.all([...notified].map((userId) => announceNotifications(ctx, userId)));
}

const giftEmailOf = (order: Order, sale: Sale) => order.items.find((item) => item.productId === sale.productId)?.giftEmail;

/** What a receipt calls a sale: the product, and the version bought when it has one ("Icons (Extended)"). */
const saleTitle = (sale: Sale) => (sale.versionName ? `${sale.productName} (${sale.versionName})` : sale.productName);

/** License keys issued with an order's sales, by sale. */
type LicenseKeys = ReadonlyMap<string, string>;

/**
 * A receipt line: the price, then the download link (or why there is none), then the license key if it has one.
 * The link goes through the receipt page's token (the buyer's, or a gift recipient's) and is signed when
 * clicked, so it lasts.
 */
function receiptLine(ctx: AppContext, texts: MailTexts & { format: MailFormat }, sale: Sale, licenseKeys: LicenseKeys, receiptToken: string) {
  const price = `${saleTitle(sale)} — ${texts.format.money(sale.amountCents, sale.currency)}`;
  if (sale.status !== 'completed') return `${price}\n${texts.receipt.notDelivered}`;
  const key = licenseKeys.get(sale.id);
  const lines = [price];
  if (sale.discountCode) lines.push(texts.receipt.discount({ code: sale.discountCode, amount: texts.format.money(sale.discountCents, sale.currency) }));
  if (sale.productId) {
    lines.push(texts.receipt.download(`${ctx.config.PUBLIC_URL}${receiptDownloadPath(receiptToken, sale.id)}`));
  }
  if (key) lines.push(texts.receipt.licenseKey(key));
  return lines.join('\n');
}

/**
 * The names of the creators who sold these, joined ("Maya Patel, Leo Ito"), for the receipt's subject;
 * undefined when none is left, or when a name reads like an address (a subject carries no link a
 * stranger wrote: "Verify at evil.example" would look like ours).
 */
async function sellerNames(tx: Tx, made: Sale[]): Promise<string | undefined> {
  const ids = [...new Set(made.map((sale) => sale.creatorId).filter((id) => id !== null))];
  if (!ids.length) return undefined;
  const rows = await tx.select({ id: userProfiles.id, name: userProfiles.name }).from(userProfiles).where(inArray(userProfiles.id, ids));
  const names = ids.map((id) => rows.find((row) => row.id === id)?.name).filter((name) => name !== undefined);
  if (!names.length || names.some((name) => LINK_LIKE.test(name))) return undefined;
  return names.join(', ');
}

/** Something a mail reader could take for an address: a scheme, an @, or a dotted host name. */
const LINK_LIKE = /[:/@]|\b[\p{L}\d-]+\.[\p{L}]{2,}\b/u;

/** The buyer's receipt, in the order's language: a gift's line says where it went; its download links went to the recipient only. */
async function receiptMail(ctx: AppContext, tx: Tx, order: Order, made: Sale[], licenseKeys: LicenseKeys) {
  const texts = mailTexts(order.locale);
  // A free product bought for this address: its creator may mail it only once the buyer says yes here.
  const confirm = await audienceConfirmLines(ctx, tx, order.buyerEmail, made.filter((sale) => !giftEmailOf(order, sale)), texts);
  const { receipt, format } = texts;
  const receiptToken = await mintReceiptToken(tx, order.id);
  // The stores' numbers name the order ("MAYA-0001, LEO-0042"); its id when no store is left.
  const numbers = [...(await orderNumbersOf(tx, order.id)).values()];
  const lines = made.map((sale) => {
    const giftEmail = giftEmailOf(order, sale);
    if (giftEmail && sale.status === 'completed') return `${saleTitle(sale)} — ${format.money(sale.amountCents, sale.currency)}\n${receipt.giftSent(giftEmail)}`;
    return receiptLine(ctx, texts, sale, licenseKeys, receiptToken);
  });
  return {
    to: order.buyerEmail,
    subject: receipt.subject((await sellerNames(tx, made)) ?? ctx.config.BRAND_NAME),
    text: [
      receipt.thanks,
      receipt.order({ orderId: numbers.join(', ') || order.id, total: format.money(order.totalCents, order.currency) }),
      ...(order.taxCents > 0 ? [receipt.tax({ amount: format.money(order.taxCents, order.currency), country: order.buyerCountry ?? '' })] : []),
      ...lines,
      receipt.page(`${ctx.config.PUBLIC_URL}${receiptPagePath(receiptToken)}`),
      ...confirm,
      receipt.footer(`${ctx.config.PUBLIC_URL}/library`),
    ].join('\n\n'),
  };
}

/** One mail per gift recipient, with the download links (and license keys) of their gifts (in the buyer's language). */
async function giftMails(ctx: AppContext, tx: Tx, order: Order, made: Sale[], licenseKeys: LicenseKeys) {
  const byRecipient = new Map<string, Sale[]>();
  for (const sale of made) {
    const giftEmail = giftEmailOf(order, sale);
    if (giftEmail && sale.status === 'completed') byRecipient.set(giftEmail, [...(byRecipient.get(giftEmail) ?? []), sale]);
  }
  const texts = mailTexts(order.locale);
  const mails = [];
  for (const [to, gifts] of byRecipient) {
    // A free gift makes no customer either: the recipient says yes, or not.
    const confirm = await audienceConfirmLines(ctx, tx, to, gifts, texts);
    // The recipient's own receipt link: it opens their gifts only, and its downloads are signed when clicked.
    const token = await mintReceiptToken(tx, order.id, to);
    mails.push({
      to,
      subject: texts.gift.subject(ctx.config.BRAND_NAME),
      text: [
        texts.gift.intro(order.buyerEmail),
        ...gifts.map((sale) => receiptLine(ctx, texts, sale, licenseKeys, token)),
        ...confirm,
        texts.gift.footer({ pageUrl: `${ctx.config.PUBLIC_URL}${receiptPagePath(token)}`, libraryUrl: `${ctx.config.PUBLIC_URL}/library` }),
      ].join('\n\n'),
    });
  }
  return mails;
}

/** What paying an order of kind `products` does (wired in app.ts). */
export const productsFulfilment: OrderFulfilment = { fulfil: fulfilProductOrder, afterPaid: afterProductOrderPaid };
