// A sale's referrer (issue #46): the site the buyer came from to the product's page, copied at checkout
// from the buyer's own product view (the same keyed visitor hash), shown in the Sales list, its detail,
// its filter options, its `referrer:<domain>` filter and the CSV export alike.
import { describe, expect, it } from 'vitest';
import type { CreatorSale, MySales, SaleDetail, SalesFilterOptions } from '#shared/sales-api.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

const app = listeningTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const list = async (cookie: string, query: Record<string, string> = {}) => {
  const response = await get(`/api/my/sales?${new URLSearchParams(query)}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MySales).items;
};
const exported = async (cookie: string, query: Record<string, string> = {}) => {
  const response = await fetch(`${app.base}/api/sales/export.csv?${new URLSearchParams(query)}`, { headers: { origin: TEST_ORIGIN, cookie } });
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text()).replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, n) => [columns[n]!, cell])));
};
const cookieOf = (setCookie: string | string[] | undefined) => (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
const joined = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

let address = 10;
/** A product page's view as the page sends it (document.referrer), from its own network; answers the visitor cookie given. */
async function view(productId: string, options: { referrer?: string; cookie?: string } = {}) {
  const response = await request(app.test.app, {
    method: 'POST',
    url: `/api/products/${productId}/views`,
    remoteAddress: `198.51.100.${address++}`,
    headers: { 'user-agent': BROWSER, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: options.referrer ? { referrer: options.referrer } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { counted: boolean }).counted).toBe(true);
  return cookieOf(response.headers['set-cookie']) ?? options.cookie!;
}

/** A paid checkout with these cookies; answers its sale id of the product. */
async function buy(productId: string, cookie?: string) {
  const started = await request(app.test.app, { method: 'POST', url: '/api/checkout', headers: cookie ? { cookie } : {}, payload: { email: uniqueEmail('buyer'), productIds: [productId] } });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } })).statusCode).toBe(200);
  const { rows } = await app.test.database.pool.query<{ id: string; referrer_domain: string | null }>('SELECT id, referrer_domain FROM sales WHERE order_id = $1', [orderId]);
  return rows[0]!;
}

describe('a sale’s referrer', () => {
  it('is the buyer’s own view’s referring site, never another visitor’s nor the store’s own, and filters the list and the export', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Sally Seller' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const atlas = await createProduct(app.test, creator.id, { priceCents: 2000, name: 'Atlas of Light' });
    const theirs = await createProduct(app.test, other.id, { priceCents: 900, name: 'Their Atlas' });
    await app.test.database.pool.query(
      `INSERT INTO domains (user_id, hostname, purpose, token, state, check_until) VALUES ($1, 'shop.sally.test', 'storefront', 'token', 'verified', now())`,
      [creator.id],
    );

    // A visitor from a newsletter's site buys with the same browser: the sale keeps the site.
    const reader = await view(atlas.id, { referrer: 'https://News.Example.com/issue/12?ref=x' });
    const fromNews = await buy(atlas.id, reader);
    expect(fromNews.referrer_domain).toBe('news.example.com');

    // Another visitor came from t.co; buyers without a view of their own (no cookie, or a direct view) have no referrer.
    await view(atlas.id, { referrer: 'https://t.co/abc' });
    expect((await buy(atlas.id)).referrer_domain).toBeNull();
    const directVisitor = await view(atlas.id);
    const direct = await buy(atlas.id, directVisitor);
    expect(direct.referrer_domain).toBeNull();

    // The store's own host and the creator's own domain are not referrers.
    expect((await buy(atlas.id, await view(atlas.id, { referrer: `${TEST_ORIGIN}/store` }))).referrer_domain).toBeNull();
    expect((await buy(atlas.id, await view(atlas.id, { referrer: 'https://shop.sally.test/' }))).referrer_domain).toBeNull();

    // Through the creator's short link from a forum: the link stays the source, the forum is the referrer beside it.
    const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: `${TEST_ORIGIN}/store/product/${atlas.id}` } });
    expect(made.statusCode, made.body).toBe(201);
    const clicked = await fetch(`${app.base}/z/${made.json().code as string}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    const clickCookie = clicked.headers.get('set-cookie')!.split(';')[0]!;
    const forumVisitor = await view(atlas.id, { referrer: 'https://forum.example.org/t/1', cookie: clickCookie });
    const fromForum = await buy(atlas.id, joined(clickCookie, forumVisitor));
    expect(fromForum.referrer_domain).toBe('forum.example.org');

    // A signed-in buyer's view counts as theirs (their account), and the news reader's view of Atlas says nothing of another product.
    const member = await createSignedInUser(app.test, { role: 'user' });
    await view(atlas.id, { referrer: 'https://news.example.com/', cookie: member.cookie });
    expect((await buy(atlas.id, member.cookie)).referrer_domain).toBe('news.example.com');
    expect((await buy(theirs.id, reader)).referrer_domain).toBeNull();

    // The list, its detail, its filter and the export say the same.
    const all = await list(creator.cookie);
    const byId = new Map(all.map((sale) => [sale.id, sale]));
    expect(byId.get(fromNews.id)!.source).toMatchObject({ kind: 'direct', referrerDomain: 'news.example.com' });
    expect(byId.get(direct.id)!.source.referrerDomain).toBeNull();
    expect(byId.get(fromForum.id)!.source).toMatchObject({ kind: 'link', link: { code: made.json().code }, referrerDomain: 'forum.example.org' });
    const detail = (await get(`/api/sales/${fromForum.id}`, creator.cookie)).json() as SaleDetail;
    expect(detail.sale.source.referrerDomain).toBe('forum.example.org');

    const fromNewsIds = all.filter((sale: CreatorSale) => sale.source.referrerDomain === 'news.example.com').map((sale) => sale.id);
    expect(fromNewsIds).toHaveLength(2);
    expect((await list(creator.cookie, { source: 'referrer:news.example.com' })).map((sale) => sale.id)).toEqual(fromNewsIds);
    expect((await list(creator.cookie, { source: 'referrer:t.co' })).map((sale) => sale.id)).toEqual([]);
    const lines = await exported(creator.cookie, { source: 'referrer:news.example.com' });
    expect(lines.map((line) => line.referrer)).toEqual(['news.example.com', 'news.example.com']);
    expect(lines.map((line) => line.order_number)).toEqual(fromNewsIds.map((id) => byId.get(id)!.orderNumber).reverse());
    const [forumLine] = await exported(creator.cookie, { source: 'referrer:forum.example.org' });
    expect(forumLine).toMatchObject({ source: 'link', referrer: 'forum.example.org' });
    expect((await get('/api/my/sales?source=referrer:Not%20a%20host', creator.cookie)).statusCode).toBe(400);

    // The filter options list the sites the creator's sales came from, most sales first.
    const options = (await get('/api/my/sales/filters', creator.cookie)).json() as SalesFilterOptions;
    expect(options.referrers).toEqual(['news.example.com', 'forum.example.org']);

    // Another creator sees none of it; a guest is refused.
    expect(await list(other.cookie, { source: 'referrer:news.example.com' })).toEqual([]);
    expect(await exported(other.cookie, { source: 'referrer:news.example.com' })).toEqual([]);
    expect(((await get('/api/my/sales/filters', other.cookie)).json() as SalesFilterOptions).referrers).toEqual([]);
    for (const url of ['/api/my/sales?source=referrer:news.example.com', '/api/my/sales/filters', '/api/sales/export.csv?source=referrer:news.example.com']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
