import type { FastifyRequest } from 'fastify';
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, request, resolvePageMeta, TEST_ORIGIN } from '../../test/test-app.ts';

const app = listeningTestApp();

interface Upload {
  name?: string;
  price?: string;
  description?: string;
  category?: string;
  tags?: string;
  file?: Blob;
  fileName?: string;
  cover?: Blob;
}

/** A real multipart upload over HTTP, as the browser form sends it. */
async function upload(cookie: string | undefined, fields: Upload, options: { method?: 'POST' | 'PATCH'; id?: string } = {}) {
  const form = new FormData();
  for (const key of ['name', 'price', 'description', 'category', 'tags'] as const) {
    if (fields[key] !== undefined) form.append(key, fields[key]);
  }
  if (fields.file) form.append('file', fields.file, fields.fileName ?? 'guide.pdf');
  if (fields.cover) form.append('cover', fields.cover, 'cover.png');
  const response = await fetch(`${app.base}/api/products${options.id ? `/${options.id}` : ''}`, {
    method: options.method ?? 'POST',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const pdf = (text = 'the product bytes') => new Blob([Buffer.from(`%PDF-1.4 ${text}`)]);
const storedKeys = async () => ({
  files: await app.test.app.zerri.storage.list('product-files'),
  images: await app.test.app.zerri.storage.list('product-images'),
});

/** A PNG carrying camera metadata and a script appended after its end. */
async function pngWithMetadata() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } })
    .withExif({ IFD0: { Copyright: 'SECRET-GPS-51.5N', Artist: 'Someone Private' } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
}

/** A browser's User-Agent: views from bots (isbot, light-my-request's default included) are not counted. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('uploading a product', () => {
  it('needs a signed-in user', async () => {
    const response = await upload(undefined, { name: 'X', price: '1', file: pdf() });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(PRODUCT_MESSAGES.authRequired);
  });

  it.each([
    ['no name', { price: '5', file: pdf() }],
    ['no price', { name: 'Guide', file: pdf() }],
    ['no file', { name: 'Guide', price: '5' }],
  ])('refuses %s with the spec message and stores nothing', async (_case, fields) => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await storedKeys();
    const response = await upload(cookie, fields as Upload);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(PRODUCT_MESSAGES.missingFields);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a bad price or category', async () => {
    const { cookie } = await createSignedInUser(app.test);
    expect((await upload(cookie, { name: 'A', price: '-3', file: pdf() })).body.error.message).toBe(PRODUCT_MESSAGES.invalidPrice);
    expect((await upload(cookie, { name: 'A', price: '1.999', file: pdf() })).body.error.message).toBe(PRODUCT_MESSAGES.invalidPrice);
    expect((await upload(cookie, { name: 'A', price: '3', category: 'Cars', file: pdf() })).body.error.message).toBe(
      PRODUCT_MESSAGES.invalidCategory,
    );
  });

  it('stores the file privately and the cover re-encoded, without metadata or appended bytes', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const fileBytes = Buffer.from('%PDF-1.4 exactly these bytes \u0000\u00ff');
    const response = await upload(cookie, {
      name: '  Brand Kit  ',
      price: '19.99',
      description: 'Logos and fonts',
      category: 'Templates',
      tags: 'Design, , Branding,design',
      file: new Blob([fileBytes]),
      fileName: '../../etc/Brand Kit (final).zip',
      cover: new Blob([await pngWithMetadata()]),
    });
    expect(response.status).toBe(201);
    const { product } = response.body;
    expect(product).toMatchObject({
      name: 'Brand Kit',
      priceCents: 1999,
      category: 'Templates',
      tags: ['Design', 'Branding'],
      fileName: 'Brand Kit (final).zip',
      fileSize: fileBytes.length,
      views: 0,
    });
    expect(product.coverUrl).toMatch(/^\/media\/product-images\/.+_cover\.webp$/);
    expect(product.cardUrl).toMatch(/_cover_card\.webp$/);

    const download = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}/file`, cookie });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fileBytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename="Brand Kit (final).zip"');

    const cover = await request(app.test.app, { method: 'GET', url: product.coverUrl });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(cover.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(cover.rawPayload.includes('SECRET-GPS')).toBe(false);
    expect(cover.rawPayload.includes('<script>')).toBe(false);
    const card = await request(app.test.app, { method: 'GET', url: product.cardUrl });
    expect((await sharp(card.rawPayload).metadata()).width).toBeLessThanOrEqual(480);
  });

  it('answers 413 for a product file of 50 MB + 1 byte and leaves no file anywhere', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await storedKeys();
    const response = await upload(cookie, {
      name: 'Huge',
      price: '1',
      file: new Blob([new Uint8Array(50 * 1024 * 1024 + 1)]),
      cover: new Blob([await pngWithMetadata()]),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(PRODUCT_MESSAGES.fileTooLarge);
    expect(await storedKeys()).toEqual(before);
    const { rows } = await app.test.database.pool.query(`SELECT count(*)::int AS n FROM products WHERE name = 'Huge'`);
    expect(rows[0].n).toBe(0);
  });

  it('accepts a product file of exactly 50 MB', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const response = await upload(cookie, { name: 'Exactly fifty', price: '1', file: new Blob([new Uint8Array(50 * 1024 * 1024)]) });
    expect(response.status).toBe(201);
    expect(response.body.product.fileSize).toBe(50 * 1024 * 1024);
  });

  it('answers 413 for a cover over 5 MB', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const response = await upload(cookie, { name: 'Big cover', price: '1', file: pdf(), cover: new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]) });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(PRODUCT_MESSAGES.coverTooLarge);
  });

  it('refuses an HTML file renamed .png with 415 and keeps nothing', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await storedKeys();
    const html = new Blob(['<!doctype html><html><body><script>alert(1)</script></body></html>'], { type: 'image/png' });
    const response = await upload(cookie, { name: 'Sneaky', price: '1', file: pdf(), cover: html });
    expect(response.status).toBe(415);
    expect(response.body.error.message).toBe(PRODUCT_MESSAGES.coverNotImage);
    expect(await storedKeys()).toEqual(before);
  });
});

describe('changing and deleting', () => {
  it('lets only the owner or an admin change or delete a product', async () => {
    const owner = await createSignedInUser(app.test);
    const stranger = await createSignedInUser(app.test);
    const { product } = (await upload(owner.cookie, { name: 'Mine', price: '5', file: pdf() })).body;

    const edit = await upload(stranger.cookie, { name: 'Stolen' }, { method: 'PATCH', id: product.id });
    expect(edit.status).toBe(403);
    const remove = await request(app.test.app, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: stranger.cookie });
    expect(remove.statusCode).toBe(403);
    const download = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}/file`, cookie: stranger.cookie });
    expect(download.statusCode).toBe(403);
    expect(download.json().error).toEqual({ code: 'not_product_owner', message: PRODUCT_MESSAGES.notOwner });
    expect((await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}/file` })).statusCode).toBe(401);
    const unchanged = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` });
    expect(unchanged.json().product.name).toBe('Mine');

    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: admin.cookie })).statusCode).toBe(204);
  });

  it('edits every field, replaces the file and cover, and removes the old ones', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const { product } = (await upload(cookie, { name: 'Old', price: '5', file: pdf('old'), cover: new Blob([await pngWithMetadata()]) })).body;
    const before = await storedKeys();
    const edited = await upload(
      cookie,
      { name: 'New', price: '7.5', description: 'Better', category: 'Course', tags: 'AI', file: pdf('new bytes'), cover: new Blob([await pngWithMetadata()]) },
      { method: 'PATCH', id: product.id },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.product).toMatchObject({ name: 'New', priceCents: 750, description: 'Better', category: 'Course', tags: ['AI'] });
    const after = await storedKeys();
    expect(after.files.length).toBe(before.files.length);
    expect(after.images.length).toBe(before.images.length);
    expect(after.images).not.toContain(product.coverUrl.replace('/media/product-images/', ''));
    const download = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}/file`, cookie });
    expect(download.body).toContain('new bytes');
  });

  it('deletes the product and its files', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await storedKeys();
    const { product } = (await upload(cookie, { name: 'Temporary', price: '1', file: pdf(), cover: new Blob([await pngWithMetadata()]) })).body;
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/products/${product.id}`, cookie })).statusCode).toBe(204);
    expect(await storedKeys()).toEqual(before);
    const gone = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(PRODUCT_MESSAGES.notFound);
  });
});

describe('the marketplace', () => {
  it('combines search, category, price, tag and creator filters on the server', async () => {
    const maya = await createSignedInUser(app.test, { name: 'Maya Quillfeather' });
    const leo = await createSignedInUser(app.test, { name: 'Leo Sandoval' });
    const make = (cookie: string, name: string, price: string, category: string, tags: string, description = '') =>
      upload(cookie, { name, price, category, tags, description, file: pdf() });
    await make(maya.cookie, 'Zephyr Icon Pack', '12', 'Graphics', 'Design, Icons', 'Crisp vector icons');
    await make(maya.cookie, 'Zephyr Budget Sheet', '30', 'Templates', 'Finance');
    await make(leo.cookie, 'Zephyr Beats Vol 1', '45', 'Audio', 'Music Production');
    await make(leo.cookie, 'Lofi Zephyr Loops', '8', 'Audio', 'Music Production, Loops');

    const search = async (query: string) =>
      (await request(app.test.app, { method: 'GET', url: `/api/store/products?${query}` })).json().items.map((item: { name: string }) => item.name);
    expect(await search('q=zephyr&category=Audio')).toEqual(['Lofi Zephyr Loops', 'Zephyr Beats Vol 1']);
    expect(await search('q=zephyr&category=Audio&minPrice=10&maxPrice=50')).toEqual(['Zephyr Beats Vol 1']);
    expect(await search('q=zephyr&tags=Finance,Icons')).toEqual(['Zephyr Budget Sheet', 'Zephyr Icon Pack']);
    expect(await search('q=VECTOR icons')).toEqual(['Zephyr Icon Pack']);
    // Within a category, words are prefixes of that category's words only; a category's name is no search word.
    expect(await search('q=vec ico&category=Graphics')).toEqual(['Zephyr Icon Pack']);
    expect(await search('q=vec&category=Audio')).toEqual([]);
    expect(await search('q=zeph lo&category=Audio')).toEqual(['Lofi Zephyr Loops']);
    expect(await search('q=graphics')).toEqual([]);
    expect(await search('q=quillfeather')).toEqual(['Zephyr Budget Sheet', 'Zephyr Icon Pack']);
    expect(await search('q=zephyr&sort=price_asc')).toEqual(['Lofi Zephyr Loops', 'Zephyr Icon Pack', 'Zephyr Budget Sheet', 'Zephyr Beats Vol 1']);
    expect(await search('q=100%25')).toEqual([]);
    // Words are split as PostgreSQL split the product's words: it reads "2e3c4d" as '2e3' and 'c4d'.
    const ada = await createSignedInUser(app.test, { name: 'Ada Modular' });
    await make(ada.cookie, 'Wavetable Synth 2e3c4d', '9', 'Audio', 'Synth');
    expect(await search('q=2e3c4d')).toEqual(['Wavetable Synth 2e3c4d']);
    expect(await search('q=wavetable 2e3c&category=Audio')).toEqual(['Wavetable Synth 2e3c4d']);
    // A tag is matched as written, even with quotes or a backslash, and a word in another product's text is not a tag.
    await make(leo.cookie, 'Zephyr Rock Kit', '20', 'Audio', "Rock 'n' Roll, Back\\slash", 'finance tips inside');
    expect(await search(`q=zephyr&tags=${encodeURIComponent("Rock 'n' Roll")}`)).toEqual(['Zephyr Rock Kit']);
    expect(await search(`q=zephyr&category=Audio&tags=${encodeURIComponent('Back\\slash')}`)).toEqual(['Zephyr Rock Kit']);
    expect(await search('q=zephyr&tags=finance')).toEqual([]);
    expect(await search('q=zephyr&tags=Finance')).toEqual(['Zephyr Budget Sheet']);

    const leoProfile = await request(app.test.app, { method: 'GET', url: '/api/me', cookie: leo.cookie });
    const slug = leoProfile.json().user.storefrontSlug;
    expect(await search(`creator=${slug}&q=zephyr`)).toEqual(['Zephyr Rock Kit', 'Lofi Zephyr Loops', 'Zephyr Beats Vol 1']);
    expect(await search(`creator=${leo.id}&q=zephyr&category=Audio&tags=Loops`)).toEqual(['Lofi Zephyr Loops']);

    const page = await request(app.test.app, { method: 'GET', url: '/api/store/products?q=zephyr&pageSize=3&page=2' });
    expect(page.json()).toMatchObject({ total: 5, page: 2, pageSize: 3 });
    expect(page.json().items).toHaveLength(2);
    const storefront = await request(app.test.app, { method: 'GET', url: `/api/store/products?creator=${slug}` });
    expect(storefront.json().facets).toMatchObject({ minCents: 800, maxCents: 4500 });
    expect(storefront.json().facets.tags).toEqual(['Music Production', 'Back\\slash', 'Loops', "Rock 'n' Roll"]);
    const unknown = await request(app.test.app, { method: 'GET', url: '/api/store/products?creator=nobody-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PRODUCT_MESSAGES.creatorNotFound);
  });

  it('finds products by their creator’s new name after a rename', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Original Name' });
    await upload(creator.cookie, { name: 'Renamed Thing', price: '1', file: pdf() });
    await app.test.database.pool.query(`UPDATE user_profiles SET name = 'Xanthippe Wren' WHERE id = $1`, [creator.id]);
    const response = await request(app.test.app, { method: 'GET', url: '/api/store/products?q=xanthippe' });
    expect(response.json().items.map((item: { name: string }) => item.name)).toEqual(['Renamed Thing']);
  });

  it('counts a view once per visitor and day, never for the owner, under concurrency', async () => {
    const owner = await createSignedInUser(app.test);
    const visitor = await createSignedInUser(app.test);
    const { product } = (await upload(owner.cookie, { name: 'Viewed', price: '1', file: pdf() })).body;
    const view = (cookie?: string, ip = '10.0.0.1') =>
      request(app.test.app, { method: 'POST', url: `/api/products/${product.id}/views`, cookie, remoteAddress: ip, headers: { 'user-agent': BROWSER }, payload: {} });
    await Promise.all(Array.from({ length: 10 }, () => view(visitor.cookie)));
    expect((await view(owner.cookie)).json()).toEqual({ views: 1, counted: false });
    // A browser keeps the visitor id its first view gave it.
    const browser = (await view(undefined, '10.0.0.2')).headers['set-cookie']!.toString().split(';')[0];
    await view(browser, '10.0.0.2');
    const detail = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}`, cookie: owner.cookie });
    expect(detail.json().product.views).toBe(2);
  });

  it('sends the view count to the product’s creator and admins only', async () => {
    const owner = await createSignedInUser(app.test);
    const someone = await createSignedInUser(app.test);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const { product } = (await upload(owner.cookie, { name: 'Private Views', price: '1', file: pdf() })).body;
    const view = (cookie: string | undefined, ip: string) =>
      request(app.test.app, { method: 'POST', url: `/api/products/${product.id}/views`, cookie, remoteAddress: ip, headers: { 'user-agent': BROWSER }, payload: {} });
    expect((await view(undefined, '10.1.0.1')).json()).toEqual({ views: null, counted: true });
    expect((await view(someone.cookie, '10.1.0.2')).json()).toEqual({ views: null, counted: true });
    expect((await view(admin.cookie, '10.1.0.3')).json()).toEqual({ views: 3, counted: true });
    expect((await view(owner.cookie, '10.1.0.4')).json()).toEqual({ views: 3, counted: false });
    const page = async (cookie?: string) => (await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}`, cookie })).json().product;
    for (const cookie of [undefined, someone.cookie]) {
      const seen = await page(cookie);
      expect(seen.name).toBe('Private Views');
      expect(seen.views).toBeNull();
    }
    expect((await page(owner.cookie)).views).toBe(3);
    expect((await page(admin.cookie)).views).toBe(3);
    // The marketplace cards never carried it.
    const cards = (await request(app.test.app, { method: 'GET', url: '/api/store/products?q=Private%20Views' })).json().items;
    expect(cards.map((card: { name: string }) => card.name)).toContain('Private Views');
    expect(cards.every((card: object) => !('views' in card))).toBe(true);
  });

  it('counts one view per person, product and day over HTTP: their browser’s visitor id or their account, whatever User-Agent they send; bots not at all', async () => {
    const owner = await createSignedInUser(app.test);
    const visitor = await createSignedInUser(app.test);
    const { product } = (await upload(owner.cookie, { name: 'Agent Proof', price: '1', file: pdf() })).body;
    const { product: other } = (await upload(owner.cookie, { name: 'Agent Proof Two', price: '1', file: pdf() })).body;
    // A real connection from a chosen loopback address (127.0.0.2 is another client's IP).
    const view = (productId: string, from: string, userAgent: string, cookie?: string) =>
      new Promise<{ views: number | null; counted: boolean; setCookie: string | undefined }>((resolve, reject) => {
        const headers = { origin: TEST_ORIGIN, 'content-type': 'application/json', 'user-agent': userAgent, ...(cookie ? { cookie } : {}) };
        const sent = http.request(`${app.base}/api/products/${productId}/views`, { method: 'POST', localAddress: from, headers }, (response) => {
          const setCookie = response.headers['set-cookie']?.[0];
          void buffer(response).then((body) => resolve({ ...(JSON.parse(body.toString()) as { views: number | null; counted: boolean }), setCookie }), reject);
        });
        sent.on('error', reject);
        sent.end('{}');
      });
    const agents = Array.from({ length: 20 }, (_, index) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${120 + index}.0 Safari/537.36`);
    // The first view gives the browser its visitor id: a long-lived first-party cookie scripts cannot read.
    const first = await view(product.id, '127.0.0.1', agents[0]!);
    expect(first).toMatchObject({ views: null, counted: true });
    expect(first.setCookie).toMatch(/^zerri_vid=[A-Za-z0-9_-]{22}; Max-Age=34128000; Path=\/; HttpOnly; SameSite=Lax$/);
    const browser = first.setCookie!.split(';')[0]!;
    // The same browser, whatever User-Agent it sends, from wherever, is one visitor; it is not given another id.
    const answers = await Promise.all(agents.map((agent, index) => view(product.id, index % 2 ? '127.0.0.1' : '127.0.0.2', agent, browser)));
    expect(answers.filter((answer) => answer.counted)).toHaveLength(0);
    expect(answers.every((answer) => answer.setCookie === undefined)).toBe(true);
    // A signed-in viewer is their account, in any browser; a bot is not counted and given nothing.
    expect(await view(product.id, '127.0.0.1', agents[1]!, visitor.cookie)).toMatchObject({ counted: true, setCookie: undefined });
    expect(await view(product.id, '127.0.0.2', agents[2]!, visitor.cookie)).toMatchObject({ counted: false });
    expect(await view(product.id, '127.0.0.1', 'curl/8.5.0')).toEqual({ views: null, counted: false, setCookie: undefined });
    // Another person on the same network is another visitor.
    expect(await view(product.id, '127.0.0.1', agents[0]!)).toMatchObject({ counted: true });
    // Another product is counted on its own.
    expect(await view(other.id, '127.0.0.1', agents[0]!, browser)).toMatchObject({ counted: true });
    const detail = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}`, cookie: owner.cookie });
    expect(detail.json().product.views).toBe(3);
  });

  it('announces changes so lists refresh live', async () => {
    const { cookie, id } = await createSignedInUser(app.test);
    const events: unknown[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([PUBLIC_CHANNEL], (event) => {
      if (event.type === 'products.changed') events.push(event.data);
    });
    const { product } = (await upload(cookie, { name: 'Announced', price: '1', file: pdf() })).body;
    const deadline = Date.now() + 3000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(events).toEqual([{ id: product.id, action: 'created', userId: id }]);
  });

  it('gives shared product and storefront pages their own title and preview image', async () => {
    const { cookie, id } = await createSignedInUser(app.test, { name: 'Meta Maker' });
    const { product } = (await upload(cookie, { name: 'Shareable', price: '1', description: 'Worth sharing', file: pdf(), cover: new Blob([await pngWithMetadata()]) })).body;
    const resolve = (pathname: string, asked: FastifyRequest) => resolvePageMeta(app.test.app, pathname, asked);
    // ownerId: a creator's storefront domain names their pages' canonical URL (web-app.ts).
    const guest = { headers: {} } as FastifyRequest;
    // A product's link preview has its price too; a guest gets the page written on the server (server-pages.test.ts).
    expect(await resolve!(`/store/product/${product.slug}`, guest)).toEqual({
      title: 'Shareable by Meta Maker',
      description: 'Worth sharing',
      image: product.coverUrl,
      ownerId: id,
      type: 'product',
      price: { amountCents: 100, currency: 'USD' },
      serverPage: expect.any(Function),
    });
    expect(await resolve!('/store/product/00000000-0000-4000-8000-000000000000', guest)).toEqual({ notFound: true });
  });
});

describe('media', () => {
  it('never serves product files publicly', async () => {
    const { cookie } = await createSignedInUser(app.test);
    await upload(cookie, { name: 'Private', price: '1', file: pdf() });
    const [key] = await app.test.app.zerri.storage.list('product-files');
    const response = await request(app.test.app, { method: 'GET', url: `/media/product-files/${key}` });
    expect(response.statusCode).toBe(404);
    const stored = await app.test.app.zerri.storage.get('product-files', key!);
    expect((await buffer(stored!.body)).length).toBeGreaterThan(0);
  });
});
