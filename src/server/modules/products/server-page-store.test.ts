import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { fakeWebFolder } from '../../test/web-folder.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

let test: TestApp;
let webFolder: string;
let creator: { id: string };
const SCRIPT_NAME = '</script><script>alert(1)</script>';
beforeAll(async () => {
  webFolder = fakeWebFolder();
  test = await createTestApp({}, { webFolder });
  creator = await createSignedInUser(test, { role: 'creator', name: 'Stella Store' });
  await createProduct(test, creator.id, { name: 'Watercolour Brushes', priceCents: 1200, tags: ['illustration'] });
  await createProduct(test, creator.id, { name: SCRIPT_NAME, priceCents: 900, tags: ['design'] });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(webFolder, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOT = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const store = (url = '/store', options: { cookie?: string; userAgent?: string } = {}) =>
  request(test.app, { method: 'GET', url, headers: { 'user-agent': options.userAgent ?? BROWSER }, cookie: options.cookie });

function queriesOf(html: string): { key: unknown[]; data: { items: { name: string }[]; total: number } }[] {
  const json = /<script type="application\/json" id="server-queries">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : [];
}

describe('the marketplace written on the server', () => {
  it('gives a guest the results as cards with links, prices and Buy now, its title, and the answer for the app', async () => {
    const response = await store();
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Marketplace · Zerri</title>');
    expect(html).toContain('<meta property="og:description" content="Templates, courses, software, music and more');
    expect(html).toContain('data-server-page');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<h1 [^>]*>Marketplace<\/h1>/);
    expect(html).toContain('>2 products<');
    expect(html).toMatch(/<a href="\/store\/product\/watercolour-brushes[^"]*" [^>]*>Watercolour Brushes<\/a>/);
    expect(html).toContain('$12.00');
    expect(html).toContain('by Stella Store');
    expect(html).toMatch(/data-takeover="buy-now:[0-9a-f-]{36}"/);
    // The search is a GET form: the guest searches without the app, and the app's fields have these names.
    expect(html).toMatch(/<form method="get" action="\/store"/);
    expect(html).toMatch(/<input id="store-search" type="search" name="q" value=""/);
    expect(html).toContain('<select id="store-sort" name="sort"');
    expect(html).toContain('name="category" value="Graphics"');
    const [query] = queriesOf(html);
    expect(query!.key).toEqual(['store', 'products', { category: 'All', tags: [], sort: 'newest', page: 1, pageSize: 12 }]);
    expect(query!.data.total).toBe(2);
  });

  it('prints a product named </script><script>alert(1)</script> as text, in the page and its JSON', async () => {
    const html = (await store()).body;
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    const json = /id="server-queries">([^<]*)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
    expect(queriesOf(html)[0]!.data.items.map((item) => item.name)).toContain(SCRIPT_NAME);
    // Searched for, it is in the search box as typed, escaped.
    const searched = (await store(`/store?q=${encodeURIComponent(SCRIPT_NAME)}`)).body;
    expect(searched).toContain(`name="q" value="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`);
    expect(searched).not.toContain('<script>alert(1)');
  });

  it('reads the filters from its address: search, category, tags, sort and pages as links', async () => {
    const searched = (await store('/store?q=watercolour&sort=price_desc')).body;
    expect(searched).toContain('>1 product<');
    expect(searched).toContain('Watercolour Brushes');
    expect(searched).not.toContain('&lt;/script&gt;');
    expect(searched).toContain('<option value="price_desc" selected>');
    expect(queriesOf(searched)[0]!.key).toEqual(['store', 'products', { q: 'watercolour', category: 'All', tags: [], sort: 'price_desc', page: 1, pageSize: 12 }]);

    const tagged = (await store('/store?tags=design')).body;
    expect(tagged).toContain('>1 product<');
    expect(tagged).toContain('aria-pressed="true" name="tags" value=""');
    expect(tagged).toContain('<input type="hidden" name="tags" value="design">');

    const none = (await store('/store?category=Video')).body;
    expect(none).toContain('No Products Found');
    expect(none).toContain('aria-pressed="true" name="category" value="Video"');
    expect(none).toMatch(/<a href="\/store" [^>]*>.*Clear All Filters<\/a>/);

    for (let index = 0; index < 12; index++) await createProduct(test, creator.id, { name: `Paged ${index}`, priceCents: 100 });
    const first = (await store('/store?sort=price_asc')).body;
    expect(first).toContain('Showing 1–12 of 14');
    expect(first).toContain('href="/store?sort=price_asc&amp;page=2"');
    const second = (await store('/store?sort=price_asc&page=2')).body;
    expect(second).toContain('Showing 13–14 of 14');
    expect(second).toContain('href="/store?sort=price_asc"');
  });

  it('gives a signed-in visitor the app, and a link-preview bot the server page', async () => {
    const user = await createSignedInUser(test, { name: 'Signed Shopper' });
    const app = (await store('/store', { cookie: user.cookie })).body;
    expect(app).toContain('<script type="module" crossorigin src="/assets/first-view-X.js"></script>');
    expect(app).not.toContain('data-server-page');
    expect(app).toContain('<title>Marketplace · Zerri</title>');
    const bot = (await store('/store', { cookie: user.cookie, userAgent: BOT })).body;
    expect(bot).toContain('data-server-page');
  });

  it('is written in the visitor’s language', async () => {
    const response = await request(test.app, { method: 'GET', url: '/store', headers: { 'user-agent': BROWSER, 'accept-language': 'fr' } });
    expect(response.body).toContain('<html lang="fr"');
    expect(response.body).toContain('Modèles, cours, logiciels, musique et plus encore');
    expect(response.body).toMatch(/>\d+ produits</);
  });
});
