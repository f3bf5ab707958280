// Money moved to payout accounts at the provider (Stripe Connect, decision 035): once an order is paid,
// a task transfers each owner with a payout account that takes transfers what the order left them (their
// sales' net after any refund so far, a paid invoice); a later refund takes its part back by a reversal.
// Each movement is in the ledger (`transfer`, `transfer_reversal`): the money leaves the balance the
// platform holds for them, so a manual payout cannot pay it twice.
import { and, eq } from 'drizzle-orm';
import { transferEntries } from '#shared/ledger.ts';
import { PAYOUT_EVENT } from '#shared/payouts.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { transfers } from '../../db/schema/payouts.ts';
import { sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { orderShares, postToLedger, refundShareOf } from '../ledger/ledger.ts';
import { getPayoutAccount } from '../payments/connect.ts';
import { PaymentProviderError, RefundUnavailableError } from '../payments/errors.ts';

export const TRANSFER_TASK = 'payouts.transfer';

export type Transfer = typeof transfers.$inferSelect;

export function defineTransfers(ctx: AppContext) {
  ctx.tasks.define<{ orderId: string }>(TRANSFER_TASK, {
    describe: (payload) => `Transfers of order ${payload.orderId}`,
    handle: async (payload) => {
      await transferOrder(ctx, payload.orderId);
    },
  });
}

/** Queues the transfers of a paid order, in the transaction that pays it (so they happen exactly when it is paid). */
export async function queueTransfers(tx: Executor, orderId: string): Promise<void> {
  await enqueueTask(tx, TRANSFER_TASK, { orderId }, { key: `transfer:${orderId}` });
}

/**
 * Transfers each owner of a paid order their share, once (keyed by order and owner, at the provider by
 * the same key). The order's sales are locked meanwhile, so a refund waits and then reverses what was
 * moved. An owner without a payout account that takes transfers keeps the money in their balance, held
 * by the platform. An order paid with another provider than today's (test cards, Stripe since) moves nothing.
 */
export async function transferOrder(ctx: AppContext, orderId: string): Promise<Transfer[]> {
  const provider = ctx.payments.provider;
  if (!provider) return [];
  const made: Transfer[] = [];
  await ctx.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'paid' || order.provider !== provider.id) return;
    await tx.select({ id: sales.id }).from(sales).where(eq(sales.orderId, orderId)).for('update');
    for (const share of await orderShares(tx, orderId)) {
      if (share.cents <= 0) continue;
      const account = await getPayoutAccount(tx, share.ownerId);
      if (!account?.transfersEnabled || account.provider !== provider.id) continue;
      const [done] = await tx.select({ id: transfers.id }).from(transfers).where(and(eq(transfers.orderId, orderId), eq(transfers.userId, share.ownerId)));
      if (done) continue;
      const { ref } = await provider.connect.transfer({
        destination: account.accountRef,
        amountCents: share.cents,
        currency: share.currency,
        order,
        idempotencyKey: `transfer-${orderId}-${share.ownerId}`,
        metadata: { order_id: orderId, user_id: share.ownerId },
      });
      const [row] = await tx
        .insert(transfers)
        .values({ userId: share.ownerId, orderId, provider: provider.id, accountRef: account.accountRef, transferRef: ref, amountCents: share.cents, currency: share.currency, testMode: share.testMode })
        .returning();
      await postToLedger(tx, { kind: 'transfer', currency: share.currency, testMode: share.testMode, creatorId: share.ownerId, orderId, transferId: row!.id }, transferEntries('transfer', share.ownerId, share.cents));
      made.push(row!);
    }
  });
  await Promise.all(made.map((transfer) => ctx.realtime.publish(userChannel(transfer.userId!), PAYOUT_EVENT, { transfer: true })));
  return made;
}

/**
 * A refund's part of an owner's transfer taken back from their payout account (in the refund's
 * transaction, after the buyer's money went back): what the refund took from their balance, at most
 * what is left of the transfer. Nothing when nothing was transferred (the money was still held here).
 * The provider refusing throws RefundUnavailableError: nothing is recorded and the refund can be tried
 * again (the same reference reverses once).
 */
export async function reverseForRefund(ctx: AppContext, tx: Tx, refund: { orderId: string; ownerId: string | null; refundId: string; reference: string }): Promise<void> {
  if (!refund.ownerId) return;
  const [transfer] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.orderId, refund.orderId), eq(transfers.userId, refund.ownerId)))
    .for('update');
  if (!transfer) return;
  const cents = Math.min(await refundShareOf(tx, refund.refundId, refund.ownerId), transfer.amountCents - transfer.reversedCents);
  if (cents <= 0) return;
  const provider = ctx.payments.provider;
  if (!provider || provider.id !== transfer.provider) throw new RefundUnavailableError();
  try {
    await provider.connect.reverse(transfer.transferRef, { amountCents: cents, idempotencyKey: `reversal-${refund.reference}`, metadata: { reference: refund.reference } });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new RefundUnavailableError();
    throw error;
  }
  await tx.update(transfers).set({ reversedCents: transfer.reversedCents + cents }).where(eq(transfers.id, transfer.id));
  const posting = { kind: 'transfer_reversal', currency: transfer.currency, testMode: transfer.testMode, creatorId: refund.ownerId, orderId: refund.orderId, transferId: transfer.id } as const;
  await postToLedger(tx, posting, transferEntries('transfer_reversal', refund.ownerId, cents));
}
