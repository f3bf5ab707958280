// The creator's Analytics (issue #46, decision 036): one page of the store's figures over a range of
// UTC days, the whole store or one product. Each figure has one source, read straight from its table
// (as modules/onboarding does, so no module depends on this one): money from the ledger (what buyers
// paid, fees, commissions and the creator's earnings, by the day each movement was posted), sales from
// the sale rows (by the day of the sale), views from product_views (one per visitor, product and day),
// clicks from link_visits, memberships from subscriptions. Nothing is floored: a day of refunds is negative.
// A closed day's figures (before yesterday) are kept once computed (analytics_day_cache), for all the
// creator's products, and so is the sum of a range's closed days (analytics_span_cache: what a page
// reads, a few hundred rows however many days); a row written late for such a day, or a product or
// link deleted, forgets them (0063's triggers).
import { sql, type SQL } from 'drizzle-orm';
import type { Analytics, AnalyticsQuery } from '#shared/analytics-api.ts';
import { ANALYTICS_MESSAGES, conversionPercent, daysBetween, mrrCents, rangeDays, TOP_LISTED, type AnalyticsRange } from '#shared/analytics.ts';
import { accountBalance, EARNING_KINDS } from '#shared/ledger.ts';
import { shortUrl } from '#shared/links.ts';
import { linkIdOfSource } from '#shared/sales-filters.ts';
import type { BillingInterval, SubscriptionStatus } from '#shared/memberships.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { storeCurrency } from '../profiles/queries.ts';

/** The ledger's movements of a creator's earnings (as modules/ledger earningsOf sums them). */
const EARNING_KINDS_SQL = sql.join(
  EARNING_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

interface Scope {
  creatorId: string;
  from: string;
  to: string;
}

/** One UTC day's figures of a creator, for all their products (the product filter is applied after). */
interface DayFigures {
  money: { productId: string | null; source: string | null; kind: string; moves: number; revenueCents: number; earningsCents: number; feesCents: number; commissionsCents: number }[];
  sales: { productId: string | null; source: string | null; sales: number }[];
  views: { productId: string; source: string | null; views: number }[];
  referrers: { productId: string; domain: string; views: number }[];
  countries: { productId: string; country: string; views: number }[];
  clicks: { linkId: number; clicks: number }[];
}

const noFigures = (): DayFigures => ({ money: [], sales: [], views: [], referrers: [], countries: [], clicks: [] });

/**
 * Days' figures summed: per day and product only what the chart draws (the series), per day the store's
 * link clicks, and the rest summed over the days (`figures`, its rows keyed as a day's are).
 */
interface Summary {
  series: { day: string; productId: string | null; revenueCents: number; sales: number; views: number }[];
  clicksByDay: { day: string; clicks: number }[];
  figures: DayFigures;
}

/** The rows summed by key: the numeric fields `fields` added up, the other fields kept from the first row. */
function sumRows<T extends object>(rows: T[], key: (row: T) => string, fields: readonly (keyof T)[]): T[] {
  const sums = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const sum = sums.get(k);
    if (!sum) sums.set(k, { ...row });
    else for (const field of fields) (sum[field] as number) += row[field] as number;
  }
  return [...sums.values()];
}

/** Summaries (of disjoint days) as one: the series joined, the figures summed by their keys. */
function mergeSummaries(parts: Summary[]): Summary {
  const all = <K extends keyof DayFigures>(key: K) => parts.flatMap((part) => part.figures[key] as DayFigures[K][number][]) as DayFigures[K];
  return {
    series: parts.flatMap((part) => part.series),
    clicksByDay: parts.flatMap((part) => part.clicksByDay),
    figures: {
      money: sumRows(all('money'), (row) => `${row.productId}|${row.source}|${row.kind}`, ['moves', 'revenueCents', 'earningsCents', 'feesCents', 'commissionsCents']),
      sales: sumRows(all('sales'), (row) => `${row.productId}|${row.source}`, ['sales']),
      views: sumRows(all('views'), (row) => `${row.productId}|${row.source}`, ['views']),
      referrers: sumRows(all('referrers'), (row) => `${row.productId}|${row.domain}`, ['views']),
      countries: sumRows(all('countries'), (row) => `${row.productId}|${row.country}`, ['views']),
      clicks: sumRows(all('clicks'), (row) => String(row.linkId), ['clicks']),
    },
  };
}

