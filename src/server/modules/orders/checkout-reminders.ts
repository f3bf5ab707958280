// Abandoned checkouts (issue #44, decision 033): a store that turned checkout reminders on mails one
// reminder to a buyer whose order is still pending an hour after the checkout. A recurring sweep
// writes one checkout_reminders row per order and store (its primary key keeps it to one) and queues
// its task in the same statement's transaction; the task checks again when it runs, in one
// transaction holding the row, and queues the mail there or records why it did not.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { audienceUnsubscribes } from '../../db/schema/audience.ts';
import { users } from '../../db/schema/auth.ts';
import { checkoutReminders, orders, type CHECKOUT_REMINDER_STATUSES } from '../../db/schema/orders.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { sales } from '../../db/schema/sales.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Mail } from '../../platform/mail.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { unsubscribeUrl } from '../audience/sending.ts';
import { AudienceTokens } from '../audience/tokens.ts';
import { purchasableProducts } from './cart-queries.ts';
import type { Order } from './contract.ts';

export const CHECKOUT_REMINDERS_SWEEP = 'checkout.reminders';
export const CHECKOUT_REMINDER_TASK = 'checkout.reminder';
/** How long after the checkout the reminder is due. */
export const CHECKOUT_REMINDER_DELAY_MS = 60 * 60_000;
/** Orders older than this get none (a store that turns reminders on does not mail last week's checkouts). */
const CHECKOUT_REMINDER_WINDOW_MS = 24 * 60 * 60_000;
/** How often the sweep looks for due checkouts: a reminder goes out between 60 and 65 minutes after. */
export const CHECKOUT_REMINDERS_EVERY_MS = 5 * 60_000;

interface ReminderPayload {
  orderId: string;
  creatorId: string;
}

type ReminderStatus = (typeof CHECKOUT_REMINDER_STATUSES)[number];

export function defineCheckoutReminders(ctx: AppContext): void {
  const tokens = new AudienceTokens(ctx.auth.options.secret);
  ctx.tasks.define<ReminderPayload>(CHECKOUT_REMINDER_TASK, {
    describe: (payload) => `Checkout reminder of order ${payload.orderId}`,
    handle: (payload) => sendCheckoutReminder(ctx, tokens, payload),
  });
  ctx.tasks.every(CHECKOUT_REMINDERS_SWEEP, CHECKOUT_REMINDERS_EVERY_MS, () => queueCheckoutReminders(ctx));
}

/**
 * Writes a reminder for each store (a creator of some of its items, with reminders on) of each product
 * order pending for an hour to a day by the app's clock, and queues its task; an order and store that
 * already have one get nothing more. Returns how many were queued.
 */
export async function queueCheckoutReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const dueBefore = new Date(now - CHECKOUT_REMINDER_DELAY_MS);
  const since = new Date(now - CHECKOUT_REMINDER_WINDOW_MS);
  return ctx.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ order_id: string; creator_id: string }>(sql`
      INSERT INTO ${checkoutReminders} (order_id, creator_id)
      SELECT DISTINCT o.id, p.id
      FROM ${orders} o
      CROSS JOIN LATERAL jsonb_array_elements(o.items) AS item
      JOIN ${userProfiles} p ON p.id = item->>'creatorId' AND p.checkout_reminders
      WHERE o.status = 'pending' AND o.kind = 'products' AND o.created_at <= ${dueBefore} AND o.created_at > ${since}
      ON CONFLICT DO NOTHING
      RETURNING order_id, creator_id`);
    for (const row of rows) {
      const payload: ReminderPayload = { orderId: row.order_id, creatorId: row.creator_id };
      await enqueueTask(tx, CHECKOUT_REMINDER_TASK, payload, { key: `${CHECKOUT_REMINDER_TASK}:${row.order_id}:${row.creator_id}` });
    }
    return rows.length;
  });
}

/**
 * The products of the store's items the same buyer (address or account) owns by now: bought in a newer
 * order, or before (a guest may start a checkout of what they have).
 */
