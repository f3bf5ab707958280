// The creator's Analytics (issue #46, decision 036): every figure is the sum of the rows it stands for
// (sales, refunds, product views, link visits, subscriptions) and the ledger's; views count people, not
// networks; another creator's figures are out of reach.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Analytics } from '#shared/analytics-api.ts';
import { ANALYTICS_MESSAGES, VISITORS_PER_NETWORK_MAX } from '#shared/analytics.ts';
import type { CreatorOverview } from '#shared/sales-api.ts';
import { sales } from '../../db/schema/sales.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { countryLookup } from '../links/geo.ts';
import { createProduct } from '../profiles/test-fixtures.ts';
import { postSaleToLedger } from '../sales/queries.ts';

const app = listeningTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const analyticsOf = async (cookie: string | undefined, query = '') => request(app.test.app, { method: 'GET', url: `/api/my/analytics${query}`, cookie });
const figures = async (cookie: string, query = '') => {
  const response = await analyticsOf(cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Analytics;
};
const cookieOf = (setCookie: string | string[] | undefined) => (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];

/** A product page's view, as the page sends it; answers whether it counted and the visitor cookie it was given. */
async function view(productId: string, options: { ip: string; cookie?: string; userAgent?: string; referrer?: string }) {
  const response = await request(app.test.app, {
    method: 'POST',
    url: `/api/products/${productId}/views`,
    remoteAddress: options.ip,
    headers: { 'user-agent': options.userAgent ?? BROWSER, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: options.referrer ? { referrer: options.referrer } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return { counted: (response.json() as { counted: boolean }).counted, cookie: cookieOf(response.headers['set-cookie']) };
}

/** Follows a short link over real HTTP; answers the remembered click as a cookie. */
async function click(code: string) {
  const response = await fetch(`${app.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  expect(response.status).toBe(302);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function buy(cookie: string | undefined, email: string, productIds: string[], discountCode?: string) {
  const started = await request(app.test.app, { method: 'POST', url: '/api/checkout', headers: cookie ? { cookie } : {}, payload: { email, productIds, ...(discountCode ? { discountCode } : {}) } });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } })).statusCode).toBe(200);
  const { rows } = await app.test.database.pool.query<{ id: string; product_id: string }>('SELECT id, product_id FROM sales WHERE order_id = $1', [orderId]);
  return rows;
}

const refund = async (saleId: string, cookie: string, payload: object = {}) => {
  const response = await request(app.test.app, { method: 'POST', url: `/api/sales/${saleId}/refund`, cookie, payload });
  expect(response.statusCode, response.body).toBe(200);
};

/** A sale made `daysAgo` days ago, posted to the ledger at that time (as the demo's are). */
async function oldSale(creatorId: string, product: { id: string; name: string }, amountCents: number, daysAgo: number) {
  const orderId = `ord_${randomUUID().replaceAll('-', '')}`;
  await app.test.database.pool.query(
    `INSERT INTO orders (id, kind, buyer_email, items, total_cents, status, provider) VALUES ($1, 'products', 'old@example.com', '[]', $2, 'paid', 'test')`,
    [orderId, amountCents],
  );
  await app.test.database.db.transaction(async (tx) => {
    const [sale] = await tx
      .insert(sales)
      .values({ orderId, productId: product.id, productName: product.name, creatorId, buyerEmail: 'old@example.com', amountCents, feeCents: amountCents / 100, createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .returning();
    await postSaleToLedger(tx, sale!);
  });
}

/** A membership of the creator's product, written as the subscription engine leaves it. */
async function subscription(creatorId: string, product: { id: string; name: string }, values: { status: string; interval: 'month' | 'year'; priceCents: number; endedAt?: Date }) {
  const member = await createSignedInUser(app.test);
  const now = new Date();
  await app.test.database.pool.query(
    `INSERT INTO subscriptions (id, product_id, product_name, creator_id, subscriber_user_id, subscriber_email, interval, price_cents, status, provider, current_period_start, current_period_end, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'test', $10, $11, $12)`,
    [`sub_${randomBytes(12).toString('hex')}`, product.id, product.name, creatorId, member.id, member.email, values.interval, values.priceCents, values.status, now, new Date(now.getTime() + 30 * DAY_MS), values.endedAt ?? null],
  );
}

/** The creator's own sums, straight from the rows and the ledger, for the UTC days from..to. */
async function sums(creatorId: string, from: string, to: string, productId?: string) {
  const { pool } = app.test.database;
  const productFilter = productId ? `AND s.product_id = '${productId}'` : '';
  const range = (column: string) => `${column} >= $2::date AND ${column} < $3::date + 1`;
  const q = async (text: string) => Number((await pool.query<{ value: string }>(text, [creatorId, from, to])).rows[0]!.value);
  return {
    sales: await q(`SELECT count(*) AS value FROM sales s WHERE s.creator_id = $1 AND ${range('s.created_at')} ${productFilter}`),
    soldCents: await q(`SELECT coalesce(sum(amount_cents), 0) AS value FROM sales s WHERE s.creator_id = $1 AND ${range('s.created_at')} ${productFilter}`),
    refunds: await q(`SELECT count(*) AS value FROM sale_refunds r JOIN sales s ON s.id = r.sale_id WHERE s.creator_id = $1 AND ${range('r.created_at')} ${productFilter}`),
    refundedCents: await q(`SELECT coalesce(sum(r.amount_cents), 0) AS value FROM sale_refunds r JOIN sales s ON s.id = r.sale_id WHERE s.creator_id = $1 AND ${range('r.created_at')} ${productFilter}`),
    keptFeesCents: await q(`SELECT coalesce(sum(s.fee_cents), 0) AS value FROM sales s WHERE s.creator_id = $1 AND ${range('s.created_at')} ${productFilter}`),
    views: await q(`SELECT count(*) AS value FROM product_views v JOIN products p ON p.id = v.product_id WHERE p.user_id = $1 AND v.day BETWEEN $2::date AND $3::date ${productId ? `AND v.product_id = '${productId}'` : ''}`),
    clicks: await q(`SELECT coalesce(sum(v.clicks), 0) AS value FROM link_visits v JOIN short_links l ON l.id = v.link_id WHERE l.user_id = $1 AND v.day BETWEEN $2::date AND $3::date`),
    // The ledger's: the creator's share, the fees and the commissions of their movements in the range.
    ledgerEarnings: -(await q(`SELECT coalesce(sum(e.amount_cents), 0) AS value FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE t.creator_id = $1 AND e.account = 'balance' AND e.owner_id = $1 AND ${range('t.created_at')}`)),
    ledgerFees: -(await q(`SELECT coalesce(sum(e.amount_cents), 0) AS value FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE t.creator_id = $1 AND e.account = 'platform_fees' AND ${range('t.created_at')}`)),
    ledgerCommissions: -(await q(`SELECT coalesce(sum(e.amount_cents), 0) AS value FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE t.creator_id = $1 AND e.account = 'balance' AND e.owner_id <> $1 AND ${range('t.created_at')}`)),
  };
}

describe('the creator’s analytics', () => {
  it('sums sales, refunds, discounts, affiliates, links, views and memberships exactly as their rows and the ledger have them', async () => {
    await countryLookup().whenReady();
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Ana Lytics' });
    const affiliate = await createSignedInUser(app.test, { role: 'creator', name: 'Abe Affiliate' });
    const viewer = await createSignedInUser(app.test);
    const guide = await createProduct(app.test, creator.id, { name: 'Guide', priceCents: 2000 });
    const course = await createProduct(app.test, creator.id, { name: 'Course', priceCents: 1000 });
    const club = await createProduct(app.test, creator.id, { name: 'Club', priceCents: 700 });
    // Another creator's store, which must never show.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const theirs = await createProduct(app.test, other.id, { name: 'Theirs', priceCents: 900 });
    await buy(undefined, 'their-fan@example.com', [theirs.id]);
    await view(theirs.id, { ip: '203.0.113.9' });

    // A new creator sees zeros, not nothing: every day of the range, no sources.
    const empty = await figures(creator.cookie, '?range=7d');
    expect(empty.totals).toEqual({ revenueCents: 0, earningsCents: 0, feesCents: 0, commissionsCents: 0, refunds: 0, refundedCents: 0, sales: 0, views: 0, conversionPercent: null, linkClicks: 0 });
    expect(empty.byDay).toHaveLength(7);
    expect(empty.range).toEqual({ range: '7d', from: dayOf(Date.now() - 6 * DAY_MS), to: dayOf(Date.now()) });
    expect(empty.products.map((product) => product.name)).toEqual(['Club', 'Course', 'Guide']);

    // A short link with a UTM source to the guide: clicked, viewed and bought through.
    const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: `${TEST_ORIGIN}/store/product/${guide.id}`, utm: { source: 'newsletter' } } });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json().code as string;
    const remembered = await click(code);
    await click(code);
    await app.test.app.zerri.buffers.flushAll();
    const linkView = await view(guide.id, { ip: '198.51.100.20', cookie: remembered, referrer: 'https://news.example/issue-3' });
    expect(linkView.counted).toBe(true);
    const [linkSale] = await buy(remembered, 'reader@example.com', [guide.id]);

    // An affiliate's sale of the guide (30 % commission) and a discounted sale of the course (50 % off).
    expect((await request(app.test.app, { method: 'PUT', url: `/api/affiliates/products/${guide.id}`, cookie: creator.cookie, payload: { commissionPercent: 30 } })).statusCode).toBe(200);
    const joined = await request(app.test.app, { method: 'POST', url: `/api/affiliates/products/${guide.id}/join`, cookie: affiliate.cookie });
    const affiliateClick = await click(joined.json().link.code as string);
    await buy(affiliateClick, 'friend@example.com', [guide.id]);
    expect((await request(app.test.app, { method: 'POST', url: '/api/discounts', cookie: creator.cookie, payload: { code: 'HALF', kind: 'percent', amount: 50 } })).statusCode).toBe(201);
    const [discounted] = await buy(undefined, 'saver@example.com', [course.id], 'HALF');
    const [plain] = await buy(undefined, 'plain@example.com', [course.id]);
    // A partial refund of the link's sale, a whole one of the discounted sale.
    await refund(linkSale!.id, creator.cookie, { amountCents: 500 });
    await refund(discounted!.id, creator.cookie);
    expect(plain).toBeDefined();
    // An old sale: in 90 days, not in 30.
    await oldSale(creator.id, { id: course.id, name: 'Course' }, 1000, 40);

    // Views: two people on one network count two; the same person again, one; a signed-in viewer counts;
    // a bot and the owner do not; a visitor from abroad is placed.
    const first = await view(guide.id, { ip: '203.0.113.5' });
    // Loaded from another page of this site: no referring site.
    const second = await view(guide.id, { ip: '203.0.113.5', referrer: `${TEST_ORIGIN}/store` });
    expect([first.counted, second.counted]).toEqual([true, true]);
    expect(first.cookie).toMatch(/^zerri_vid=[A-Za-z0-9_-]{22}$/);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await view(guide.id, { ip: '203.0.113.5', cookie: first.cookie })).counted).toBe(false);
    expect((await view(guide.id, { ip: '203.0.113.5', cookie: viewer.cookie })).counted).toBe(true);
    expect((await view(guide.id, { ip: '203.0.113.77', cookie: viewer.cookie })).counted).toBe(false);
    expect(await view(guide.id, { ip: '203.0.113.5', userAgent: BOT })).toEqual({ counted: false, cookie: undefined });
    expect((await view(guide.id, { ip: '203.0.113.5', cookie: creator.cookie })).counted).toBe(false);
    expect((await view(course.id, { ip: '8.8.8.8' })).counted).toBe(true);
    // The raw visitor id is never stored: only keyed hashes.
    const stored = await app.test.database.pool.query<{ visitor: string; network: string }>('SELECT visitor, network FROM product_views WHERE product_id = $1', [guide.id]);
    expect(stored.rows).toHaveLength(4);
    expect(stored.rows.some((row) => first.cookie!.endsWith(row.visitor) || row.visitor === viewer.id || row.network.includes('203.0'))).toBe(false);
    expect(new Set(stored.rows.filter((row) => row.network === stored.rows[1]!.network).map((row) => row.visitor)).size).toBeGreaterThan(1);

    // Memberships: two paying (a yearly price counts a twelfth), one past due (owed: in MRR), a trial, one churned today, one long ago.
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'active', interval: 'month', priceCents: 1000 });
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'active', interval: 'year', priceCents: 12_000 });
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'past_due', interval: 'month', priceCents: 300 });
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'trialing', interval: 'month', priceCents: 500 });
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'canceled', interval: 'month', priceCents: 800, endedAt: new Date() });
    await subscription(creator.id, { id: club.id, name: 'Club' }, { status: 'ended', interval: 'month', priceCents: 800, endedAt: new Date(Date.now() - 40 * DAY_MS) });

    const today = dayOf(Date.now());
    const from30 = dayOf(Date.now() - 29 * DAY_MS);
    const month = await figures(creator.cookie, '?range=30d');
    const expected = await sums(creator.id, from30, today);
    expect(month.range).toEqual({ range: '30d', from: from30, to: today });
    expect(month.currency).toBe('USD');
    // Sales: the link's, the affiliate's, the discounted and the plain one (refunded or not); the old one is out of range.
    expect(month.totals.sales).toBe(4);
    expect(month.totals.sales).toBe(expected.sales);
    // Revenue: what was sold (2000 + 2000 + 500 + 1000) less refunds (500 + 500), as the sale rows and the ledger have it.
    expect(month.totals.revenueCents).toBe(expected.soldCents - expected.refundedCents);
    expect(month.totals.revenueCents).toBe(4500);
    expect(month.totals).toMatchObject({ refunds: expected.refunds, refundedCents: expected.refundedCents, views: expected.views, linkClicks: expected.clicks });
    expect(month.totals).toMatchObject({ refunds: 2, refundedCents: 1000, views: 5, linkClicks: 2 });
    expect(month.totals.earningsCents).toBe(expected.ledgerEarnings);
    expect(month.totals.feesCents).toBe(expected.ledgerFees);
    expect(month.totals.commissionsCents).toBe(expected.ledgerCommissions);
    expect(month.totals.commissionsCents).toBeGreaterThan(0);
    // The money adds up: what buyers paid is the creator's, the platform's and the affiliate's.
    expect(month.totals.earningsCents + month.totals.feesCents + month.totals.commissionsCents).toBe(month.totals.revenueCents);
    expect(month.totals.conversionPercent).toBe(80); // 4 sales of 5 views
    // The days add up to the totals; today holds them all.
    const sumOf = (key: 'revenueCents' | 'sales' | 'views' | 'linkClicks') => month.byDay.reduce((sum, day) => sum + day[key], 0);
    expect(month.byDay).toHaveLength(30);
    expect({ revenueCents: sumOf('revenueCents'), sales: sumOf('sales'), views: sumOf('views'), linkClicks: sumOf('linkClicks') }).toEqual({
      revenueCents: month.totals.revenueCents,
      sales: month.totals.sales,
      views: month.totals.views,
      linkClicks: month.totals.linkClicks,
    });
    expect(month.byDay.at(-1)).toEqual({ date: today, revenueCents: 4500, sales: 4, views: 5, linkClicks: 2 });

    // Products: the guide's two sales (one partly refunded) and its four views; the course's two and its view.
    expect(month.topProducts).toEqual([
      { id: guide.id, name: 'Guide', views: 4, sales: 2, revenueCents: 3500, conversionPercent: 50 },
      { id: course.id, name: 'Course', views: 1, sales: 2, revenueCents: 1000, conversionPercent: 200 },
    ]);
    // Sources: the link brought a view, a sale and what stays of it; the affiliate's link is theirs, not the creator's.
    const { rows: linkRows } = await app.test.database.pool.query<{ id: number }>('SELECT id FROM short_links WHERE short_code = $1', [code]);
    const link = { id: linkRows[0]!.id, code, shortUrl: `${TEST_ORIGIN}/z/${code}` };
    expect(month.sources.links).toEqual([{ ...link, clicks: 2, views: 1, sales: 1, revenueCents: 1500 }]);
    expect(month.sources.utmSources).toEqual([{ source: 'newsletter', views: 1, sales: 1, revenueCents: 1500 }]);
    expect(month.sources.referrers).toEqual([
      { domain: '', views: 4 },
      { domain: 'news.example', views: 1 },
    ]);
    expect(month.sources.countries).toEqual([
      { country: '--', views: 4 },
      { country: 'US', views: 1 },
    ]);
    expect(month.linkClicks).toEqual({ total: 2, byLink: [{ ...link, clicks: 2 }] });
    expect(month.memberships).toEqual({ active: 2, trialing: 1, churned: 1, mrrCents: 1000 + 1000 + 300 });

    // 90 days take the old sale, on its own day, as the ledger posted it; the earnings equal the overview's all-time total.
    const quarter = await figures(creator.cookie, '?range=90d');
    const expected90 = await sums(creator.id, dayOf(Date.now() - 89 * DAY_MS), today);
    expect(quarter.totals).toMatchObject({ sales: 5, revenueCents: 5500, earningsCents: expected90.ledgerEarnings, feesCents: expected90.ledgerFees });
    expect(quarter.byDay.find((day) => day.date === dayOf(Date.now() - 40 * DAY_MS))).toMatchObject({ revenueCents: 1000, sales: 1 });
    const overview = (await request(app.test.app, { method: 'GET', url: '/api/my/overview', cookie: creator.cookie })).json() as CreatorOverview;
    expect(quarter.totals.earningsCents).toBe(overview.totalEarningsCents);
    expect(quarter.memberships.churned).toBe(2);

    // A closed day's figures are kept; a sale written for that day later (a backfill) is counted all the same.
    const oldDay40 = dayOf(Date.now() - 40 * DAY_MS);
    const kept = await app.test.database.pool.query('SELECT day::text AS day FROM analytics_day_cache WHERE creator_id = $1 AND day = $2', [creator.id, oldDay40]);
    expect(kept.rows).toEqual([{ day: oldDay40 }]);
    // And the sum of the 90 days' closed ones (up to the day before yesterday), one row.
    const spanOf = async () =>
      (await app.test.database.pool.query('SELECT from_day::text AS "from", to_day::text AS "to" FROM analytics_span_cache WHERE creator_id = $1 AND from_day <= $2 AND to_day >= $2', [creator.id, oldDay40])).rows;
    expect(await spanOf()).toEqual([{ from: dayOf(Date.now() - 89 * DAY_MS), to: dayOf(Date.now() - 2 * DAY_MS) }]);
    await oldSale(creator.id, { id: course.id, name: 'Course' }, 700, 40);
    expect(await spanOf()).toEqual([]);
    const later = await figures(creator.cookie, '?range=90d');
    expect(later.totals).toMatchObject({ sales: 6, revenueCents: 6200 });
    expect(later.byDay.find((day) => day.date === oldDay40)).toMatchObject({ revenueCents: 1700, sales: 2 });
    expect((await figures(creator.cookie, '?range=90d')).totals).toEqual(later.totals);

    // A custom range of the old sale's day alone; one long before anything.
    const oldDay = dayOf(Date.now() - 40 * DAY_MS);
    const custom = await figures(creator.cookie, `?range=custom&from=${oldDay}&to=${oldDay}`);
    expect(custom.byDay).toEqual([{ date: oldDay, revenueCents: 1700, sales: 2, views: 0, linkClicks: 0 }]);
    expect(custom.topProducts).toEqual([{ id: course.id, name: 'Course', views: 0, sales: 2, revenueCents: 1700, conversionPercent: null }]);
    expect((await figures(creator.cookie, '?range=custom&from=2020-01-01&to=2020-01-31')).totals).toMatchObject({ sales: 0, revenueCents: 0, views: 0 });

    // One product: the course's figures only (the store's link clicks stay the store's).
    const courseOnly = await figures(creator.cookie, `?range=30d&productId=${course.id}`);
    const expectedCourse = await sums(creator.id, from30, today, course.id);
    expect(courseOnly.productId).toBe(course.id);
    expect(courseOnly.totals).toMatchObject({ sales: 2, revenueCents: 1000, refunds: 1, refundedCents: 500, views: 1, conversionPercent: 200 });
    expect(courseOnly.totals).toMatchObject({ sales: expectedCourse.sales, refunds: expectedCourse.refunds, refundedCents: expectedCourse.refundedCents, views: expectedCourse.views });
    expect(courseOnly.topProducts.map((product) => product.id)).toEqual([course.id]);
    expect(courseOnly.sources.links).toEqual([]);
    expect(courseOnly.memberships).toEqual({ active: 0, trialing: 0, churned: 0, mrrCents: 0 });
    expect((await figures(creator.cookie, `?productId=${club.id}`)).memberships).toEqual({ active: 2, trialing: 1, churned: 1, mrrCents: 2300 });

    // The other creator sees only their own store.
    const theirFigures = await figures(other.cookie, '?range=7d');
    expect(theirFigures.totals).toMatchObject({ sales: 1, revenueCents: 900, views: 1, linkClicks: 0 });
    expect(theirFigures.products).toEqual([{ id: theirs.id, name: 'Theirs' }]);
  });

  it('is the signed-in creator’s own: a guest is refused, another creator’s product is not found, a wrong range is refused', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const theirs = await createProduct(app.test, other.id);
    expect((await analyticsOf(undefined)).statusCode).toBe(401);
    expect((await analyticsOf(undefined, `?productId=${theirs.id}`)).statusCode).toBe(401);
    const refused = await analyticsOf(creator.cookie, `?productId=${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'analytics_product_not_found', message: ANALYTICS_MESSAGES.productNotFound });
    expect((await analyticsOf(creator.cookie, '?productId=not-a-uuid')).statusCode).toBe(400);
    for (const query of ['?range=custom', '?range=custom&from=2026-02-10&to=2026-02-01', '?range=custom&from=2026-02-30&to=2026-03-01', '?range=custom&from=2024-01-01&to=2026-01-01']) {
      const wrong = await analyticsOf(creator.cookie, query);
      expect(wrong.statusCode, query).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'analytics_range_invalid', message: ANALYTICS_MESSAGES.rangeInvalid });
    }
    expect((await analyticsOf(creator.cookie, '?range=365d')).statusCode).toBe(400);
  });

  it('forgets the kept days of a creator whose product or short link is deleted: its views and clicks go with it', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.test, creator.id, { name: 'Gone Soon' });
    const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: 'https://example.com/' } });
    const code = made.json().code as string;
    const tenDaysAgo = dayOf(Date.now() - 10 * DAY_MS);
    const { pool } = app.test.database;
    await pool.query(`INSERT INTO product_views (product_id, visitor, day) VALUES ($1, 'a', $2), ($1, 'b', $2)`, [product.id, tenDaysAgo]);
    await pool.query(`INSERT INTO link_visits (link_id, day, kind_id, clicks) SELECT id, $2, 1, 4 FROM short_links WHERE short_code = $1`, [code, tenDaysAgo]);
    expect((await figures(creator.cookie, '?range=30d')).totals).toMatchObject({ views: 2, linkClicks: 4 });
    expect((await pool.query('SELECT 1 FROM analytics_day_cache WHERE creator_id = $1 AND day = $2', [creator.id, tenDaysAgo])).rowCount).toBe(1);
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/links/${code}`, cookie: creator.cookie })).statusCode).toBe(204);
    expect((await figures(creator.cookie, '?range=30d')).totals).toMatchObject({ views: 2, linkClicks: 0 });
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: creator.cookie })).statusCode).toBe(204);
    expect((await figures(creator.cookie, '?range=30d')).totals).toMatchObject({ views: 0, linkClicks: 0 });
  });

  it('counts at most VISITORS_PER_NETWORK_MAX cookie-less visitors of one network per product and day, each other network on its own', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.test, creator.id);
    const answers = await Promise.all(Array.from({ length: VISITORS_PER_NETWORK_MAX + 5 }, () => view(product.id, { ip: '192.0.2.44' })));
    expect(answers.filter((answer) => answer.counted)).toHaveLength(VISITORS_PER_NETWORK_MAX);
    // An IPv6 /64 is one network, whatever address of it is used.
    const v6 = await Promise.all(Array.from({ length: VISITORS_PER_NETWORK_MAX + 2 }, (_, n) => view(product.id, { ip: `2001:db8:0:7::${n + 1}` })));
    expect(v6.filter((answer) => answer.counted)).toHaveLength(VISITORS_PER_NETWORK_MAX);
    expect((await view(product.id, { ip: '192.0.2.45' })).counted).toBe(true);
    expect((await figures(creator.cookie, '?range=7d')).totals.views).toBe(2 * VISITORS_PER_NETWORK_MAX + 1);
  });
});
