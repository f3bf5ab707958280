// What a paid product checkout does: sales in the payment's transaction, then the receipt mail
// and the creators' live updates once it committed.
import { formatMoney, SALES_CHANGED_EVENT, type SalesChangedEvent } from '#shared/commerce.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Order } from '../payments/contract.ts';
import { removeCartItems } from './cart-queries.ts';
import { DownloadLinks } from './download-links.ts';
import { insertOrderSales, salesOfOrder, type Sale } from './sales-queries.ts';

const links = new WeakMap<AppContext, DownloadLinks>();

/** The app's download-link signer, keyed from its auth secret. */
export function downloadLinks(ctx: AppContext): DownloadLinks {
  let signer = links.get(ctx);
  if (!signer) {
    signer = new DownloadLinks(ctx.auth.options.secret);
    links.set(ctx, signer);
  }
  return signer;
}

export async function fulfilProductOrder(tx: Tx, order: Order): Promise<void> {
  await insertOrderSales(tx, order);
  if (order.buyerUserId) await removeCartItems(tx, order.buyerUserId, order.items.map((item) => item.productId));
}

export async function publishSaleChange(ctx: AppContext, sale: Sale, action: SalesChangedEvent['action']) {
  if (!sale.creatorId) return;
  const event: SalesChangedEvent = { saleId: sale.id, action, productName: sale.productName, amountCents: sale.amountCents };
  await ctx.realtime.publish(userChannel(sale.creatorId), SALES_CHANGED_EVENT, event);
}

export async function afterProductOrderPaid(ctx: AppContext, order: Order): Promise<void> {
  const made = await salesOfOrder(ctx.database.db, order.id);
  await Promise.all(made.map((sale) => publishSaleChange(ctx, sale, 'created')));
  await ctx.mailer.send(receiptMail(ctx, order, made));
}

function receiptMail(ctx: AppContext, order: Order, made: Sale[]) {
  const origin = ctx.config.PUBLIC_URL;
  const signer = downloadLinks(ctx);
  const lines = made.map((sale) => {
    const download = sale.productId ? `\nDownload: ${origin}${signer.path(sale.id)}` : '';
    return `${sale.productName} — ${formatMoney(sale.amountCents)}${download}`;
  });
  return {
    to: order.buyerEmail,
    subject: `Your ${ctx.config.BRAND_NAME} receipt`,
    text: [
      'Thank you for your purchase!',
      `Order ${order.id} · Total ${formatMoney(order.totalCents)}`,
      ...lines,
      `Download links expire in 1 hour. Sign in at ${origin}/library with this e-mail address to download your purchases again at any time.`,
    ].join('\n\n'),
  };
}

export function refundMail(ctx: AppContext, sale: Sale) {
  return {
    to: sale.buyerEmail,
    subject: `Your ${ctx.config.BRAND_NAME} purchase was refunded`,
    text: `Your purchase of ${sale.productName} (${formatMoney(sale.amountCents)}) was refunded. Its download is no longer available.`,
  };
}
