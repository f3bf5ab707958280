// Disputes (chargebacks) of an order's payment (issue #45, decision 035). The buyer's bank takes the
// disputed money back at once: opening one books it like a refund of the order's sales, in order, up to
// the amount (sale_refunds, reference `dispute-<ref>-<sale>`; no money goes back through the provider,
// the bank took it), so it debits the creators and affiliates the same way a refund does, and takes the
// same part back from what was transferred to their payout accounts. A won dispute gives it back:
// `dispute_won` posts the exact opposite of those refunds, to the same owners' balances.
import { and, eq, like } from 'drizzle-orm';
import { refundTaxCents } from '#shared/orders-tax.ts';
import { refundLeftCents } from '#shared/sales.ts';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { orders } from '../../db/schema/orders.ts';
import { disputes, saleRefunds, sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { postToLedger } from '../ledger/ledger.ts';
import type { ProviderDispute } from '../payments/contract.ts';
import { reverseForRefund } from '../payouts/transfers.ts';
import { publishSaleChange } from './notices.ts';
import { lockSaleForRefund, recordSaleRefund, salesOfOrder, type Sale } from './queries.ts';

const referencePrefix = (disputeRef: string) => `dispute-${disputeRef}-`;

/** The most of a sale's price left whose price and tax together fit in `grossCents`. */
function takenFrom(sale: Sale, grossCents: number): number {
  const left = refundLeftCents(sale);
  const gross = (amount: number) => amount + refundTaxCents(sale, amount);
  if (gross(left) <= grossCents) return left;
  let amount = Math.floor((grossCents * left) / Math.max(1, gross(left)));
  while (amount < left && gross(amount + 1) <= grossCents) amount += 1;
  return amount;
}

/**
 * A dispute the provider reported (payments' webhook): the first report of one opens it and books it;
 * its closing marks it won (given back) or lost (it stays taken). False for a payment of no order here.
 */
export async function recordDispute(ctx: AppContext, dispute: ProviderDispute): Promise<boolean> {
  const { db } = ctx.database;
  const [order] = await db.select().from(orders).where(eq(orders.paymentRef, dispute.paymentRef));
  if (!order) return false;
  const changed: Sale[] = [];
  await db.transaction(async (tx) => {
    const [opened] = await tx
      .insert(disputes)
      .values({ orderId: order.id, providerRef: dispute.ref, amountCents: dispute.amountCents, currency: order.currency, reason: dispute.reason })
      .onConflictDoNothing()
      .returning();
    if (opened) changed.push(...(await takeDisputed(ctx, tx, order.id, dispute)));
    if (dispute.status === 'open') return;
    const [closing] = await tx.select().from(disputes).where(eq(disputes.providerRef, dispute.ref)).for('update');
    if (!closing || closing.status !== 'open') return; // a replay: closed already
    await tx.update(disputes).set({ status: dispute.status, closedAt: ctx.clock.now() }).where(eq(disputes.id, closing.id));
    if (dispute.status === 'won') await giveBack(tx, closing, order.testMode);
  });
  await Promise.all(changed.map((sale) => publishSaleChange(ctx, sale, sale.status === 'refunded' ? 'refunded' : 'partially_refunded')));
  return true;
}

/** Books the disputed amount on the order's sales, in order, like refunds (no money through the provider). */
async function takeDisputed(ctx: AppContext, tx: Tx, orderId: string, dispute: ProviderDispute): Promise<Sale[]> {
  let rest = dispute.amountCents;
  const changed: Sale[] = [];
  for (const { id } of await salesOfOrder(tx, orderId)) {
    if (rest <= 0) break;
    const locked = await lockSaleForRefund(tx, id);
    if (!locked || locked.sale.status !== 'completed') continue;
    const amount = takenFrom(locked.sale, rest);
    if (amount <= 0) continue;
    const taxCents = refundTaxCents(locked.sale, amount);
    const reference = `${referencePrefix(dispute.ref)}${id}`;
    const made = await recordSaleRefund(tx, locked.sale, { amountCents: amount, taxCents, reference, createdBy: null });
    for (const ownerId of [made.sale.creatorId, made.sale.affiliateId]) {
      await reverseForRefund(ctx, tx, { orderId, ownerId, refundId: made.refund.id, reference });
    }
    rest -= amount + taxCents;
    changed.push(made.sale);
  }
  return changed;
}

/** A won dispute: the opposite of what each of its refunds posted (balances, fees, tax, the provider's money). */
async function giveBack(tx: Tx, dispute: typeof disputes.$inferSelect, testMode: boolean) {
  const refunds = await tx
    .select({ id: saleRefunds.id, creatorId: sales.creatorId })
    .from(saleRefunds)
    .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
    .where(like(saleRefunds.reference, `${referencePrefix(dispute.providerRef)}%`));
  for (const refund of refunds) {
    const posted = await tx
      .select({ account: ledgerEntries.account, ownerId: ledgerEntries.ownerId, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.refundId, refund.id), eq(ledgerTransactions.kind, 'refund')));
    const entries = posted.map((entry) => ({ account: entry.account, ownerId: entry.ownerId, amountCents: 0 - entry.cents }));
    const posting = { kind: 'dispute_won', currency: dispute.currency, testMode, creatorId: refund.creatorId, orderId: dispute.orderId, disputeId: dispute.id } as const;
    await postToLedger(tx, posting, entries);
  }
}
