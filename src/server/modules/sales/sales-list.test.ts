// The creator's Sales page (issue #46): GET /api/my/sales with its filters and keyset pages, a sale's
// detail (GET /api/sales/:id), the filter options and the CSV export with the same filters. Every figure
// is checked against the sale rows and the ledger.
import { describe, expect, it } from 'vitest';
import type { CreatorSale, MySales, SaleDetail, SalesFilterOptions } from '#shared/sales-api.ts';
import { saleFeeCents, keptCommissionCents, saleNetCents } from '#shared/sales-money.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

const app = listeningTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const list = async (cookie: string, query: Record<string, string | number> = {}) => {
  const response = await get(`/api/my/sales?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MySales;
};
/** Every sale the filters match, following nextCursor. */
async function all(cookie: string, query: Record<string, string | number> = {}) {
  const items: CreatorSale[] = [];
  let cursor: string | null = null;
  do {
    const page: MySales = await list(cookie, { ...query, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const exported = async (cookie: string, query: Record<string, string> = {}) => {
  const response = await fetch(`${app.base}/api/sales/export.csv?${new URLSearchParams(query)}`, { headers: { origin: TEST_ORIGIN, cookie } });
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text()).replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, n) => [columns[n]!, cell])));
};

async function makeLink(cookie: string, url: string, utm?: object) {
  const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie, payload: { url, ...(utm ? { utm } : {}) } });
  expect(made.statusCode, made.body).toBe(201);
  const code = made.json().code as string;
  const { rows } = await app.test.database.pool.query<{ id: number }>('SELECT id FROM short_links WHERE short_code = $1', [code]);
  return { code, id: rows[0]!.id };
}

/** Follows a short link as a browser; answers the remembered click as a Cookie header. */
async function click(code: string) {
  const response = await fetch(`${app.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  expect(response.status).toBe(302);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A paid checkout; answers its sale ids by product. */
async function buy(email: string, productIds: string[], options: { cookie?: string; discountCode?: string } = {}) {
  const started = await request(app.test.app, {
    method: 'POST',
    url: '/api/checkout',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { email, productIds, ...(options.discountCode ? { discountCode: options.discountCode } : {}) },
  });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } })).statusCode).toBe(200);
  const { rows } = await app.test.database.pool.query<{ id: string; product_id: string }>('SELECT id, product_id FROM sales WHERE order_id = $1', [orderId]);
  return new Map(rows.map((row) => [row.product_id, row.id]));
}

