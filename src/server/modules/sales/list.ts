// The creator's Sales page (issue #46): their sales filtered (src/shared/sales-filters.ts) and paged by
// keyset, newest first; a sale's detail; what the filters offer. The CSV export reads the same filters.
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shortUrl, type LinkUtm } from '#shared/links.ts';
import { formatOrderNumber } from '#shared/orders.ts';
import { canRefundSale, SALES_MESSAGES } from '#shared/sales.ts';
import type { CreatorSale, SaleDetail, SaleSource, SalesFilterOptions } from '#shared/sales-api.ts';
import { decodeSalesCursor, encodeSalesCursor, linkIdOfSource, orderNumberQuery, parseSaleSource, saleListStatus, type SalesCursor, type SalesFilters, type SalesListQuery } from '#shared/sales-filters.ts';
import { keptCommissionCents, saleFeeCents, saleNetCents } from '#shared/sales-money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { affiliates } from '../../db/schema/affiliates.ts';
import { users } from '../../db/schema/auth.ts';
import { domains } from '../../db/schema/domains.ts';
import { shortLinks } from '../../db/schema/links.ts';
import { storeOrderCounters, storeOrderNumbers } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { containsPattern } from '../../db/like.ts';
import { sales } from '../../db/schema/sales.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { orderNumbersOfSales } from './order-numbers.ts';
import { getSale, refundsOfSale, type Sale } from './queries.ts';

/** A UTC day's first instant, as SQL. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/**
 * The conditions of the filters on the creator's sales. Every one narrows the scan of an index that
 * starts with creator_id (migration 0062), read newest first until the page is full.
 */
export async function salesFilterWhere(db: Executor, creatorId: string, filters: SalesFilters): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [eq(sales.creatorId, creatorId)];
  if (filters.q) {
    // An order number is looked up first, so the search stays one OR of indexed conditions (trigram
    // indexes on the e-mail and the product name, migration 0062; the order id's own index).
    const order = orderNumberQuery(filters.q);
    const numbered = order
      ? await db
          .select({ orderId: storeOrderNumbers.orderId })
          .from(storeOrderNumbers)
          .innerJoin(storeOrderCounters, eq(storeOrderCounters.storeId, storeOrderNumbers.storeId))
          .where(and(eq(storeOrderNumbers.storeId, creatorId), eq(storeOrderCounters.prefix, order.prefix), eq(storeOrderNumbers.number, order.number)))
      : [];
    conditions.push(
      or(
        ilike(sales.buyerEmail, containsPattern(filters.q)),
        ilike(sales.productName, containsPattern(filters.q)),
        numbered.length ? inArray(sales.orderId, numbered.map((row) => row.orderId)) : undefined,
      ),
    );
  }
  if (filters.productId) conditions.push(eq(sales.productId, filters.productId));
  if (filters.from) conditions.push(sql`${sales.createdAt} >= ${dayStart(filters.from)}`);
  if (filters.to) conditions.push(sql`${sales.createdAt} < ${dayAfter(filters.to)}`);
  if (filters.status === 'refunded') conditions.push(eq(sales.status, 'refunded'));
  if (filters.status === 'completed') conditions.push(and(eq(sales.status, 'completed'), eq(sales.refundedCents, 0)));
  if (filters.status === 'partially_refunded') conditions.push(and(eq(sales.status, 'completed'), sql`${sales.refundedCents} > 0`));
  const source = filters.source ? parseSaleSource(filters.source) : undefined;
  if (source?.kind === 'direct') conditions.push(and(isNull(sales.source), isNull(sales.affiliateId)));
  if (source?.kind === 'page') conditions.push(sql`${sales.source} LIKE 'page:%'`);
  if (source?.kind === 'link') conditions.push(eq(sales.source, `link:${source.linkId}`));
  if (source?.kind === 'affiliate') conditions.push(eq(sales.affiliateId, source.affiliateId));
  if (source?.kind === 'referrer') conditions.push(eq(sales.referrerDomain, source.domain));
  if (source?.kind === 'utm') {
    // The UTM parameters live on the links: the creator's, and their affiliates' (whose sales are theirs too).
    const links = await db
      .select({ id: shortLinks.id })
      .from(shortLinks)
      .where(
        and(
          sql`${shortLinks.utm}->>'source' = ${source.utmSource}`,
          or(
            eq(shortLinks.userId, creatorId),
            sql`${shortLinks.id} IN (SELECT a.link_id FROM ${affiliates} a JOIN ${products} p ON p.id = a.product_id WHERE p.user_id = ${creatorId})`,
          ),
        ),
      );
    conditions.push(links.length ? inArray(sales.source, links.map((link) => `link:${link.id}`)) : sql`false`);
  }
  return and(...conditions)!;
}

