// Orders and their payment: made here, paid through the configured provider, then handed to the
// fulfilment of their kind (ctx.orders.fulfilments, wired in app.ts: product checkouts, invoices).
import { and, eq, getTableColumns, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '#shared/money.ts';
import { spreadTax } from '#shared/orders-tax.ts';
import type { Language } from '#shared/profiles.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { OrderItem } from '../../db/schema/orders.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orders } from '../../db/schema/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { prefixedId } from '../../platform/ids.ts';
import type { PaymentStart } from '../payments/contract.ts';
import { PaymentProviderError, PaymentsNotSetUpError, PaymentUnavailableError } from '../payments/errors.ts';
import type { Order, OrderKind } from './contract.ts';

export type { Order, OrderKind };
type Logger = Pick<FastifyBaseLogger, 'error'>;

export interface CreateOrderInput {
  kind: OrderKind;
  buyerEmail: string;
  buyerUserId?: string | null;
  items?: OrderItem[];
  invoiceId?: string;
  totalCents: number;
  /** The currency of the items or the invoice: the provider charges in it. */
  currency: Currency;
  /** The tax `totalCents` includes (the items' `taxCents`), and the buyer's country and VAT number it was worked out for. */
  taxCents?: number;
  buyerCountry?: string | null;
  vatNumber?: string | null;
  /** The language of the order's mails (the receipt, a refund notice). */
  locale?: Language;
  /** The discount code the items' prices include. */
  discountCode?: string | null;
  /** An invoice payment's remembered click (links/attribution.ts). */
  source?: string | null;
  /** Runs in the transaction that writes the order (a discount code's use is counted there under a lock); throwing undoes the order. */
  reserve?: (tx: Tx, orderId: string) => Promise<void>;
  /**
   * Or, when nothing needs a lock: an INSERT … SELECT from the new order (the `NEW_ORDER` CTE) written
   * in the same statement as the order, so both or neither are written in one round trip (a
   * transaction takes four); `refuse` turns its error into the caller's (e.g. a row it refers to is gone).
   */
  alongside?: { insert: SQL; refuse?: (error: unknown) => unknown };
  /** Paths on this site where the buyer returns; `{orderId}` is replaced by the new order's id. */
  successPath: string;
  cancelPath: string;
}

/** The name of the new order in an `alongside` insert: `… SELECT id FROM ${NEW_ORDER}`. */
export const NEW_ORDER = sql.identifier('new_order');

/**
 * Inserts a pending order and asks the provider how the buyer pays it; PaymentsNotSetUpError (503)
 * before anything is written when there is something to pay and no provider.
 */
export async function createOrder(ctx: AppContext, input: CreateOrderInput): Promise<{ order: Order; start: PaymentStart }> {
  const { db } = ctx.database;
  const provider = ctx.payments.provider;
  if (!provider && input.totalCents > 0) throw new PaymentsNotSetUpError();
  const id = prefixedId('ord', 24);
  const insert = (executor: Executor) =>
    executor
      .insert(orders)
      .values({
        id,
        kind: input.kind,
        buyerEmail: input.buyerEmail.trim(),
        buyerUserId: input.buyerUserId ?? null,
        invoiceId: input.invoiceId ?? null,
        items: input.items ?? [],
        totalCents: input.totalCents,
        currency: input.currency,
        taxCents: input.taxCents ?? 0,
        buyerCountry: input.buyerCountry ?? null,
        vatNumber: input.vatNumber ?? null,
        discountCode: input.discountCode ?? null,
        source: input.source ?? null,
        locale: input.locale ?? 'en',
        provider: provider?.id ?? 'none',
        // Marked for good: money of a test-card payment is never paid out in production.
        testMode: provider?.id === 'test',
        // On the app's clock: a discount code's hold is counted from it (discounts/service.ts liveUse).
        createdAt: ctx.clock.now(),
      })
      .returning();
  const insertOrder = async (executor: Executor) => (await insert(executor))[0]!;
  // A transaction (two more round trips) only when something must be checked under a lock with the order.
  const { reserve, alongside } = input;
  let order: Order;
  if (reserve) {
    order = await db.transaction(async (tx) => {
      const row = await insertOrder(tx);
      await reserve(tx, id);
      return row;
    });
  } else if (alongside) {
    const created = db.$with('new_order', getTableColumns(orders)).as(insert(db).getSQL());
    const written = db.$with('alongside', {}).as(alongside.insert);
    try {
      [order] = (await db.with(created, written).select().from(created)) as [Order];
    } catch (error) {
      throw alongside.refuse?.(error) ?? error;
    }
  } else {
    order = await insertOrder(db);
  }
  // Nothing to charge (free products): no provider round trip; the caller marks the order paid.
  if (!provider || input.totalCents === 0) return { order, start: { type: 'card_form' } };
  const url = (path: string) => `${ctx.config.PUBLIC_URL}${path.replaceAll('{orderId}', id)}`;
  try {
    const { providerRef, ...start } = await provider.start(order, { successUrl: url(input.successPath), cancelUrl: url(input.cancelPath) });
    if (providerRef) {
      const [updated] = await db.update(orders).set({ providerRef }).where(eq(orders.id, id)).returning();
      order = updated!;
    }
    return { order, start };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await db.update(orders).set({ status: 'failed', failureMessage: 'The payment provider could not be reached.' }).where(eq(orders.id, id));
    throw new PaymentUnavailableError();
  }
}

