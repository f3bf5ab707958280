import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorPage } from '#shared/creator-page-api.ts';
import { pageLanguage } from '../../platform/mail-language.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function creator(name = 'Cleo Page') {
  const user = await createSignedInUser(test, { role: 'creator', name });
  const { rows } = await test.database.pool.query<{ slug: string }>(`SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1`, [user.id]);
  return { ...user, slug: rows[0]!.slug };
}
const save = (cookie: string, payload: object) => request(test.app, { method: 'PUT', url: '/api/creator-page', cookie, payload });
const visit = (slug: string, userAgent = BROWSER) => request(test.app, { method: 'GET', url: `/@${slug}`, headers: { 'user-agent': userAgent } });

describe('the creator page', () => {
  it('renders the blocks in the creator’s order, escaped, with its theme and Open Graph tags', async () => {
    const owner = await creator('Cleo <script>alert(1)</script>');
    const product = await createProduct(test, owner.id, { name: 'Brush <b>Pack</b>', priceCents: 1250 });
    const empty = await request(test.app, { method: 'GET', url: '/api/creator-page', cookie: owner.cookie });
    expect(empty.json()).toMatchObject({ slug: owner.slug, theme: 'midnight', blocks: [], updatedAt: null });

    const blocks = [
      { id: 'b1', type: 'link', title: 'My <portfolio>', url: 'https://example.com/portfolio' },
      { id: 'b2', type: 'products', productIds: [product.id] },
      { id: 'b3', type: 'social', links: [{ network: 'github', url: 'https://github.com/cleo' }] },
      { id: 'b4', type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    ];
    const saved = await save(owner.cookie, { theme: 'paper', accent: '#0f766e', blocks });
    expect(saved.statusCode).toBe(200);
    const page = saved.json() as CreatorPage;
    const link = page.blocks[0]!;
    expect(link.type === 'link' && link.code).toMatch(/^[\w-]+$/);

    const html = await visit(owner.slug);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("script-src 'none'");
    expect(html.headers['content-security-policy']).toContain('https://www.youtube-nocookie.com');
    const body = html.body;
    expect(body).not.toContain('<script>');
    expect(body).toContain('Cleo &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('My &lt;portfolio&gt;');
    expect(body).toContain('Brush &lt;b&gt;Pack&lt;/b&gt;');
    expect(body).toContain('$12.50');
    expect(body).toContain('--bg:#f7f7fa');
    expect(body).toContain('--accent:#0f766e');
    expect(body).toContain(`<meta property="og:url" content="http://zerri.test/@${owner.slug}">`);
    expect(body).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    const order = ['My &lt;portfolio&gt;', 'Brush &lt;b&gt;Pack', 'GitHub', 'youtube-nocookie'].map((text) => body.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // Reordered and re-themed: the page follows; the unchanged link keeps its code.
    const reordered = (await save(owner.cookie, { theme: 'sunset', accent: '#f59e0b', blocks: [blocks[2]!, blocks[0]!] })).json() as CreatorPage;
    expect(reordered.blocks[1]).toMatchObject({ id: 'b1', code: link.type === 'link' ? link.code : '' });
    const again = (await visit(owner.slug)).body;
    expect(again.indexOf('GitHub')).toBeLessThan(again.indexOf('My &lt;portfolio&gt;'));
    expect(again).not.toContain('Brush');
    expect(again).toContain('--bg:#1d0f1a');
    // Each theme has its own colours.
    const backgrounds = new Set<string>();
    for (const theme of ['midnight', 'paper', 'sunset', 'mint']) {
      await save(owner.cookie, { theme, accent: '#7c3aed', blocks: [] });
      backgrounds.add(/--bg:(#[0-9a-f]{6})/.exec((await visit(owner.slug)).body)![1]!);
    }
    expect(backgrounds.size).toBe(4);
  });

  it('counts views and clicks per block, not of bots, and sends each click where it belongs', async () => {
    const owner = await creator();
    const product = await createProduct(test, owner.id);
    const page = (await save(owner.cookie, {
      theme: 'midnight',
      accent: '#7c3aed',
      blocks: [
        { id: 'links', type: 'link', title: 'Site', url: 'https://example.com/site' },
        { id: 'shop', type: 'products', productIds: [product.id] },
      ],
    })).json() as CreatorPage;
    const first = page.blocks[0]!;
    const code = first.type === 'link' ? first.code : undefined;

    await visit(owner.slug);
    await visit(owner.slug);
    await visit(owner.slug, BOT);
    const toLink = await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/links`, headers: { 'user-agent': BROWSER } });
    expect(toLink.statusCode).toBe(302);
    expect(toLink.headers.location).toBe(`http://zerri.test/z/${code}`);
    const toProduct = await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/shop?i=0`, headers: { 'user-agent': BROWSER } });
    expect(toProduct.headers.location).toBe(`/store/product/${product.id}`);
    await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/shop?i=0`, headers: { 'user-agent': BOT } });
    expect((await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/nothing` })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/shop?i=5` })).statusCode).toBe(404);

    const stats = await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie });
    expect(stats.json()).toMatchObject({ days: 30, views: 2 });
    expect(stats.json().clicks).toEqual(expect.arrayContaining([{ blockId: 'links', clicks: 1 }, { blockId: 'shop', clicks: 1 }]));
  });

  it('is sent gzipped to browsers that take it, with the site icon', async () => {
    const owner = await creator('Gus Zip');
    await save(owner.cookie, { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'l', type: 'link', title: 'Portfolio', url: 'https://example.com/folio' }] });
    const plain = await visit(owner.slug);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const zipped = await request(test.app, { method: 'GET', url: `/@${owner.slug}`, headers: { 'user-agent': BROWSER, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('counts a sale for the products block the buyer came through, for that creator only, less refunds', async () => {
    const owner = await creator();
    const other = await creator('Other Seller');
    const [first, second] = [await createProduct(test, owner.id, { priceCents: 1500 }), await createProduct(test, owner.id, { priceCents: 700 })];
    const theirs = await createProduct(test, other.id, { priceCents: 900 });
    await save(owner.cookie, { theme: 'midnight', accent: '#7c3aed', blocks: [{ id: 'shop', type: 'products', productIds: [first.id, second.id] }] });

    const click = await request(test.app, { method: 'GET', url: `/@${owner.slug}/go/shop?i=1`, headers: { 'user-agent': BROWSER } });
    const setCookie = String(click.headers['set-cookie']);
    expect(setCookie).toMatch(/^zerri_src=[^;]+~page:shop; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const remembered = setCookie.split(';')[0]!;
    // A cart with the creator's product and another creator's: only the creator's counts for the page.
    const started = await request(test.app, { method: 'POST', url: '/api/checkout', headers: { cookie: remembered }, payload: { email: 'fan@example.com', productIds: [second.id, theirs.id] } });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json() as { orderId: string };
    expect((await request(test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, headers: { cookie: remembered }, payload: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } })).statusCode).toBe(200);
    const { rows } = await test.database.pool.query<{ creator_id: string; source: string | null }>(`SELECT creator_id, source FROM sales WHERE order_id = $1`, [orderId]);
    expect(rows).toEqual(expect.arrayContaining([{ creator_id: owner.id, source: 'page:shop' }, { creator_id: other.id, source: null }]));
    // Without the remembered click, or with a malformed one, a sale is nobody's page's.
    for (const cookie of [undefined, 'zerri_src=garbage', `zerri_src=${owner.id}~page:shop<x>`]) {
      const plain = await request(test.app, { method: 'POST', url: '/api/checkout', headers: cookie ? { cookie } : {}, payload: { email: 'other@example.com', productIds: [first.id] } });
      expect(plain.statusCode, plain.body).toBe(201);
      const plainOrder = (plain.json() as { orderId: string }).orderId;
      await request(test.app, { method: 'POST', url: `/api/orders/${plainOrder}/pay`, payload: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } });
    }

    const stats = (await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie })).json();
    expect(stats).toMatchObject({ sales: [{ blockId: 'shop', sales: 1, revenueCents: 700 }], currency: 'USD' });
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: other.cookie })).json()).toMatchObject({ sales: [] });
    // A refund takes the sale off the page's figures.
    const [sale] = (await test.database.pool.query<{ id: string }>(`SELECT id FROM sales WHERE order_id = $1 AND creator_id = $2`, [orderId, owner.id])).rows;
    expect((await request(test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, cookie: owner.cookie, payload: {} })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie })).json()).toMatchObject({ sales: [] });
  });

  it('refuses what a page may not hold, and keeps each creator to their own page', async () => {
    const owner = await creator();
    const other = await creator('Other Creator');
    const theirs = await createProduct(test, other.id);
    const refused = await save(owner.cookie, { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'p', type: 'products', productIds: [theirs.id] }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('product_not_yours');
    for (const bad of [
      { theme: 'mint', accent: 'red', blocks: [] },
      { theme: 'neon', accent: '#7c3aed', blocks: [] },
      { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'v', type: 'video', url: 'https://example.com/video' }] },
      { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'l', type: 'link', title: '', url: 'https://example.com' }] },
      { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'l', type: 'link', title: 'x', url: 'javascript:alert(1)' }] },
    ]) {
      expect((await save(owner.cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await save('', { theme: 'mint', accent: '#7c3aed', blocks: [] })).statusCode).toBe(401);
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page/stats' })).statusCode).toBe(401);
    expect((await request(test.app, { method: 'POST', url: '/api/creator-page/preview', payload: { theme: 'mint', accent: '#7c3aed', blocks: [] } })).statusCode).toBe(401);

    // A save changes the saver's page only.
    await save(other.cookie, { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'o', type: 'link', title: 'Other link', url: 'https://example.com/other' }] });
    expect((await visit(owner.slug)).body).not.toContain('Other link');
    expect((await visit(other.slug)).body).toContain('Other link');
    expect((await visit('no-such-creator')).statusCode).toBe(404);
  });

  it('takes e-mails for the creator’s audience in its follow box, as a plain form', async () => {
    const owner = await creator();
    expect((await request(test.app, { method: 'POST', url: `/@${owner.slug}/follow`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40example.com' })).statusCode).toBe(404);
    await save(owner.cookie, { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'f', type: 'follow' }] });
    expect((await visit(owner.slug)).body).toContain(`<form class="follow" method="post" action="/@${owner.slug}/follow">`);

    const follow = (email: string) =>
      request(test.app, { method: 'POST', url: `/@${owner.slug}/follow`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER }, payload: new URLSearchParams({ email }).toString() });
    const bad = await follow('not-an-address"><script>');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid e-mail address.');
    expect(bad.body).not.toContain('<script>');

    const email = `fan-${Date.now()}@example.com`;
    const sent = await follow(email.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Check your inbox: we sent you a link to confirm.');
    const { rows } = await test.database.pool.query<{ confirmed: boolean }>(`SELECT confirmed_at IS NOT NULL AS confirmed FROM audience_subscribers WHERE creator_id = $1 AND email = $2`, [owner.id, email]);
    expect(rows).toEqual([{ confirmed: false }]);
    // A sign-up is no view.
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie })).json().views).toBe(1);
  });

  it('speaks the visitor’s language: the one chosen in the app (its cookie), else the browser’s', async () => {
    const owner = await creator('Lola Idioma');
    const product = await createProduct(test, owner.id, { name: 'Pinceles', priceCents: 1250 });
    await save(owner.cookie, {
      theme: 'paper',
      accent: '#0f766e',
      blocks: [
        { id: 'p', type: 'products', productIds: [product.id] },
        { id: 's', type: 'social', links: [{ network: 'website', url: 'https://example.com/lola' }] },
        { id: 'f', type: 'follow' },
      ],
    });
    const page = (headers: Record<string, string>) => request(test.app, { method: 'GET', url: `/@${owner.slug}`, headers: { 'user-agent': BROWSER, ...headers } });

    const english = await page({});
    expect(english.body).toContain('<html lang="en">');
    for (const text of ['>Buy<', '>Follow<', 'Get updates from Lola Idioma', 'Made with Zerri', '>Website<', '$12.50']) expect(english.body).toContain(text);
    expect(english.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');

    const spanish = (await page({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' })).body;
    expect(spanish).toContain('<html lang="es">');
    for (const text of ['>Comprar<', '>Seguir<', 'Recibe novedades de Lola Idioma', 'Hecho con Zerri', '>Sitio web<', '12,50'])
      expect(spanish).toContain(text);
    expect(spanish).not.toMatch(/>Buy<|>Follow<|Made with/);

    // The language chosen in the app wins over the browser's.
    const french = (await page({ 'accept-language': 'es', cookie: 'other=1; zerri.language=fr' })).body;
    expect(french).toContain('<html lang="fr">');
    for (const text of ['>Acheter<', '>Suivre<', 'Recevoir les nouveautés de Lola Idioma', 'Créé avec Zerri']) expect(french).toContain(text);

    // The follow box answers in the same language.
    const follow = (email: string, cookie: string) =>
      request(test.app, { method: 'POST', url: `/@${owner.slug}/follow`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, cookie }, payload: new URLSearchParams({ email }).toString() });
    const refused = await follow('nope', 'zerri.language=es');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Escribe una dirección de correo válida.');
    expect((await follow(`fan-${Date.now()}@example.com`, 'zerri.language=fr')).body).toContain('Consultez votre boîte de réception');

    // The editor's preview is in the editor's language too.
    const preview = await request(test.app, {
      method: 'POST',
      url: '/api/creator-page/preview',
      cookie: owner.cookie,
      headers: { 'accept-language': 'fr' },
      payload: { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'f', type: 'follow' }] },
    });
    expect(preview.json().html).toContain('<html lang="fr">');
    expect(preview.json().html).toContain('>Suivre<');
  });

  it('previews unsaved settings without counting anything', async () => {
    const owner = await creator();
    const preview = await request(test.app, {
      method: 'POST',
      url: '/api/creator-page/preview',
      cookie: owner.cookie,
      payload: { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'x', type: 'link', title: 'Draft link', url: 'https://example.com/draft' }] },
    });
    expect(preview.json().html).toContain('Draft link');
    expect(preview.json().html).toContain('href="#"');
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page', cookie: owner.cookie })).json().blocks).toEqual([]);
    expect((await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie })).json().views).toBe(0);
  });
});

describe('the language of a page the server writes', () => {
  it('is the one chosen in the app (its cookie), else the browser’s first supported one, else English', () => {
    expect(pageLanguage({})).toBe('en');
    expect(pageLanguage({ 'accept-language': 'de-DE,fr;q=0.8,es;q=0.9' })).toBe('es');
    expect(pageLanguage({ 'accept-language': 'de', cookie: 'zerri.language=fr' })).toBe('fr');
    expect(pageLanguage({ 'accept-language': 'es', cookie: 'session=x; zerri.language=fr; theme=dark' })).toBe('fr');
    // A cookie the app did not write is ignored.
    expect(pageLanguage({ 'accept-language': 'es', cookie: 'zerri.language=de' })).toBe('es');
    expect(pageLanguage({ 'accept-language': 'es', cookie: 'xzerri.language=fr' })).toBe('es');
    expect(pageLanguage({ cookie: 'zerri_language=fr' })).toBe('en');
  });
});