/** A sale's short link and affiliate as read with it (joined, or looked up by sourcesOf). */
interface SourceRows {
  link: { id: number; code: string; domain: string | null; utm: LinkUtm | null } | undefined;
  affiliate: { id: string; name: string; email: string } | undefined;
}

/** Where a sale came from, in the list's words: its kind, its link with the link's UTM parameters, its affiliate. */
function describeSource(sale: Pick<Sale, 'source' | 'referrerDomain'>, rows: SourceRows, publicUrl: string): SaleSource {
  const { link, affiliate } = rows;
  return {
    kind: sale.source?.startsWith('page:') ? 'page' : sale.source?.startsWith('link:') ? 'link' : 'direct',
    link: link
      ? {
          id: link.id,
          code: link.code,
          shortUrl: shortUrl(publicUrl, link.code, link.domain),
          utmSource: link.utm?.source || null,
          utmMedium: link.utm?.medium || null,
          utmCampaign: link.utm?.campaign || null,
        }
      : null,
    affiliate: affiliate ? { id: affiliate.id, name: affiliate.name || null, email: affiliate.email } : null,
    referrerDomain: sale.referrerDomain,
  };
}

/** The short links and affiliates of these sales, looked up (for sales not read by filteredSalesPage). */
async function sourcesOf(db: Executor, sold: readonly Sale[]): Promise<Map<string, SourceRows>> {
  const linkIds = [...new Set(sold.flatMap((sale) => linkIdOfSource(sale.source) ?? []))];
  const affiliateIds = [...new Set(sold.flatMap((sale) => sale.affiliateId ?? []))];
  const [links, credited] = await Promise.all([
    linkIds.length
      ? db
          .select({ id: shortLinks.id, code: shortLinks.shortCode, domain: domains.hostname, utm: shortLinks.utm })
          .from(shortLinks)
          .leftJoin(domains, eq(domains.id, shortLinks.domainId))
          .where(inArray(shortLinks.id, linkIds))
      : [],
    affiliateIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, affiliateIds)) : [],
  ]);
  const linkOf = new Map(links.map((link) => [link.id, link]));
  const affiliateOf = new Map(credited.map((user) => [user.id, user]));
  return new Map(
    sold.map((sale) => {
      const linkId = linkIdOfSource(sale.source);
      return [sale.id, { link: linkId === undefined ? undefined : linkOf.get(linkId), affiliate: sale.affiliateId ? affiliateOf.get(sale.affiliateId) : undefined }];
    }),
  );
}

/** A sale as its creator sees it: figures (src/shared/sales-money.ts), order number and source. */
function creatorSale(sale: Sale, orderNumber: string | null, source: SaleSource): CreatorSale {
  return {
    id: sale.id,
    productId: sale.productId,
    productName: sale.productName,
    versionName: sale.versionName,
    buyerEmail: sale.buyerEmail,
    amountCents: sale.amountCents,
    currency: sale.currency,
    discountCode: sale.discountCode,
    discountCents: sale.discountCents,
    taxCents: sale.taxCents,
    feeCents: saleFeeCents(sale),
    commissionCents: keptCommissionCents(sale),
    refundedCents: sale.refundedCents,
    status: sale.status,
    downloadCount: sale.downloadCount,
    createdAt: sale.createdAt.toISOString(),
    refundedAt: sale.refundedAt?.toISOString() ?? null,
    orderNumber,
    netCents: saleNetCents(sale),
    listStatus: saleListStatus(sale),
    source,
  };
}