/** The days' figures as a Summary. */
function summarize(days: Map<string, DayFigures>): Summary {
  const parts = [...days].map(([day, figures]): Summary => {
    const series = new Map<string | null, Summary['series'][number]>();
    const of = (productId: string | null) => {
      let row = series.get(productId);
      if (!row) series.set(productId, (row = { day, productId, revenueCents: 0, sales: 0, views: 0 }));
      return row;
    };
    for (const row of figures.money) of(row.productId).revenueCents += row.revenueCents;
    for (const row of figures.sales) of(row.productId).sales += row.sales;
    for (const row of figures.views) of(row.productId).views += row.views;
    const clicks = figures.clicks.reduce((sum, row) => sum + row.clicks, 0);
    return { series: [...series.values()], clicksByDay: clicks ? [{ day, clicks }] : [], figures };
  });
  return mergeSummaries(parts);
}

const start = (scope: Scope) => sql`(${scope.from}::date)::timestamp AT TIME ZONE 'UTC'`;
const end = (scope: Scope) => sql`(${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
const utcDay = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * The creator's ledger movements in the range, per day, product, source and kind: what buyers paid
 * (provider and tax entries: the price less refunds, without tax), the creator's share, the fees and
 * the affiliates' commissions, each as its account shows it. An invoice's source is its order's.
 */
async function ledgerMoney(db: Db, scope: Scope) {
  const { rows } = await db.execute<{ day: string; product_id: string | null; source: string | null; kind: string; moves: number; revenue: string; earnings: string; fees: string; commissions: string }>(sql`
    WITH m AS (
      -- Each movement's entries looked up by its id (from the covering index): a range's few movements never scan the ledger.
      SELECT t.id, t.created_at, t.kind, t.sale_id, t.order_id, e.revenue, e.earnings, e.fees, e.commissions
      FROM ledger_transactions t
      CROSS JOIN LATERAL (
        SELECT sum(e.amount_cents) FILTER (WHERE e.account IN ('provider', 'tax_payable')) AS revenue,
          sum(e.amount_cents) FILTER (WHERE e.account = 'balance' AND e.owner_id = ${scope.creatorId}) AS earnings,
          sum(e.amount_cents) FILTER (WHERE e.account = 'platform_fees') AS fees,
          sum(e.amount_cents) FILTER (WHERE e.account = 'balance' AND e.owner_id IS DISTINCT FROM ${scope.creatorId}) AS commissions
        FROM ledger_entries e WHERE e.transaction_id = t.id
      ) e
      WHERE t.creator_id = ${scope.creatorId} AND t.kind IN (${EARNING_KINDS_SQL}) AND t.created_at >= ${start(scope)} AND t.created_at < ${end(scope)}
    )
    SELECT ${utcDay(sql`m.created_at`)} AS day, s.product_id, coalesce(s.source, o.source) AS source, m.kind, count(*)::int AS moves,
      coalesce(sum(m.revenue), 0)::text AS revenue, coalesce(sum(m.earnings), 0)::text AS earnings,
      coalesce(sum(m.fees), 0)::text AS fees, coalesce(sum(m.commissions), 0)::text AS commissions
    FROM m
    LEFT JOIN sales s ON s.id = m.sale_id
    LEFT JOIN orders o ON m.sale_id IS NULL AND o.id = m.order_id
    GROUP BY 1, 2, 3, 4`);
  return rows.map((row) => ({
    day: row.day,
    productId: row.product_id,
    source: row.source,
    kind: row.kind,
    moves: row.moves,
    revenueCents: accountBalance('provider', Number(row.revenue)),
    earningsCents: accountBalance('balance', Number(row.earnings)),
    feesCents: accountBalance('platform_fees', Number(row.fees)),
    commissionsCents: accountBalance('balance', Number(row.commissions)),
  }));
}

/** The creator's sales made in the range (refunded since or not), per day, product and source. */
async function salesMade(db: Db, scope: Scope) {
  const { rows } = await db.execute<{ day: string; product_id: string | null; source: string | null; sales: number }>(sql`
    SELECT ${utcDay(sql`s.created_at`)} AS day, s.product_id, s.source, count(*)::int AS sales
    FROM sales s
    WHERE s.creator_id = ${scope.creatorId} AND s.created_at >= ${start(scope)} AND s.created_at < ${end(scope)}
    GROUP BY 1, 2, 3`);
  return rows.map((row) => ({ day: row.day, productId: row.product_id, source: row.source, sales: row.sales }));
}

/**
 * The creator's product views in the range, per day, product and source, and per day and product the
 * referring sites and countries, in one scan (grouping sets).
 */
async function productViews(db: Db, scope: Scope) {
  const { rows } = await db.execute<{ set: number; day: string; product_id: string; source: string | null; domain: string | null; country: string | null; views: number }>(sql`
    SELECT GROUPING(v.source, coalesce(v.referrer_domain, ''), coalesce(v.country, '--')) AS set, v.day::text AS day, v.product_id, v.source,
      coalesce(v.referrer_domain, '') AS domain, coalesce(v.country, '--') AS country, count(*)::int AS views
    FROM product_views v JOIN products p ON p.id = v.product_id AND p.user_id = ${scope.creatorId}
    WHERE v.day >= ${scope.from}::date AND v.day <= ${scope.to}::date
    GROUP BY GROUPING SETS ((v.day, v.product_id, v.source), (v.day, v.product_id, coalesce(v.referrer_domain, '')), (v.day, v.product_id, coalesce(v.country, '--')))`);
  // GROUPING's bits: source 4, domain 2, country 1 (a bit is set for a column not grouped).
  return {
    views: rows.filter((row) => row.set === 3).map((row) => ({ day: row.day, productId: row.product_id, source: row.source, views: row.views })),
    referrers: rows.filter((row) => row.set === 5).map((row) => ({ day: row.day, productId: row.product_id, domain: row.domain!, views: row.views })),
    countries: rows.filter((row) => row.set === 6).map((row) => ({ day: row.day, productId: row.product_id, country: row.country!, views: row.views })),
  };
}

/** Clicks on the creator's short links in the range, per day and link (link clicks are the store's, whatever the product). */
async function linkClicks(db: Db, scope: Scope) {
  const { rows } = await db.execute<{ day: string; link_id: number; clicks: number }>(sql`
    SELECT v.day::text AS day, v.link_id, sum(v.clicks)::int AS clicks
    FROM link_visits v JOIN short_links l ON l.id = v.link_id AND l.user_id = ${scope.creatorId}
    WHERE v.day >= ${scope.from}::date AND v.day <= ${scope.to}::date
    GROUP BY 1, 2`);
  return rows.map((row) => ({ day: row.day, linkId: row.link_id, clicks: row.clicks }));
}

/** The creator's membership products' subscriptions that are live or ended in the range. */
async function memberships(db: Db, scope: Scope & { productId: string | null }) {
  const { rows } = await db.execute<{ status: SubscriptionStatus; interval: BillingInterval; price_cents: number; currency: string; ended_in_range: boolean }>(sql`
    SELECT status, interval, price_cents, currency, coalesce(ended_at >= ${start(scope)} AND ended_at < ${end(scope)}, false) AS ended_in_range
    FROM subscriptions
    WHERE creator_id = ${scope.creatorId} AND subject = 'membership' ${scope.productId ? sql`AND product_id = ${scope.productId}` : sql``}
      AND (status IN ('trialing', 'active', 'past_due') OR (ended_at >= ${start(scope)} AND ended_at < ${end(scope)}))`);
  return rows;
}

async function creatorProducts(db: Db, creatorId: string) {
  const { rows } = await db.execute<{ id: string; name: string }>(sql`SELECT id, name FROM products WHERE user_id = ${creatorId} ORDER BY lower(name), id`);
  return rows;
}

async function linksNamed(db: Db, creatorId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number; code: string; domain: string | null; utm_source: string }>(sql`
    SELECT l.id, l.short_code AS code, d.hostname AS domain, coalesce(nullif(l.utm->>'source', ''), '') AS utm_source
    FROM short_links l LEFT JOIN domains d ON d.id = l.domain_id
    WHERE l.user_id = ${creatorId} AND l.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rows;
}

