// Issue #44, share a product and drafts (decision 031): readable addresses unique across the platform,
// earlier addresses redirecting, and drafts seen only by their store and admins, never sold.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCT_SLUG_MESSAGES } from '#shared/products.ts';
import { ACCOUNT_HEADER } from '#shared/teams-routes.ts';
import type { PageMeta } from '../../platform/context.ts';
import { createSignedInUser, firstLink, latestMailTo, listeningTestApp, request, resolvePageMeta, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { pay } from '../orders/test-helpers.ts';

const app = listeningTestApp();
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const get = (url: string, options: { cookie?: string; headers?: Record<string, string> } = {}) => request(app.test.app, { method: 'GET', url, ...options });
const post = (url: string, payload?: object, cookie?: string) => request(app.test.app, { method: 'POST', url, ...(payload ? { payload } : {}), cookie });

interface Product {
  id: string;
  slug: string;
  name: string;
  published: boolean;
  hidden: boolean;
}

/** The product form over HTTP, as the browser sends it (POST a new one, PATCH an edit). */
async function send(cookie: string, fields: Record<string, string>, id?: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (!id) form.append('file', new Blob([Buffer.from('%PDF-1.4 the bytes')]), 'guide.pdf');
  const response = await fetch(`${app.base}/api/products${id ? `/${id}` : ''}`, { method: id ? 'PATCH' : 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  return { status: response.status, body: (await response.json()) as { product: Product; error: { code: string; message: string } } };
}

async function upload(cookie: string, fields: Record<string, string>): Promise<Product> {
  const response = await send(cookie, { price: '4', category: 'eBook', ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.product;
}

async function creator(name = 'Slug Maker') {
  const user = await createSignedInUser(app.test, { role: 'creator', name });
  const { rows } = await app.test.database.pool.query<{ slug: string }>('SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1', [user.id]);
  return { ...user, storeSlug: rows[0]!.slug };
}

/** The product page's resolver (web-app.ts answers its redirect with a 301 and its notFound with a 404). */
const resolvePage = (path: string, cookie?: string) => resolvePageMeta(app.test.app, path, { headers: cookie ? { cookie } : {} });

/** A word no other test's product has, to find one product in the marketplace. */
const uniqueWord = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, 'x')}`;

describe('product addresses', () => {
  it('are made from the name: accents dropped, other scripts spelled or the category; -2 by the same store, the store’s slug by another', async () => {
    const maya = await creator();
    const word = uniqueWord();
    const first = await upload(maya.cookie, { name: `Café Déjà Vu ${word}` });
    expect(first.slug).toBe(`cafe-deja-vu-${word}`);
    expect((await upload(maya.cookie, { name: `Cafe deja VU ${word}!` })).slug).toBe(`cafe-deja-vu-${word}-2`);
    expect((await upload(maya.cookie, { name: `Café  déjà vu ${word}` })).slug).toBe(`cafe-deja-vu-${word}-3`);
    const other = await creator('Other Store');
    expect((await upload(other.cookie, { name: `Café Déjà Vu ${word}` })).slug).toBe(`${other.storeSlug}-cafe-deja-vu-${word}`);
    expect((await upload(other.cookie, { name: `Café Déjà Vu ${word}` })).slug).toBe(`${other.storeSlug}-cafe-deja-vu-${word}-2`);

    expect((await upload(maya.cookie, { name: `Привет мир ${word}` })).slug).toBe(`privet-mir-${word}`);
    const japanese = await upload(maya.cookie, { name: '山田の本', category: 'Course' });
    expect(japanese.slug).toMatch(/^(?:course-product|[a-z0-9-]+-course-product)(?:-\d+)?$/);
  });

  it('name the product in the API and in the page, by slug or id; an id answers a permanent redirect to the slug', async () => {
    const maya = await creator('Maya Address');
    const product = await upload(maya.cookie, { name: `Field Notes ${uniqueWord()}`, description: 'Notes.' });
    for (const address of [product.slug, product.id]) {
      const answer = await get(`/api/products/${address}`);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().product).toMatchObject({ id: product.id, slug: product.slug });
    }
    expect(await resolvePage(`/store/product/${product.id}`)).toEqual({ redirect: `/store/product/${product.slug}` });
    expect(((await resolvePage(`/store/product/${product.slug}`)) as PageMeta).title).toBe(`${product.name} by Maya Address`);
    expect(await resolvePage('/store/product/no-such-product-here')).toEqual({ notFound: true });
    expect((await get('/api/products/no-such-product-here')).statusCode).toBe(404);
    // The marketplace card and the cart carry the slug for their links.
    const card = (await get(`/api/store/products?q=${encodeURIComponent(product.name.split(' ')[2]!)}`)).json().items[0];
    expect(card).toMatchObject({ id: product.id, slug: product.slug });
  });

  it('are edited by the creator: checked, refused when taken (now or before), and the old one redirects', async () => {
    const maya = await creator();
    const other = await creator();
    const product = await upload(maya.cookie, { name: `Sketch Pack ${uniqueWord()}` });
    const theirs = await upload(other.cookie, { name: `Brushes ${uniqueWord()}` });
    for (const slug of ['a', 'two  words', 'under_score', '-lead', 'x'.repeat(81), '00000000-0000-4000-8000-000000000000']) {
      const refused = await send(maya.cookie, { slug }, product.id);
      expect(refused.status, slug).toBe(400);
      expect(refused.body.error).toEqual(expect.objectContaining({ code: 'invalid_slug', message: PRODUCT_SLUG_MESSAGES.slugInvalid }));
    }
    const taken = await send(maya.cookie, { slug: theirs.slug }, product.id);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual(expect.objectContaining({ code: 'slug_taken', message: PRODUCT_SLUG_MESSAGES.slugTaken }));
    // Someone else cannot rename it.
    expect((await send(other.cookie, { slug: `mine-${uniqueWord()}` }, product.id)).status).toBe(403);

    const fresh = `sketches-${uniqueWord()}`;
    const renamed = await send(maya.cookie, { slug: ` ${fresh.toUpperCase()} ` }, product.id);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.product.slug).toBe(fresh);
    expect(await resolvePage(`/store/product/${product.slug}`)).toEqual({ redirect: `/store/product/${fresh}` });
    expect((await get(`/api/products/${product.slug}`)).json().product.slug).toBe(fresh);
    // The old address stays this product's: another product cannot take it, a new one made from that name gets another.
    expect((await send(other.cookie, { slug: product.slug }, theirs.id)).status).toBe(409);
    const sameName = await upload(other.cookie, { name: product.name });
    expect(sameName.slug).not.toBe(product.slug);
    // Back to the old one: it is current again and no longer redirects.
    expect((await send(maya.cookie, { slug: product.slug }, product.id)).body.product.slug).toBe(product.slug);
    expect(((await resolvePage(`/store/product/${product.slug}`)) as PageMeta).title).toContain(product.name);
    expect(await resolvePage(`/store/product/${fresh}`)).toEqual({ redirect: `/store/product/${product.slug}` });
  });
});

describe('the Share panel’s short link', () => {
  it('is made for the product’s address on first use, reused after, and only for its store', async () => {
    const maya = await creator();
    const product = await upload(maya.cookie, { name: `Shared Pack ${uniqueWord()}` });
    const url = `/api/products/${product.id}/short-link`;
    expect((await post(url)).statusCode).toBe(401);
    expect((await post(url, undefined, (await createSignedInUser(app.test)).cookie)).statusCode).toBe(403);
    const first = await post(url, undefined, maya.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ url: `${TEST_ORIGIN}/store/product/${product.slug}`, domain: null });
    const again = (await post(url, undefined, maya.cookie)).json();
    expect(again.code).toBe(first.json().code);
    const visit = await request(app.test.app, { method: 'GET', url: `/z/${again.code}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' } });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(`${TEST_ORIGIN}/store/product/${product.slug}`);
    // It is one of the creator's links, with its clicks, in the links dashboard.
    expect((await get('/api/links', { cookie: maya.cookie })).json().items.map((link: { code: string }) => link.code)).toEqual([again.code]);
  });
});