/** The sales as their creator sees them, their order numbers and sources looked up (the overview, a refund, a detail). */
export async function creatorSalesOf(db: Executor, sold: Sale[], publicUrl: string): Promise<CreatorSale[]> {
  const [numbers, sources] = await Promise.all([orderNumbersOfSales(db, sold), sourcesOf(db, sold)]);
  return sold.map((sale) => creatorSale(sale, numbers.get(sale.id) ?? null, describeSource(sale, sources.get(sale.id) ?? { link: undefined, affiliate: undefined }, publicUrl)));
}

/** The joined link, if the sale's source named one that exists (its columns come from two tables, so drizzle leaves an object of nulls). */
function linkOfRow(link: { id: number | null; code: string | null; domain: string | null; utm: LinkUtm | null } | null): SourceRows['link'] {
  return link?.id != null && link.code != null ? { id: link.id, code: link.code, domain: link.domain, utm: link.utm } : undefined;
}

/** A page's row as a sale as its creator sees it (filteredSalesPage read its order number, link and affiliate with it). */
export const listedSale = (row: SalesPageRow, publicUrl: string): CreatorSale =>
  creatorSale(
    row.sale,
    row.orderPrefix !== null && row.orderNumber !== null ? formatOrderNumber(row.orderPrefix, row.orderNumber) : null,
    describeSource(row.sale, { link: linkOfRow(row.link), affiliate: row.affiliate?.id ? row.affiliate : undefined }, publicUrl),
  );

/** The link a `link:<id>` source names, as SQL (null for any other source). */
// As linkIdOfSource reads it (ten digits at most: bigint, so an id past int4 matches no link rather than failing).
const sourceLinkId = sql`CASE WHEN ${sales.source} ~ '^link:[0-9]{1,10}$' THEN substr(${sales.source}, 6)::bigint END`;
const orderNumbers = alias(storeOrderNumbers, 'listed_order_numbers');
const orderCounters = alias(storeOrderCounters, 'listed_order_counters');

/**
 * Sales matching `where` (salesFilterWhere: worked out once for all the pages of a list or an export) in
 * keyset order, after `cursor` (the exact stored created_at as text, and the id: a JS Date keeps
 * milliseconds only, and sales made at one instant are parted by id).
 */
