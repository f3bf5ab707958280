// A creator's sales: refunds, whole or partial (the money goes back through the order's payment provider first).
import { canRefundSale, refundAmountProblem, refundLeftCents, SALES_MESSAGES } from '#shared/sales.ts';
import { refundTaxCents } from '#shared/orders-tax.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { refundPayment } from '../payments/service.ts';
import { reverseForRefund } from '../payouts/transfers.ts';
import { publishSaleChange, refundMail } from './notices.ts';
import { getSale, lockSaleForRefund, recordSaleRefund, saleRefundReference, type Sale } from './queries.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { disableRefundedSaleLicense } from '../licenses/service.ts';
import { saleRefundEventData } from '../webhooks/events.ts';
import { announceNotifications, notify } from '../notifications/service.ts';

const alreadyRefunded = () => new ConflictError(SALES_MESSAGES.alreadyRefunded, 'already_refunded');

/**
 * Refunds `amountCents` of a completed sale (everything left when undefined) for its creator or an
 * admin (anyone else is told it does not exist).
 *
 * One transaction locks the sale row (SELECT … FOR UPDATE), so concurrent refunds of a sale run one
 * after another and each is checked against what the earlier ones left. Inside it the money goes back
 * first, through the provider, with the amount and a reference of its own (`sale-<id>-<n>`, the
 * provider's idempotency key: a retry after a crash between the provider and the commit reuses it and
 * refunds once); if the provider refuses, nothing is recorded and the creator can try again. Then the
 * refund is recorded: a partial one leaves the sale completed (downloads and key keep working); the
 * one that leaves nothing refunds the sale and disables its license key. The buyer's notice and the
 * webhook are queued with it. Then the creator's lists update live.
 */
export async function refundSaleFor(ctx: AppContext, user: { id: string; role: string }, saleId: string, amountCents?: number): Promise<Sale> {
  const { db } = ctx.database;
  const found = await getSale(db, saleId);
  if (!found || !canRefundSale(user, found)) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
  if (found.status !== 'completed') throw alreadyRefunded();
  const [order] = await db.select().from(orders).where(eq(orders.id, found.orderId));
  const refunded = await db.transaction(async (tx) => {
    const locked = await lockSaleForRefund(tx, saleId);
    if (!locked || locked.sale.status !== 'completed') throw alreadyRefunded();
    const { sale } = locked;
    const left = refundLeftCents(sale);
    const amount = amountCents ?? left;
    // Nothing left to give back (a free sale): refunding it only takes the download back.
    const problem = amountCents === undefined && left === 0 ? undefined : refundAmountProblem(amount, left, sale.currency);
    if (problem) throw new BadRequestError(problem.message, problem.code, problem.params ? { params: problem.params } : undefined);
    const reference = saleRefundReference(sale.id, locked.refunds + 1);
    // The tax paid on the refunded part goes back with it.
    const tax = refundTaxCents(sale, amount);
    if (order) await refundPayment(ctx, order, { amountCents: amount + tax, reference });
    const made = await recordSaleRefund(tx, sale, { amountCents: amount, taxCents: tax, reference, createdBy: user.id });
    // What was transferred to the creator's (and the affiliate's) payout account gives its part back.
    for (const ownerId of [made.sale.creatorId, made.sale.affiliateId]) {
      await reverseForRefund(ctx, tx, { orderId: made.sale.orderId, ownerId, refundId: made.refund.id, reference });
    }
    const whole = made.sale.status === 'refunded';
    if (whole) await disableRefundedSaleLicense(tx, made.sale.id);
    await ctx.mailer.send(refundMail(ctx, made.sale, order?.locale ?? 'en', amount), tx);
    await emitWebhookEvent(tx, made.sale.creatorId, whole ? 'sale.refunded' : 'sale.partially_refunded', saleRefundEventData(made.sale, made.refund));
    // A buyer with an account sees it in their inbox; the notice above is their mail.
    if (made.sale.buyerUserId) {
      const data = { productName: made.sale.productName, amountCents: amount, currency: made.sale.currency, link: '/library' };
      await notify(ctx, tx, made.sale.buyerUserId, 'refund', data, { email: false });
    }
    return made.sale;
  });
  await publishSaleChange(ctx, refunded, refunded.status === 'refunded' ? 'refunded' : 'partially_refunded');
  if (refunded.buyerUserId) await announceNotifications(ctx, refunded.buyerUserId);
  return refunded;
}
