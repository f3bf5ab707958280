// Issue #44, the embed: only the Buy now screen and its receipt (/embed/...) may be framed by other
// sites; every other page keeps refusing frames. /embed.js is the script a creator's page loads, and
// the framed Buy now needs no cookie of ours (a cross-site frame may not get them).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { createProduct, pay } from '../orders/test-helpers.ts';

const app = listeningTestApp();
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const get = (url: string, headers: Record<string, string> = {}) => request(app.test.app, { method: 'GET', url, headers });

const frameable = (headers: Record<string, unknown>) => {
  const policy = String(headers['content-security-policy']);
  return policy.includes('frame-ancestors http: https:') && !policy.includes("frame-ancestors 'none'") && headers['x-frame-options'] === undefined;
};
const refusesFrames = (headers: Record<string, unknown>) =>
  String(headers['content-security-policy']).includes("frame-ancestors 'none'") && headers['x-frame-options'] === 'DENY';

async function productOnSale() {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  return createProduct(app.base, creator.cookie, { price: '9.00' });
}

describe('the embed script', () => {
  it('is JavaScript, cached an hour, and opens the overlay for our embed links only', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await request(app.test.app, { method, url: '/embed.js', headers: { 'user-agent': BOT } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const script = (await get('/embed.js')).body;
    // It parses as a script (a syntax error would throw here) and carries its configuration.
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"query":"embed"');
    expect(script).toContain('"pagesPrefix":"/embed/"');
    expect(script).toContain('"es":"Cerrar"');
    expect(script).toContain('event.origin !== origin');
  });
});

describe('frames', () => {
  it('are allowed on the embed’s pages alone', async () => {
    const product = await productOnSale();
    const token = 'x'.repeat(43);
    for (const url of [`/embed/product/${product.id}`, `/embed/product/${product.id}?parent=https%3A%2F%2Fmaya.example`, `/embed/receipt/${token}`, `/embed/product/${randomUUID()}`]) {
      const response = await get(url);
      expect(frameable(response.headers), `${url}: ${JSON.stringify(response.headers)}`).toBe(true);
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
    for (const url of ['/', `/store/product/${product.id}`, `/store/product/${product.id}?embed=1`, `/receipt/${token}`, `/checkout/${randomUUID()}`, `/api/products/${product.id}`, '/embed.js', '/embedded']) {
      const response = await get(url);
      expect(refusesFrames(response.headers), `${url}: ${JSON.stringify(response.headers)}`).toBe(true);
    }
  });
});

describe('the embed route', () => {
  it('answers 404 with a page in the visitor’s language for a product not on sale, and hands one on sale to the web app', async () => {
    const unknown = await get(`/embed/product/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body).toContain('This product is not on sale.');
    const spanish = await get(`/embed/product/${randomUUID()}`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body).toContain('Este producto no está a la venta.');
    for (const id of ['not-a-product', '%3Cscript%3E']) {
      const response = await get(`/embed/product/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<script');
    }
    const head = await request(app.test.app, { method: 'HEAD', url: `/embed/product/${randomUUID()}`, headers: { 'user-agent': BOT } });
    expect(head.statusCode).toBe(404);

    // On sale: the web app's page answers (in API tests there is no built app, so its fallback's 404).
    const product = await productOnSale();
    const known = await get(`/embed/product/${product.id}`);
    expect(known.body).not.toContain('not on sale');
    expect(known.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('sells to a guest without any cookie: the order, its payment and the receipt link', async () => {
    const product = await productOnSale();
    const started = await request(app.test.app, { method: 'POST', url: '/api/checkout', payload: { email: uniqueEmail('embed-buyer'), productIds: [product.id], buyNow: true } });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.headers['set-cookie']).toBeUndefined();
    const { orderId } = started.json() as { orderId: string };
    expect((await pay(app.test, orderId)).statusCode).toBe(200);
    const link = await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/receipt-link` });
    expect(link.statusCode, link.body).toBe(200);
    const { path } = link.json() as { path: string };
    expect((await get(`/api/receipts/${path.split('/').pop()}`)).json()).toMatchObject({ orderId, items: [{ productId: product.id }] });
  });
});
