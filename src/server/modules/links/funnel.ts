// A short link's funnel: the clicks remembered by links/attribution.ts (`link:<id>` for a short link of
// the creator's, `page:<blockId>` for a block of their page) read back as views, checkouts, sales and
// revenue. A sale of a product keeps its source on the sale; an invoice paid on its payment page keeps
// it on the order. Revenue is what buyers paid less refunds, in the store's one currency (it cannot
// change once there is a sale); sales/sources.ts sums the same money by link and UTM source.
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productViews } from '../../db/schema/products.ts';

const linkSource = (linkId: number) => `link:${linkId}`;

/**
 * One row per attributed sale kept (not wholly refunded) and per attributed invoice paid, of one
 * creator: its source, when, and what it brought in. `asAffiliate`: with the sales the user's
 * affiliate links brought to other creators (docs/decisions/028-affiliates.md), for their links' funnels.
 */
export function attributedMoney(creatorId: string, asAffiliate = false): SQL {
  return sql`
    SELECT s.source, s.created_at AS at, s.amount_cents - s.refunded_cents AS revenue
    FROM sales s
    WHERE (s.creator_id = ${creatorId} ${asAffiliate ? sql`OR s.affiliate_id = ${creatorId}` : sql``}) AND s.source IS NOT NULL AND s.status <> 'refunded'
    UNION ALL
    SELECT o.source, o.paid_at, o.total_cents
    FROM orders o JOIN invoices i ON i.id = o.invoice_id AND i.user_id = ${creatorId}
    WHERE o.kind = 'invoice' AND o.status = 'paid' AND o.source IS NOT NULL`;
}

/**
 * A short link's funnel over the UTC days `from`..`to`: product views through it (a visitor's first of
 * the day), checkouts with an item (or an invoice payment) through it, sales kept and revenue. Only the
 * link owner's products and invoices count (a click is remembered for the creator who made the link),
 * or, for an affiliate's link, the sales it credited them.
 */
export async function linkFunnel(db: Db, link: { id: number; userId: string }, from: string, to: string) {
  const source = linkSource(link.id);
  const start = sql`${from}::date`;
  const end = sql`${to}::date + 1`;
  const [views, checkouts, sold] = await Promise.all([
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(productViews)
      .where(and(eq(productViews.source, source), gte(productViews.day, from), sql`${productViews.day} <= ${to}::date`)),
    db.execute<{ value: number }>(sql`
      SELECT count(*)::int AS value FROM orders
      WHERE (items @> ${JSON.stringify([{ source }])}::jsonb OR source = ${source}) AND created_at >= ${start} AND created_at < ${end}`),
    db.execute<{ sales: number; revenue: number }>(sql`
      SELECT count(*)::int AS sales, coalesce(sum(m.revenue), 0)::int AS revenue FROM (${attributedMoney(link.userId, true)}) m
      WHERE m.source = ${source} AND m.at >= ${start} AND m.at < ${end}`),
  ]);
  return {
    productViews: views[0]?.value ?? 0,
    checkouts: checkouts.rows[0]?.value ?? 0,
    sales: sold.rows[0]?.sales ?? 0,
    revenueCents: sold.rows[0]?.revenue ?? 0,
  };
}
