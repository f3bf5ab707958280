// A creator's sales: refunds (the money goes back through the order's payment provider first).
import { canRefundSale, SALES_MESSAGES } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { publishSaleChange, refundMail } from '../orders/fulfilment.ts';
import { getOrder, refundPayment } from '../orders/service.ts';
import { getSale, refundSale, type Sale } from './queries.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { disableRefundedSaleLicense } from '../licenses/service.ts';
import { saleEventData } from '../webhooks/events.ts';

/**
 * Refunds a completed sale for its creator or an admin (anyone else is told it does not exist):
 * the money goes back first; if the provider refuses, the sale stays completed and can be retried.
 * The sale's license key is disabled with the refund. Then the creator's lists update live and the
 * buyer is told by mail.
 */
export async function refundSaleFor(ctx: AppContext, user: { id: string; role: string }, saleId: string): Promise<Sale> {
  const { db } = ctx.database;
  const sale = await getSale(db, saleId);
  if (!sale || !canRefundSale(user, sale)) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
  if (sale.status !== 'completed') throw new ConflictError(SALES_MESSAGES.alreadyRefunded, 'already_refunded');
  const order = await getOrder(ctx, sale.orderId);
  if (order) await refundPayment(ctx, order, { amountCents: sale.amountCents, reference: `sale-${sale.id}` });
  // The refund notice is queued with the refund: the buyer hears of it exactly when it is booked.
  const refunded = await db.transaction(async (tx) => {
    const row = await refundSale(tx, sale.id);
    if (row) {
      await disableRefundedSaleLicense(tx, row.id);
      await ctx.mailer.send(refundMail(ctx, row, order?.locale ?? 'en'), tx);
      await emitWebhookEvent(tx, row.creatorId, 'sale.refunded', saleEventData(row));
    }
    return row;
  });
  if (!refunded) throw new ConflictError(SALES_MESSAGES.alreadyRefunded, 'already_refunded');
  await publishSaleChange(ctx, refunded, 'refunded');
  return refunded;
}
