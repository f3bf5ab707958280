import { describe, expect, it } from 'vitest';
import type { LinkStats } from '#shared/links-api.ts';
import type { CreatorOverview } from '#shared/sales-api.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

const app = listeningTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function makeLink(cookie: string, url: string, utm?: object) {
  const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie, payload: { url, ...(utm ? { utm } : {}) } });
  expect(made.statusCode, made.body).toBe(201);
  const code = made.json().code as string;
  const { rows } = await app.test.database.pool.query<{ id: number }>('SELECT id FROM short_links WHERE short_code = $1', [code]);
  return { code, id: rows[0]!.id };
}

/** Follows the short link over real HTTP (the first visit through the router, later ones through the fast path). */
async function click(code: string) {
  const response = await fetch(`${app.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  expect(response.status).toBe(302);
  return { location: response.headers.get('location'), setCookie: response.headers.get('set-cookie') };
}

async function checkout(cookie: string | undefined, email: string, productIds: string[]) {
  const started = await request(app.test.app, { method: 'POST', url: '/api/checkout', headers: cookie ? { cookie } : {}, payload: { email, productIds } });
  expect(started.statusCode, started.body).toBe(201);
  return (started.json() as { orderId: string }).orderId;
}

const pay = (orderId: string) => request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } });
const funnelOf = async (cookie: string, code: string) => ((await request(app.test.app, { method: 'GET', url: `/api/links/${code}/stats`, cookie })).json() as LinkStats).funnel;
const overviewOf = async (cookie: string) => (await request(app.test.app, { method: 'GET', url: '/api/my/overview', cookie })).json() as CreatorOverview;

describe('a short link to a product here', () => {
  it('remembers the click, and shows what it led to: views, checkouts, sales and revenue, by link and UTM source, less refunds', async () => {
    const owner = await createSignedInUser(app.test, { role: 'creator', name: 'Ada Links' });
    const product = await createProduct(app.test, owner.id, { priceCents: 1200 });
    const other = await createProduct(app.test, owner.id, { priceCents: 800 });
    const link = await makeLink(owner.cookie, `${TEST_ORIGIN}/store/product/${product.id}`, { source: 'newsletter', medium: 'email' });

    // Through the router, then the fast path: the same cookie, for this creator and link.
    const first = await click(link.code);
    const again = await click(link.code);
    expect(first.location).toBe(`${TEST_ORIGIN}/store/product/${product.id}?utm_source=newsletter&utm_medium=email`);
    expect(first.setCookie).toBe(`zerri_src=${owner.id}~link:${link.id}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`);
    expect(again.setCookie).toBe(first.setCookie);
    const remembered = first.setCookie!.split(';')[0]!;

    // The product page's view counts for the link once per visitor and day; a view without the click does not.
    const view = (cookie?: string) =>
      request(app.test.app, { method: 'POST', url: `/api/products/${product.id}/views`, headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) }, remoteAddress: '198.51.100.7' });
    const firstView = await view(remembered);
    expect(firstView.json()).toMatchObject({ counted: true });
    const browser = firstView.headers['set-cookie']!.toString().split(';')[0];
    expect((await view(`${remembered}; ${browser}`)).json()).toMatchObject({ counted: false });
    await request(app.test.app, { method: 'POST', url: `/api/products/${other.id}/views`, headers: { 'user-agent': BROWSER }, remoteAddress: '198.51.100.8' });

    // Two checkouts through the link (one left unpaid) and one without it.
    const paid = await checkout(remembered, 'fan@example.com', [product.id, other.id]);
    expect((await pay(paid)).statusCode).toBe(200);
    await checkout(remembered, 'later@example.com', [product.id]);
    expect((await pay(await checkout(undefined, 'plain@example.com', [product.id]))).statusCode).toBe(200);

    expect(await funnelOf(owner.cookie, link.code)).toEqual({ productViews: 1, checkouts: 2, sales: 2, revenueCents: 2000, currency: 'USD' });
    const overview = await overviewOf(owner.cookie);
    expect(overview.sources.links).toEqual([{ id: link.id, code: link.code, domain: null, shortUrl: `${TEST_ORIGIN}/z/${link.code}`, sales: 2, revenueCents: 2000 }]);
    expect(overview.sources.utmSources).toEqual([{ source: 'newsletter', sales: 2, revenueCents: 2000 }]);

    // A refund takes its sale off the figures.
    const { rows } = await app.test.database.pool.query<{ id: string }>('SELECT id FROM sales WHERE order_id = $1 AND product_id = $2', [paid, other.id]);
    expect((await request(app.test.app, { method: 'POST', url: `/api/sales/${rows[0]!.id}/refund`, cookie: owner.cookie, payload: {} })).statusCode).toBe(200);
    expect(await funnelOf(owner.cookie, link.code)).toMatchObject({ checkouts: 2, sales: 1, revenueCents: 1200 });
    expect((await overviewOf(owner.cookie)).sources.utmSources).toEqual([{ source: 'newsletter', sales: 1, revenueCents: 1200 }]);
  });

  it('counts an invoice paid on its payment page after a click on a link to it', async () => {
    const owner = await createSignedInUser(app.test, { role: 'creator', name: 'Ida Invoice' });
    const made = await request(app.test.app, {
      method: 'POST',
      url: '/api/invoices',
      cookie: owner.cookie,
      payload: { clientName: 'Acme', clientEmail: 'ap@acme.test', description: 'Logo', items: [{ name: 'Logo design', quantity: 1, unitPrice: '300.00' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoiceId = made.json().invoice.id as string;
    const link = await makeLink(owner.cookie, `${TEST_ORIGIN}/pay/${invoiceId}`, { source: 'email' });
    const remembered = (await click(link.code)).setCookie!.split(';')[0]!;

    const started = await request(app.test.app, { method: 'POST', url: `/api/pay/${invoiceId}/orders`, headers: { cookie: remembered }, payload: {} });
    expect(started.statusCode, started.body).toBe(201);
    expect((await pay(started.json().order.id)).statusCode).toBe(200);

    expect(await funnelOf(owner.cookie, link.code)).toEqual({ productViews: 0, checkouts: 1, sales: 1, revenueCents: 30000, currency: 'USD' });
    expect((await overviewOf(owner.cookie)).sources.utmSources).toEqual([{ source: 'email', sales: 1, revenueCents: 30000 }]);
  });

  it("sets no cookie for a destination elsewhere or a link without an owner, and another user's link gets none of the creator's sales", async () => {
    const owner = await createSignedInUser(app.test, { role: 'creator', name: 'Bea Store' });
    const stranger = await createSignedInUser(app.test, { role: 'creator', name: 'Cy Stranger' });
    const product = await createProduct(app.test, owner.id, { priceCents: 500 });
    const outside = await makeLink(owner.cookie, 'https://example.com/elsewhere');
    expect((await click(outside.code)).setCookie).toBeNull();
    const anonymous = await request(app.test.app, { method: 'POST', url: '/api/links', payload: { url: `${TEST_ORIGIN}/store/product/${product.id}` } });
    expect((await click(anonymous.json().code)).setCookie).toBeNull();

    // The stranger's link to the creator's product: remembered for the stranger, so the creator's sale is not theirs.
    const theirs = await makeLink(stranger.cookie, `${TEST_ORIGIN}/store/product/${product.id}`, { source: 'spam' });
    const remembered = (await click(theirs.code)).setCookie!.split(';')[0]!;
    await request(app.test.app, { method: 'POST', url: `/api/products/${product.id}/views`, headers: { cookie: remembered, 'user-agent': BROWSER }, remoteAddress: '198.51.100.9' });
    expect((await pay(await checkout(remembered, 'fan@example.com', [product.id]))).statusCode).toBe(200);
    expect(await funnelOf(stranger.cookie, theirs.code)).toEqual({ productViews: 0, checkouts: 0, sales: 0, revenueCents: 0, currency: 'USD' });
    expect((await overviewOf(owner.cookie)).sources).toEqual({ links: [], utmSources: [] });
    const { rows } = await app.test.database.pool.query<{ source: string | null }>('SELECT source FROM sales WHERE product_id = $1', [product.id]);
    expect(rows).toEqual([{ source: null }]);

    // A link's funnel is its owner's only.
    expect((await request(app.test.app, { method: 'GET', url: `/api/links/${theirs.code}/stats`, cookie: owner.cookie })).statusCode).toBe(404);
  });
});