/** Adds `value` to the entry `key` of a map of sums. */
function add<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** The views summed by `key`, the most first (then by key), TOP_LISTED of them. */
function sumTop<T extends { views: number }>(rows: T[], key: (row: T) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const row of rows) add(sums, key(row), row.views);
  return [...sums].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_LISTED);
}

const byDescending = <T>(value: (item: T) => number[]) => (a: T, b: T) => {
  const [x, y] = [value(a), value(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return 0;
};

/** The figures of the creator's days from..to, computed from their rows, by day (days without any are absent). */
async function computeDays(db: Db, scope: Scope): Promise<Map<string, DayFigures>> {
  const [money, sold, views, clicks] = await Promise.all([ledgerMoney(db, scope), salesMade(db, scope), productViews(db, scope), linkClicks(db, scope)]);
  const days = new Map<string, DayFigures>();
  const of = (day: string) => {
    let figures = days.get(day);
    if (!figures) days.set(day, (figures = noFigures()));
    return figures;
  };
  for (const { day, ...row } of money) of(day).money.push(row);
  for (const { day, ...row } of sold) of(day).sales.push(row);
  for (const { day, ...row } of views.views) of(day).views.push(row);
  for (const { day, ...row } of views.referrers) of(day).referrers.push(row);
  for (const { day, ...row } of views.countries) of(day).countries.push(row);
  for (const { day, ...row } of clicks) of(day).clicks.push(row);
  return days;
}

/**
 * The figures of every day of the range: a closed day's from the cache, the others computed (one span
 * from the first to the last day missing); the closed days computed are kept for the next time.
 */
async function figuresOfDays(db: Db, scope: Scope, today: string): Promise<Map<string, DayFigures>> {
  const { rows } = await db.execute<{ day: string; figures: DayFigures }>(sql`
    SELECT day::text AS day, figures FROM analytics_day_cache WHERE creator_id = ${scope.creatorId} AND day >= ${scope.from}::date AND day <= ${scope.to}::date`);
  const days = new Map(rows.map((row) => [row.day, row.figures]));
  const missing = daysBetween(scope.from, scope.to).filter((day) => !days.has(day));
  if (missing.length === 0) return days;
  const computed = await computeDays(db, { creatorId: scope.creatorId, from: missing[0]!, to: missing.at(-1)! });
  // A day is closed once yesterday is over: what is written later for it (a backfill) forgets it again.
  const lastClosed = daysBetween(missing[0]!, today).at(-3);
  const keep = lastClosed ? missing.filter((day) => day <= lastClosed) : [];
  for (const day of missing) days.set(day, computed.get(day) ?? noFigures());
  if (keep.length > 0) {
    await db.execute(sql`
      INSERT INTO analytics_day_cache (creator_id, day, figures)
      SELECT ${scope.creatorId}, d.day::date, d.figures FROM jsonb_each(${JSON.stringify(Object.fromEntries(keep.map((day) => [day, days.get(day)])))}::jsonb) AS d(day, figures)
      ON CONFLICT DO NOTHING`);
  }
  return days;
}

/** The last closed day: the day before yesterday (what is written later for it is a backfill). */
const lastClosedDay = (today: string) => new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The range's figures summed: its closed days' sum kept once made (analytics_span_cache, one row per
 * creator and span; the creator's spans ending before it are dropped, the windows of earlier days),
 * yesterday and today computed on every request.
 */
async function summaryOf(db: Db, scope: Scope, today: string): Promise<Summary> {
  const closedTo = [scope.to, lastClosedDay(today)].sort()[0]!;
  const parts: Summary[] = [];
  if (scope.from <= closedTo) {
    const { rows } = await db.execute<{ summary: Summary }>(sql`
      SELECT summary FROM analytics_span_cache WHERE creator_id = ${scope.creatorId} AND from_day = ${scope.from}::date AND to_day = ${closedTo}::date`);
    if (rows[0]) parts.push(rows[0].summary);
    else {
      const closed = summarize(await figuresOfDays(db, { ...scope, to: closedTo }, today));
      parts.push(closed);
      await db.execute(sql`
        WITH dropped AS (DELETE FROM analytics_span_cache WHERE creator_id = ${scope.creatorId} AND to_day < ${closedTo}::date)
        INSERT INTO analytics_span_cache (creator_id, from_day, to_day, summary)
        VALUES (${scope.creatorId}, ${scope.from}::date, ${closedTo}::date, ${JSON.stringify(closed)}::jsonb)
        ON CONFLICT DO NOTHING`);
    }
  }
  const openFrom = scope.from > closedTo ? scope.from : nextDay(closedTo);
  if (openFrom <= scope.to) parts.push(summarize(await figuresOfDays(db, { ...scope, from: openFrom }, today)));
  return mergeSummaries(parts);
}

export async function analyticsOf(ctx: AppContext, creatorId: string, query: AnalyticsQuery): Promise<Analytics> {
  const { db } = ctx.database;
  const range: AnalyticsRange = query.range ?? '30d';
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const days = rangeDays(range, today, { from: query.from, to: query.to });
  if (!days) throw new BadRequestError(ANALYTICS_MESSAGES.rangeInvalid, 'analytics_range_invalid');
  const products = await creatorProducts(db, creatorId);
  const productId = query.productId ?? null;
  // Another creator's product is as unknown as none.
  if (productId && !products.some((product) => product.id === productId)) throw new NotFoundError(ANALYTICS_MESSAGES.productNotFound, 'analytics_product_not_found');
  const scope: Scope = { creatorId, ...days };

  const [currency, summary, members] = await Promise.all([storeCurrency(db, creatorId), summaryOf(db, scope, today), memberships(db, { ...scope, productId })]);
  const picked = (row: { productId: string | null }) => !productId || row.productId === productId;
  const { figures } = summary;
  const money = figures.money.filter(picked);
  const sold = figures.sales.filter(picked);
  const views = { rows: figures.views.filter(picked), referrers: sumTop(figures.referrers.filter(picked), (row) => row.domain), countries: sumTop(figures.countries.filter(picked), (row) => row.country) };
  const clicks = figures.clicks;

  const totals = { revenueCents: 0, earningsCents: 0, feesCents: 0, commissionsCents: 0, refunds: 0, refundedCents: 0, sales: 0, views: 0, linkClicks: 0 };
  const revenueOn = new Map<string, number>();
  const salesOn = new Map<string, number>();
  const viewsOn = new Map<string, number>();
  const clicksOn = new Map<string, number>();
  const product = { revenue: new Map<string, number>(), sales: new Map<string, number>(), views: new Map<string, number>() };
  const link = { revenue: new Map<number, number>(), sales: new Map<number, number>(), views: new Map<number, number>(), clicks: new Map<number, number>() };

  for (const row of money) {
    totals.revenueCents += row.revenueCents;
    totals.earningsCents += row.earningsCents;
    totals.feesCents += row.feesCents;
    totals.commissionsCents += row.commissionsCents;
    if (row.kind === 'refund') {
      totals.refunds += row.moves;
      totals.refundedCents -= row.revenueCents;
    }
    if (row.productId) add(product.revenue, row.productId, row.revenueCents);
    const linkId = linkIdOfSource(row.source);
    if (linkId !== undefined) add(link.revenue, linkId, row.revenueCents);
  }
  for (const row of sold) {
    totals.sales += row.sales;
    if (row.productId) add(product.sales, row.productId, row.sales);
    const linkId = linkIdOfSource(row.source);
    if (linkId !== undefined) add(link.sales, linkId, row.sales);
  }
  for (const row of views.rows) {
    totals.views += row.views;
    add(product.views, row.productId, row.views);
    const linkId = linkIdOfSource(row.source);
    if (linkId !== undefined) add(link.views, linkId, row.views);
  }
  for (const row of clicks) {
    totals.linkClicks += row.clicks;
    add(link.clicks, row.linkId, row.clicks);
  }
  for (const row of summary.series.filter(picked)) {
    add(revenueOn, row.day, row.revenueCents);
    add(salesOn, row.day, row.sales);
    add(viewsOn, row.day, row.views);
  }
  for (const row of summary.clicksByDay) add(clicksOn, row.day, row.clicks);

  const topProducts = products
    .map(({ id, name }) => {
      const [productViews, productSales] = [product.views.get(id) ?? 0, product.sales.get(id) ?? 0];
      return { id, name, views: productViews, sales: productSales, revenueCents: product.revenue.get(id) ?? 0, conversionPercent: conversionPercent(productViews, productSales) };
    })
    .filter((row) => (productId ? row.id === productId : row.views !== 0 || row.sales !== 0 || row.revenueCents !== 0))
    .sort(byDescending((row) => [row.revenueCents, row.sales, row.views]))
    .slice(0, TOP_LISTED);

  // The links that brought views, sales or money, and the most clicked: named once.
  const sourceIds = [...new Set([...link.revenue.keys(), ...link.sales.keys(), ...link.views.keys()])];
  const mostClicked = [...link.clicks].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TOP_LISTED);
  const named = new Map((await linksNamed(db, creatorId, [...new Set([...sourceIds, ...mostClicked.map(([id]) => id)])])).map((row) => [row.id, row]));
  const origin = ctx.config.PUBLIC_URL;
  const linkRows = sourceIds.flatMap((id) => {
    const row = named.get(id);
    if (!row) return [];
    return [{ id, code: row.code, shortUrl: shortUrl(origin, row.code, row.domain), utmSource: row.utm_source, clicks: link.clicks.get(id) ?? 0, views: link.views.get(id) ?? 0, sales: link.sales.get(id) ?? 0, revenueCents: link.revenue.get(id) ?? 0 }];
  });
  const utm = new Map<string, { views: number; sales: number; revenueCents: number }>();
  for (const row of linkRows) {
    if (!row.utmSource) continue;
    const sum = utm.get(row.utmSource) ?? { views: 0, sales: 0, revenueCents: 0 };
    utm.set(row.utmSource, { views: sum.views + row.views, sales: sum.sales + row.sales, revenueCents: sum.revenueCents + row.revenueCents });
  }

  const storeMembers = members.filter((row) => row.currency === currency);
  return {
    range: { range, ...days },
    currency,
    productId,
    products,
    totals: { ...totals, conversionPercent: conversionPercent(totals.views, totals.sales) },
    byDay: daysBetween(days.from, days.to).map((date) => ({
      date,
      revenueCents: revenueOn.get(date) ?? 0,
      sales: salesOn.get(date) ?? 0,
      views: viewsOn.get(date) ?? 0,
      linkClicks: clicksOn.get(date) ?? 0,
    })),
    topProducts,
    sources: {
      links: linkRows
        .map(({ utmSource: _utm, ...row }) => row)
        .sort(byDescending((row) => [row.revenueCents, row.sales, row.views, row.clicks]))
        .slice(0, TOP_LISTED),
      utmSources: [...utm]
        .map(([source, sums]) => ({ source, ...sums }))
        .sort(byDescending((row) => [row.revenueCents, row.sales, row.views]))
        .slice(0, TOP_LISTED),
      referrers: views.referrers.map(([domain, count]) => ({ domain, views: count })),
      countries: views.countries.map(([country, count]) => ({ country, views: count })),
    },
    memberships: {
      active: members.filter((row) => row.status === 'active').length,
      trialing: members.filter((row) => row.status === 'trialing').length,
      churned: members.filter((row) => row.ended_in_range).length,
      mrrCents: mrrCents(storeMembers.map((row) => ({ status: row.status, interval: row.interval, priceCents: row.price_cents }))),
    },
    linkClicks: {
      total: totals.linkClicks,
      byLink: mostClicked.flatMap(([id, linkClicksOf]) => {
        const row = named.get(id);
        return row ? [{ id, code: row.code, shortUrl: shortUrl(origin, row.code, row.domain), clicks: linkClicksOf }] : [];
      }),
    },
  };
}