export async function getOrder(ctx: AppContext, id: string): Promise<Order | undefined> {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The provider's payment of an order (Stripe's PaymentIntent), which its disputes name. */
export async function setPaymentRef(ctx: AppContext, orderId: string, paymentRef: string): Promise<void> {
  await ctx.database.db.update(orders).set({ paymentRef }).where(eq(orders.id, orderId));
}

export async function getOrderByProviderRef(ctx: AppContext, providerRef: string): Promise<Order | undefined> {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.providerRef, providerRef));
  return order;
}

/**
 * Marks a pending order paid and fulfils it, in one transaction: only the call that moves the order
 * from pending to paid fulfils it, so a replayed webhook or a second confirmation does nothing.
 * Returns the order when this call paid it, undefined when it was not pending.
 */
/** The tax the provider added on its page (Stripe Tax), and the buyer's country and VAT number it took. */
export interface ProviderTax {
  taxCents: number;
  country: string | null;
  vatNumber: string | null;
}

/** Books the provider's tax on a pending order: its total, and each item's part in proportion to its price. */
async function addProviderTax(tx: Tx, orderId: string, tax: ProviderTax) {
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending'))).for('update');
  if (!order) return;
  const parts = spreadTax(tax.taxCents, order.items.map((item) => item.priceCents));
  await tx
    .update(orders)
    .set({
      items: order.items.map((item, index) => (parts[index] ? { ...item, taxCents: parts[index] } : item)),
      taxCents: tax.taxCents,
      totalCents: order.totalCents + tax.taxCents,
      buyerCountry: tax.country,
      vatNumber: tax.vatNumber,
    })
    .where(eq(orders.id, orderId));
}

export async function markOrderPaid(
  ctx: AppContext,
  orderId: string,
  log?: Logger,
  providerTax?: ProviderTax,
  /** Checked first in the payment's transaction (a held discount use, counted again under its lock); throwing books nothing. */
  before?: (tx: Tx) => Promise<void>,
): Promise<Order | undefined> {
  const paid = await ctx.database.db
    .transaction(async (tx) => {
      if (before) await before(tx);
      if (providerTax) await addProviderTax(tx, orderId, providerTax);
      const [row] = await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), failureMessage: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning();
      if (!row) return undefined;
      await ctx.orders.fulfilments[row.kind].fulfil(ctx, tx, row);
      return row;
    })
    .catch(async (error: unknown) => {
      // Another order for the same invoice was paid a moment earlier (one paid order per invoice):
      // the fulfilment of the order's kind says so in its own words.
      if (isUniqueViolation(error, 'orders_invoice_paid_idx')) {
        const order = await getOrder(ctx, orderId);
        const alreadyPaid = order && ctx.orders.fulfilments[order.kind].alreadyPaid;
        if (alreadyPaid) throw alreadyPaid();
      }
      throw error;
    });
  if (paid) await afterPaid(ctx, paid, log);
  return paid;
}

async function afterPaid(ctx: AppContext, order: Order, log?: Logger) {
  try {
    if (order.buyerUserId) await ctx.realtime.publish(userChannel(order.buyerUserId), 'orders.changed', { id: order.id, status: order.status });
    await ctx.orders.fulfilments[order.kind].afterPaid?.(ctx, order);
  } catch (error) {
    // The payment is booked; a lost mail or event must not turn it into an error for the payer.
    if (log) log.error({ err: error, orderId: order.id }, 'after-payment work failed');
    else console.error(`After-payment work for order ${order.id} failed`, error);
  }
}

/** Notes why the last card attempt failed; the order stays pending so the buyer can try another card. */
export async function recordDecline(ctx: AppContext, orderId: string, message: string): Promise<void> {
  await ctx.database.db
    .update(orders)
    .set({ failureMessage: message })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Why a pending order was given up: its Stripe session expired, or it waited past ORDER_EXPIRY_HOURS. */
export const PAYMENT_NOT_COMPLETED = 'The payment was not completed.';

/**
 * Marks failed, `batchSize` at a time, the orders still pending ORDER_EXPIRY_HOURS after checkout
 * (on a timer, app.ts). An order whose payment holds its row at that moment is skipped, and the status
 * is checked again on the row itself, so a payment that got there first stays paid.
 * Stripe's orders are left to Stripe: its session expires and says so (checkout.session.expired,
 * payments.ts), while its payment can be confirmed days later (webhook retries, delayed payment
 * methods), and an order failed here would then be paid and never fulfilled.
 */
export async function expirePendingOrders(ctx: AppContext, batchSize = 500): Promise<number> {
  const { db } = ctx.database;
  const cutoff = sql`now() - make_interval(hours => ${ctx.config.ORDER_EXPIRY_HOURS})`;
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), ne(orders.provider, 'stripe'), lt(orders.createdAt, cutoff)))
      .orderBy(orders.createdAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const expired = await db
      .update(orders)
      .set({ status: 'failed', failureMessage: PAYMENT_NOT_COMPLETED })
      .where(and(eq(orders.status, 'pending'), inArray(orders.id, due)))
      .returning({ id: orders.id, buyerUserId: orders.buyerUserId });
    total += expired.length;
    // A signed-in buyer's open checkout page turns to "not completed"; a lost event only means it does not.
    await Promise.allSettled(
      expired.flatMap((order) => (order.buyerUserId ? [ctx.realtime.publish(userChannel(order.buyerUserId), 'orders.changed', { id: order.id, status: 'failed' })] : [])),
    );
    if (expired.length < batchSize) return total;
  }
}

/** A pending order that can no longer be paid (an expired Stripe session). */
export async function markOrderFailed(ctx: AppContext, orderId: string, message: string): Promise<void> {
  await ctx.database.db
    .update(orders)
    .set({ status: 'failed', failureMessage: message })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}