async function ownedBy(executor: Executor, order: Order, productIds: string[]): Promise<Set<string>> {
  if (!productIds.length) return new Set();
  const buyer = sql`lower(${sales.buyerEmail}) = ${order.buyerEmail.toLowerCase()}`;
  const rows = await executor
    .select({ productId: sales.productId })
    .from(sales)
    .where(
      and(
        inArray(sales.productId, productIds),
        eq(sales.status, 'completed'),
        order.buyerUserId ? or(buyer, eq(sales.buyerUserId, order.buyerUserId)) : buyer,
      ),
    );
  return new Set(rows.map((row) => row.productId).filter((id) => id !== null));
}

/**
 * The reminder task: in one transaction holding its row, sends nothing when it already ran, when the
 * order was paid or given up, when the store turned reminders off, when the address unsubscribed from
 * the store, or when none of the store's items is still on sale or not yet the buyer's; else queues the
 * mail, naming those items only.
 */
async function sendCheckoutReminder(ctx: AppContext, tokens: AudienceTokens, { orderId, creatorId }: ReminderPayload): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: checkoutReminders.status, order: orders, store: userProfiles.name, turnedOn: userProfiles.checkoutReminders })
      .from(checkoutReminders)
      .innerJoin(orders, eq(orders.id, checkoutReminders.orderId))
      .innerJoin(userProfiles, eq(userProfiles.id, checkoutReminders.creatorId))
      .where(and(eq(checkoutReminders.orderId, orderId), eq(checkoutReminders.creatorId, creatorId)))
      .for('update', { of: checkoutReminders });
    if (!row || row.status !== 'queued') return;
    const finish = (status: ReminderStatus) =>
      tx
        .update(checkoutReminders)
        .set({ status, doneAt: new Date() })
        .where(and(eq(checkoutReminders.orderId, orderId), eq(checkoutReminders.creatorId, creatorId)));
    const { order } = row;
    if (order.status === 'paid') return finish('paid');
    if (order.status !== 'pending') return finish('not_pending');
    if (!row.turnedOn) return finish('turned_off');
    const email = order.buyerEmail.toLowerCase();
    const [unsubscribed] = await tx
      .select({ email: audienceUnsubscribes.email })
      .from(audienceUnsubscribes)
      .where(and(eq(audienceUnsubscribes.creatorId, creatorId), eq(audienceUnsubscribes.email, email)));
    if (unsubscribed) return finish('unsubscribed');
    const mine = order.items.filter((item) => item.creatorId === creatorId);
    const onSale = new Set((await purchasableProducts(tx, mine.map((item) => item.productId))).map((product) => product.id));
    const items = mine.filter((item) => onSale.has(item.productId));
    if (!items.length) return finish('withdrawn');
    const owned = await ownedBy(tx, order, items.map((item) => item.productId));
    const left = items.filter((item) => !owned.has(item.productId));
    if (!left.length) return finish('bought_since');
    const [account] = order.buyerUserId ? await tx.select({ locale: users.locale }).from(users).where(eq(users.id, order.buyerUserId)) : [];
    await ctx.mailer.send(checkoutReminderMail(ctx, tokens, { order, creatorId, store: row.store, items: left, locale: account?.locale ?? order.locale }), tx);
    return finish('sent');
  });
}

/**
 * The reminder: a fixed subject (no user text in subjects), the store and its products in the body,
 * why it came, the way back (the order's payment page while the built-in test provider can still take
 * it, else each product's page) and the store's one-click unsubscribe (decision 020's link and headers).
 */
function checkoutReminderMail(
  ctx: AppContext,
  tokens: AudienceTokens,
  values: { order: Order; creatorId: string; store: string; items: Order['items']; locale: Order['locale'] },
): Mail {
  const { checkoutReminder: texts } = mailTexts(values.locale);
  const { order, store } = values;
  const base = ctx.config.PUBLIC_URL;
  const brand = ctx.config.BRAND_NAME;
  const unsubscribe = unsubscribeUrl(ctx, tokens, { creatorId: values.creatorId, email: order.buyerEmail.toLowerCase() });
  const payable = order.provider === 'test';
  const lines = values.items.map((item) => `${item.versionName ? `${item.name} (${item.versionName})` : item.name}\n${base}/store/product/${item.productId}`);
  return {
    to: order.buyerEmail,
    subject: texts.subject(brand),
    text: [
      texts.intro({ store, brand }),
      ...lines,
      ...(payable ? [texts.finish(`${base}/checkout/${order.id}`)] : []),
      texts.why({ store }),
      `--\n${texts.unsubscribe({ store, url: unsubscribe })}`,
    ].join('\n\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