describe('drafts', () => {
  it('are seen by their creator and admins only: 404 to another user, a guest, a bot and HEAD, on the API and the page', async () => {
    const maya = await creator();
    const draft = await upload(maya.cookie, { name: `Secret Plans ${uniqueWord()}`, draft: 'true' });
    expect(draft).toMatchObject({ published: false, hidden: false });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const stranger = await createSignedInUser(app.test);
    for (const address of [draft.slug, draft.id]) {
      expect((await get(`/api/products/${address}`, { cookie: maya.cookie })).statusCode).toBe(200);
      expect((await get(`/api/products/${address}`, { cookie: admin.cookie })).statusCode).toBe(200);
      expect((await get(`/api/products/${address}`, { cookie: stranger.cookie })).statusCode).toBe(404);
      expect((await get(`/api/products/${address}`)).statusCode).toBe(404);
      expect((await get(`/api/products/${address}`, { headers: { 'user-agent': BOT } })).statusCode).toBe(404);
      expect((await request(app.test.app, { method: 'HEAD', url: `/api/products/${address}` })).statusCode).toBe(404);
    }
    // Nor its reviews or a view of it.
    expect((await get(`/api/products/${draft.id}/reviews`, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await post(`/api/products/${draft.id}/views`, undefined, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/products/${draft.id}/reviews`, { cookie: maya.cookie })).statusCode).toBe(200);
    // The page: no preview tags for anyone (a draft is not shared), not found but for the owner.
    expect(await resolvePage(`/store/product/${draft.slug}`)).toEqual({ notFound: true });
    expect(await resolvePage(`/store/product/${draft.slug}`, stranger.cookie)).toEqual({ notFound: true });
    expect(await resolvePage(`/store/product/${draft.slug}`, maya.cookie)).toBeUndefined();
    expect((await get('/api/my/products', { cookie: maya.cookie })).json().items.find((item: Product) => item.id === draft.id)).toMatchObject({ published: false });
  });

  it('are seen and published by the store’s team members acting for the store, not on their own account', async () => {
    const owner = await creator('Olive Owner');
    await app.test.database.pool.query("UPDATE users SET plan = 'business' WHERE id = $1", [owner.id]);
    const member = await createSignedInUser(app.test, { role: 'creator', name: 'Milo Member' });
    expect((await post('/api/teams/invites', { email: member.email }, owner.cookie)).statusCode).toBe(201);
    const token = new URL(firstLink((await latestMailTo(app.test.database, member.email))!.text)).hash.slice(1);
    expect((await post('/api/teams/invites/accept', { token }, member.cookie)).statusCode).toBe(200);
    const draft = await upload(owner.cookie, { name: `Team Draft ${uniqueWord()}`, draft: 'true' });
    const forStore = { [ACCOUNT_HEADER]: owner.id };
    expect((await get(`/api/products/${draft.slug}`, { cookie: member.cookie })).statusCode).toBe(404);
    expect((await get(`/api/products/${draft.slug}`, { cookie: member.cookie, headers: forStore })).statusCode).toBe(200);
    const published = await request(app.test.app, { method: 'POST', url: `/api/products/${draft.id}/publish`, cookie: member.cookie, headers: forStore });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().product.published).toBe(true);
  });

  it('stay out of the marketplace, the storefront and the creator page until published; cart, checkout and the quote refuse them', async () => {
    const maya = await creator();
    const word = uniqueWord();
    const draft = await upload(maya.cookie, { name: `Hidden Gem ${word}`, draft: 'true' });
    const listed = async (query: string, cookie?: string) =>
      ((await get(`/api/store/products?${query}`, { cookie })).json().items as Product[]).some((item) => item.id === draft.id);
    for (const cookie of [undefined, maya.cookie]) {
      expect(await listed(`q=${word}`, cookie)).toBe(false);
      expect(await listed(`creator=${maya.storeSlug}`, cookie)).toBe(false);
    }
    // The creator page may hold it, and shows it once it is published.
    const saved = await request(app.test.app, { method: 'PUT', url: '/api/creator-page', cookie: maya.cookie, payload: { theme: 'paper', accent: '#0f766e', blocks: [{ id: 'p1', type: 'products', productIds: [draft.id] }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`/@${maya.storeSlug}`, { headers: { 'user-agent': BOT } })).body).not.toContain(`Hidden Gem ${word}`);
    expect((await get(`/@${maya.storeSlug}/go/p1?i=0`)).statusCode).toBe(404);

    const buyer = await createSignedInUser(app.test);
    expect((await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${draft.id}`, cookie: buyer.cookie })).statusCode).toBe(404);
    const quote = await post('/api/checkout/quote', { productIds: [draft.id], country: 'US' });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.code).toBe('product_unavailable');
    const checkout = await post('/api/checkout', { email: uniqueEmail('draft-buyer'), productIds: [draft.id], country: 'US', buyNow: true });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error.code).toBe('product_unavailable');

    // Only the store (or an admin) publishes it.
    expect((await post(`/api/products/${draft.id}/publish`)).statusCode).toBe(401);
    expect((await post(`/api/products/${draft.id}/publish`, undefined, buyer.cookie)).statusCode).toBe(403);
    const published = await post(`/api/products/${draft.id}/publish`, undefined, maya.cookie);
    expect(published.statusCode).toBe(200);
    expect(published.json().product).toMatchObject({ published: true, hidden: false });
    expect(await listed(`q=${word}`)).toBe(true);
    expect(await listed(`creator=${maya.storeSlug}`)).toBe(true);
    expect((await get(`/@${maya.storeSlug}`, { headers: { 'user-agent': BOT } })).body).toContain(`Hidden Gem ${word}`);
    expect((await get(`/api/products/${draft.slug}`)).statusCode).toBe(200);
    expect((await post('/api/checkout/quote', { productIds: [draft.id], country: 'US' })).statusCode).toBe(200);
  });

  it('unpublished later keep what past buyers bought: the receipt page, its download and the library', async () => {
    const maya = await creator();
    const product = await upload(maya.cookie, { name: `Kept Guide ${uniqueWord()}` });
    const email = uniqueEmail('kept-buyer');
    const started = await post('/api/checkout', { email, productIds: [product.id], country: 'US' });
    expect(started.statusCode, started.body).toBe(201);
    expect((await pay(app.test, started.json().orderId)).statusCode).toBe(200);
    const token = /\/receipt\/([\w-]{43})\b/.exec((await latestMailTo(app.test.database, email))!.text)![1]!;

    const unpublished = await post(`/api/products/${product.id}/unpublish`, undefined, maya.cookie);
    expect(unpublished.json().product).toMatchObject({ published: false, hidden: false });
    expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(404);

    const receipt = (await get(`/api/receipts/${token}`)).json();
    expect(receipt.items[0].downloadUrl).toEqual(expect.any(String));
    const file = await get(receipt.items[0].downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toBe('%PDF-1.4 the bytes');
    const buyer = await createSignedInUser(app.test, { email });
    const library = (await get('/api/library', { cookie: buyer.cookie })).json();
    expect(library.items).toEqual([expect.objectContaining({ productId: product.id, productSlug: product.slug, downloadUrl: expect.any(String) })]);
  });
});
