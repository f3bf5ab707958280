// Where sales came from: the clicks remembered by orders/attribution.ts (`link:<id>` for a short link
// of the creator's, `page:<blockId>` for a block of their page), read back as a link's funnel and as
// the creator's revenue by link and by UTM source. Revenue is what buyers paid less refunds, in the
// store's one currency (it cannot change once there is a sale).
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shortLinks } from '../../db/schema/links.ts';
import { orders } from '../../db/schema/orders.ts';
import { productViews } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';

const SOURCES_LISTED = 10;

export const linkSource = (linkId: number) => `link:${linkId}`;

const kept = sql<number>`count(*) FILTER (WHERE ${sales.status} <> 'refunded')::int`;
const revenue = sql<number>`coalesce(sum(${sales.amountCents} - ${sales.refundedCents}), 0)::int`;

/**
 * A short link's funnel over the UTC days `from`..`to`: product views through it (a visitor's first of
 * the day), checkouts with an item through it, sales kept and revenue. Only the link owner's products
 * count: a click is remembered for the creator who made the link.
 */
export async function linkFunnel(db: Db, link: { id: number; userId: string }, from: string, to: string) {
  const source = linkSource(link.id);
  const end = sql`${to}::date + 1`;
  const [views, checkouts, sold] = await Promise.all([
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(productViews)
      .where(and(eq(productViews.source, source), gte(productViews.day, from), sql`${productViews.day} <= ${to}::date`)),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(sql`${orders.items} @> ${JSON.stringify([{ source }])}::jsonb`, gte(orders.createdAt, sql`${from}::date`), lt(orders.createdAt, end))),
    db
      .select({ sales: kept, revenueCents: revenue })
      .from(sales)
      .where(and(eq(sales.source, source), eq(sales.creatorId, link.userId), gte(sales.createdAt, sql`${from}::date`), lt(sales.createdAt, end))),
  ]);
  return {
    productViews: views[0]?.value ?? 0,
    checkouts: checkouts[0]?.value ?? 0,
    sales: sold[0]?.sales ?? 0,
    revenueCents: sold[0]?.revenueCents ?? 0,
  };
}

/** The creator's links that brought the most revenue (sales less refunds), and the same by the links' UTM source. */
export async function revenueBySource(db: Db, creatorId: string) {
  const linked = and(eq(sales.creatorId, creatorId), sql`${sales.source} like 'link:%'`, ne(sales.status, 'refunded'));
  const joined = and(eq(shortLinks.userId, creatorId), sql`${sales.source} = 'link:' || ${shortLinks.id}`);
  const utmSource = sql<string>`coalesce(nullif(${shortLinks.utm}->>'source', ''), '')`;
  const [links, utmSources] = await Promise.all([
    db
      .select({ id: shortLinks.id, code: shortLinks.shortCode, sales: count(), revenueCents: revenue })
      .from(sales)
      .innerJoin(shortLinks, joined)
      .where(linked)
      .groupBy(shortLinks.id)
      .orderBy(desc(revenue), desc(count()), shortLinks.id)
      .limit(SOURCES_LISTED),
    db
      .select({ source: utmSource, sales: count(), revenueCents: revenue })
      .from(sales)
      .innerJoin(shortLinks, joined)
      .where(linked)
      .groupBy(utmSource)
      .orderBy(desc(revenue), desc(count()), utmSource)
      .limit(SOURCES_LISTED),
  ]);
  return { links, utmSources };
}