/** The sale rows as the database has them. */
async function rowsOf(ids: string[]) {
  const { rows } = await app.test.database.pool.query<{
    id: string;
    amount_cents: number;
    refunded_cents: number;
    fee_cents: number;
    commission_cents: number;
    discount_cents: number;
    tax_cents: number;
    status: string;
  }>('SELECT * FROM sales WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** What the ledger credited the creator for each sale, its refunds taken off. */
async function ledgerNetOf(creatorId: string, ids: string[]) {
  const { rows } = await app.test.database.pool.query<{ sale_id: string; net: string }>(
    `SELECT t.sale_id, -sum(e.amount_cents) AS net FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account = 'balance' AND e.owner_id = $1 AND t.sale_id = ANY($2::uuid[]) GROUP BY t.sale_id`,
    [creatorId, ids],
  );
  return new Map(rows.map((row) => [row.sale_id, Number(row.net)]));
}

/**
 * A creator (free plan) with two products: Atlas ($20, open to affiliates at 30 %) and Brush Pack ($10);
 * four sales — one direct and wholly refunded, one through the creator's UTM-tagged short link and
 * partly refunded, one through an affiliate's link, one with a 20 % discount code — and another creator's sale.
 */
async function stage() {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Sally Seller' });
  const affiliate = await createSignedInUser(app.test, { role: 'creator', name: 'Abe Affiliate' });
  const other = await createSignedInUser(app.test, { role: 'creator' });
  const atlas = await createProduct(app.test, creator.id, { priceCents: 2000, name: 'Atlas of Light' });
  const brush = await createProduct(app.test, creator.id, { priceCents: 1000, name: 'Brush Pack' });
  const theirs = await createProduct(app.test, other.id, { priceCents: 900, name: 'Brush Pack Deluxe' });
  expect((await request(app.test.app, { method: 'PUT', url: `/api/affiliates/products/${atlas.id}`, cookie: creator.cookie, payload: { commissionPercent: 30 } })).statusCode).toBe(200);
  const joined = await request(app.test.app, { method: 'POST', url: `/api/affiliates/products/${atlas.id}/join`, cookie: affiliate.cookie });
  expect(joined.statusCode, joined.body).toBe(200);
  const affiliateCode = (joined.json() as { link: { code: string } }).link.code;
  const link = await makeLink(creator.cookie, `${TEST_ORIGIN}/store/product/${atlas.id}`, { source: 'newsletter', medium: 'email', campaign: 'launch' });
  const discount = await request(app.test.app, { method: 'POST', url: '/api/discounts', cookie: creator.cookie, payload: { code: `SALE${Date.now() % 100000}`, kind: 'percent', amount: 20 } });
  expect(discount.statusCode, discount.body).toBe(201);
  const discountCode = (discount.json() as { code: string }).code;

  const buyers = { direct: uniqueEmail('direct'), linked: uniqueEmail('linked'), referred: uniqueEmail('referred'), discounted: uniqueEmail('discounted') };
  const direct = (await buy(buyers.direct, [brush.id])).get(brush.id)!;
  const linked = (await buy(buyers.linked, [atlas.id], { cookie: await click(link.code) })).get(atlas.id)!;
  const referred = (await buy(buyers.referred, [atlas.id], { cookie: await click(affiliateCode) })).get(atlas.id)!;
  const discounted = (await buy(buyers.discounted, [brush.id], { discountCode })).get(brush.id)!;
  const foreign = (await buy(uniqueEmail('foreign'), [theirs.id])).get(theirs.id)!;
  const refund = (id: string, payload: object) => request(app.test.app, { method: 'POST', url: `/api/sales/${id}/refund`, cookie: creator.cookie, payload });
  expect((await refund(direct, {})).statusCode).toBe(200);
  expect((await refund(linked, { amountCents: 500 })).statusCode).toBe(200);
  return { creator, affiliate, other, atlas, brush, link, discountCode, buyers, ids: { direct, linked, referred, discounted, foreign } };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('the Sales page list', () => {
  it('lists every sale with figures equal to the sale rows and the ledger, and each filter narrows it', async () => {
    const s = await stage();
    const { direct, linked, referred, discounted } = s.ids;
    const everything = await all(s.creator.cookie);
    // Newest first.
    expect(ids(everything)).toEqual([discounted, referred, linked, direct]);

    const rows = await rowsOf(ids(everything));
    const ledger = await ledgerNetOf(s.creator.id, ids(everything));
    for (const item of everything) {
      const row = rows.get(item.id)!;
      const money = { amountCents: row.amount_cents, refundedCents: row.refunded_cents, feeCents: row.fee_cents, commissionCents: row.commission_cents };
      expect(item).toMatchObject({
        amountCents: row.amount_cents,
        discountCents: row.discount_cents,
        taxCents: row.tax_cents,
        refundedCents: row.refunded_cents,
        feeCents: saleFeeCents(money),
        commissionCents: keptCommissionCents(money),
        netCents: saleNetCents(money),
      });
      // What the creator keeps is what the ledger credited their balance for the sale, refunds taken off.
      expect(item.netCents).toBe(ledger.get(item.id));
    }
    const byId = new Map(everything.map((item) => [item.id, item]));
    expect(byId.get(direct)).toMatchObject({ listStatus: 'refunded', netCents: 0, source: { kind: 'direct', link: null, affiliate: null } });
    expect(byId.get(linked)).toMatchObject({
      listStatus: 'partially_refunded',
      refundedCents: 500,
      source: { kind: 'link', link: { id: s.link.id, code: s.link.code, shortUrl: `${TEST_ORIGIN}/z/${s.link.code}`, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' }, affiliate: null },
    });
    expect(byId.get(referred)).toMatchObject({ listStatus: 'completed', source: { kind: 'link', affiliate: { id: s.affiliate.id, name: 'Abe Affiliate', email: s.affiliate.email } } });
    expect(byId.get(referred)!.commissionCents).toBeGreaterThan(0);
    expect(byId.get(discounted)).toMatchObject({ listStatus: 'completed', discountCode: s.discountCode, discountCents: 200, amountCents: 800, source: { kind: 'direct' } });
    expect(byId.get(discounted)!.orderNumber).toMatch(/^[A-Z0-9]+-\d{4}$/);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, string>, string[]][] = [
      [{ productId: s.atlas.id }, [referred, linked]],
      [{ productId: s.brush.id }, [discounted, direct]],
      [{ status: 'refunded' }, [direct]],
      [{ status: 'partially_refunded' }, [linked]],
      [{ status: 'completed' }, [discounted, referred]],
      [{ source: `link:${s.link.id}` }, [linked]],
      [{ source: 'utm:newsletter' }, [linked]],
      [{ source: 'utm:nowhere' }, []],
      [{ source: `affiliate:${s.affiliate.id}` }, [referred]],
      [{ source: 'direct' }, [discounted, direct]],
      [{ source: 'page' }, []],
      [{ q: s.buyers.linked.slice(0, 12).toUpperCase() }, [linked]],
      [{ q: 'brush' }, [discounted, direct]],
      [{ q: byId.get(referred)!.orderNumber!.toLowerCase() }, [referred]],
      [{ q: '100%_' }, []],
      [{ from: today, to: today }, [discounted, referred, linked, direct]],
      [{ from: tomorrow }, []],
      [{ to: '2020-01-01' }, []],
      [{ productId: s.brush.id, status: 'completed', source: 'direct' }, [discounted]],
    ];
    for (const [filters, expected] of cases) {
      expect(ids(await all(s.creator.cookie, filters)), JSON.stringify(filters)).toEqual(expected);
      // The export with the same filters has the same sales (oldest first) and the same figures.
      const lines = await exported(s.creator.cookie, filters);
      expect(lines.map((line) => line.order_number), JSON.stringify(filters)).toEqual(
        expected.map((id) => byId.get(id)!.orderNumber).reverse(),
      );
    }
    const [line] = await exported(s.creator.cookie, { source: `link:${s.link.id}` });
    expect(line).toMatchObject({ net: (byId.get(linked)!.netCents / 100).toFixed(2), source: 'link', link: `${TEST_ORIGIN}/z/${s.link.code}`, utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch', affiliate: '' });
    const [viaAffiliate] = await exported(s.creator.cookie, { source: `affiliate:${s.affiliate.id}` });
    expect(viaAffiliate).toMatchObject({ affiliate: s.affiliate.email, commission: (byId.get(referred)!.commissionCents / 100).toFixed(2) });

    // Bad filters are refused, never ignored.
    for (const query of ['status=lost', 'source=elsewhere', 'from=2026-02-30', 'from=2026-02-02&to=2026-02-01', 'productId=nope', 'cursor=abc', 'limit=0', 'limit=101']) {
      const refused = await get(`/api/my/sales?${query}`, s.creator.cookie);
      expect(refused.statusCode, query).toBe(400);
    }
    expect((await get('/api/sales/export.csv?status=lost', s.creator.cookie)).statusCode).toBe(400);

    // The filter options: the creator's products, links with their UTM sources, and their affiliates.
    const options = (await get('/api/my/sales/filters', s.creator.cookie)).json() as SalesFilterOptions;
    expect(options.products).toEqual([
      { id: s.atlas.id, name: 'Atlas of Light' },
      { id: s.brush.id, name: 'Brush Pack' },
    ]);
    expect(options.links).toEqual([{ id: s.link.id, code: s.link.code, shortUrl: `${TEST_ORIGIN}/z/${s.link.code}` }]);
    expect(options.utmSources).toEqual(['newsletter']);
    expect(options.affiliates).toEqual([{ id: s.affiliate.id, name: 'Abe Affiliate', email: s.affiliate.email }]);

    // A sale's detail with its refunds; the refund from there is the same route.
    const detail = await get(`/api/sales/${linked}`, s.creator.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json() as SaleDetail).toMatchObject({ sale: { ...byId.get(linked), orderId: expect.any(String) }, refunds: [{ amountCents: 500, taxCents: 0 }] });

    // Another creator, a buyer, a guest: none of it is theirs.
    expect(ids(await all(s.other.cookie))).toEqual([s.ids.foreign]);
    expect(ids(await all(s.other.cookie, { productId: s.atlas.id }))).toEqual([]);
    expect(ids(await all(s.other.cookie, { q: 'Atlas' }))).toEqual([]);
    expect(await exported(s.other.cookie, { productId: s.atlas.id })).toEqual([]);
    expect((await get(`/api/sales/${linked}`, s.other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/sales/${s.ids.foreign}`, s.creator.cookie)).statusCode).toBe(404);
    expect((await request(app.test.app, { method: 'POST', url: `/api/sales/${linked}/refund`, cookie: s.other.cookie, payload: {} })).statusCode).toBe(404);
    for (const url of ['/api/my/sales', '/api/my/sales/filters', `/api/sales/${linked}`, '/api/sales/export.csv']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await request(app.test.app, { method: 'HEAD', url })).statusCode, `HEAD ${url}`).toBe(401);
    }
    const head = await request(app.test.app, { method: 'HEAD', url: '/api/my/sales', cookie: s.creator.cookie });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await get(`/api/sales/${linked}`, admin.cookie)).statusCode).toBe(200);
  });
});