export async function filteredSalesPage(db: Db, where: SQL, cursor: SalesCursor | undefined, limit: number, direction: 'newest' | 'oldest') {
  const after = cursor
    ? direction === 'newest'
      ? sql`(${sales.createdAt}, ${sales.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${sales.createdAt}, ${sales.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const order = direction === 'newest' ? [desc(sales.createdAt), desc(sales.id)] : [asc(sales.createdAt), asc(sales.id)];
  // One query: the order number, the link and the affiliate are joined (a primary key or unique lookup for each of the page's rows).
  return db
    .select({
      sale: sales,
      cursorAt: sql<string>`${sales.createdAt}::text`,
      orderNumber: orderNumbers.number,
      orderPrefix: orderCounters.prefix,
      link: { id: shortLinks.id, code: shortLinks.shortCode, domain: domains.hostname, utm: shortLinks.utm },
      affiliate: { id: users.id, name: users.name, email: users.email },
    })
    .from(sales)
    .leftJoin(orderNumbers, and(eq(orderNumbers.orderId, sales.orderId), eq(orderNumbers.storeId, sales.creatorId)))
    .leftJoin(orderCounters, eq(orderCounters.storeId, orderNumbers.storeId))
    .leftJoin(shortLinks, sql`${shortLinks.id} = ${sourceLinkId}`)
    .leftJoin(domains, eq(domains.id, shortLinks.domainId))
    .leftJoin(users, eq(users.id, sales.affiliateId))
    .where(and(where, after))
    .orderBy(...order)
    .limit(limit);
}
type SalesPageRow = Awaited<ReturnType<typeof filteredSalesPage>>[number];

/** GET /api/my/sales: a page of the creator's sales, newest first, and the cursor of the next one. */
export async function creatorSalesList(db: Db, creatorId: string, query: SalesListQuery, publicUrl: string) {
  const cursor = query.cursor ? decodeSalesCursor(query.cursor) : undefined;
  const rows = await filteredSalesPage(db, await salesFilterWhere(db, creatorId, query), cursor, query.limit + 1, 'newest');
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => listedSale(row, publicUrl)),
    nextCursor: rows.length > query.limit && last ? encodeSalesCursor({ createdAt: last.cursorAt, id: last.sale.id }) : null,
  };
}

/** GET /api/sales/:id: the sale with its refunds, for its creator or an admin; anyone else is told it does not exist. */
export async function saleDetailFor(db: Db, user: { id: string; role: string }, saleId: string, publicUrl: string): Promise<SaleDetail> {
  const sale = await getSale(db, saleId);
  if (!sale || !canRefundSale(user, sale)) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
  const [[described], refunds] = await Promise.all([creatorSalesOf(db, [sale], publicUrl), refundsOfSale(db, sale.id)]);
  return {
    sale: { ...described!, orderId: sale.orderId },
    refunds: refunds.map((refund) => ({ id: refund.id, amountCents: refund.amountCents, taxCents: refund.taxCents, createdAt: refund.createdAt.toISOString() })),
  };
}

/** Links offered in the source filter: the creator's most recent. */
const LINKS_OFFERED = 200;
/** Referring sites offered in the source filter: those of the most sales. */
const SALES_REFERRERS_OFFERED = 50;

/** GET /api/my/sales/filters: the creator's products, short links, their UTM sources, the affiliates of their products and the sites their buyers came from. */
export async function salesFilterOptions(db: Db, creatorId: string, publicUrl: string): Promise<SalesFilterOptions> {
  const [owned, links, utm, credited, referrers] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).where(eq(products.userId, creatorId)).orderBy(asc(products.name), asc(products.id)),
    db
      .select({ id: shortLinks.id, code: shortLinks.shortCode, domain: domains.hostname })
      .from(shortLinks)
      .leftJoin(domains, eq(domains.id, shortLinks.domainId))
      .where(eq(shortLinks.userId, creatorId))
      .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
      .limit(LINKS_OFFERED),
    db
      .selectDistinct({ source: sql<string>`${shortLinks.utm}->>'source'` })
      .from(shortLinks)
      .where(and(eq(shortLinks.userId, creatorId), sql`coalesce(${shortLinks.utm}->>'source', '') <> ''`))
      .orderBy(sql`1`),
    db
      .selectDistinct({ id: users.id, name: users.name, email: users.email })
      .from(affiliates)
      .innerJoin(products, eq(products.id, affiliates.productId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(products.userId, creatorId))
      .orderBy(asc(users.email)),
    // Read from sales_creator_referrer_idx (migration 0066).
    db
      .select({ domain: sql<string>`${sales.referrerDomain}` })
      .from(sales)
      .where(and(eq(sales.creatorId, creatorId), sql`${sales.referrerDomain} IS NOT NULL`))
      .groupBy(sales.referrerDomain)
      .orderBy(sql`count(*) DESC`, asc(sales.referrerDomain))
      .limit(SALES_REFERRERS_OFFERED),
  ]);
  return {
    products: owned,
    links: links.map((link) => ({ id: link.id, code: link.code, shortUrl: shortUrl(publicUrl, link.code, link.domain) })),
    utmSources: utm.map((row) => row.source),
    affiliates: credited.map((user) => ({ id: user.id, name: user.name || null, email: user.email })),
    referrers: referrers.map((row) => row.domain),
  };
}
