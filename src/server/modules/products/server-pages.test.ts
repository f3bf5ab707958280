// Issue #47, public pages written on the server (decision 037): a guest's or a bot's product page and
// storefront are HTML with the content and the Open Graph tags, the app's scripts left to takeover.js; a
// signed-in visitor gets the app; every text the server prints is escaped.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import esOrders from '../../../web/locales/es/orders.json';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { fakeWebFolder } from '../../test/web-folder.ts';

const webFolder = fakeWebFolder();
const app = listeningTestApp({ webFolder });
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const EVIL = '</script><script>alert(1)</script>';

const page = (url: string, options: { cookie?: string; userAgent?: string; language?: string; method?: 'GET' | 'HEAD' } = {}) =>
  request(app.test.app, {
    method: options.method ?? 'GET',
    url,
    cookie: options.cookie,
    headers: { 'user-agent': options.userAgent ?? BROWSER, 'accept-language': options.language ?? 'en-US,en;q=0.9' },
  });

async function upload(cookie: string, fields: Record<string, string>, withCover = true) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ price: '12.5', category: 'eBook', ...fields })) form.append(key, value);
  form.append('file', new Blob([Buffer.from('%PDF-1.4 the bytes')]), 'guide.pdf');
  if (withCover) form.append('cover', new Blob([await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } }).png().toBuffer()]), 'cover.png');
  const response = await fetch(`${app.base}/api/products`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  const body = (await response.json()) as { product: { id: string; slug: string; name: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.product;
}

async function creator(name: string) {
  const user = await createSignedInUser(app.test, { role: 'creator', name });
  const { rows } = await app.test.database.pool.query<{ slug: string }>('SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1', [user.id]);
  return { ...user, storeSlug: rows[0]!.slug };
}

const word = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, 'x')}`;
/** The embedded answers for the app (`#server-queries`), parsed as the app parses them. */
const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="server-queries">([^]*?)<\/script>/.exec(html)![1]!) as { key: unknown[]; data: { name?: string } }[];

describe('server pages', () => {
  it('answer a guest’s product page with its content, price, Open Graph tags and takeover.js instead of the app’s scripts', async () => {
    const maya = await creator('Maya Pages');
    const name = `Field Guide ${word()}`;
    const product = await upload(maya.cookie, { name, description: 'A **bold** guide.\n\n- one\n- two' });
    const response = await page(`/store/product/${product.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(String(response.headers.vary)).toContain('Cookie');
    const html = response.body;
    expect(html).toContain('<div id="root" data-server-page>');
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight break-words sm:text-4xl">${name}</h1>`);
    expect(html).toContain('$12.50');
    expect(html).toContain('<strong class="font-semibold text-foreground">bold</strong>');
    expect(html).toContain('data-takeover="buy-now"');
    expect(html).toContain('data-takeover="add-to-cart"');
    expect(html).toContain(`href="/store/${maya.storeSlug}"`);
    expect(html).toMatch(/<img src="\/media\/[^"]+" alt="Cover of [^"]+" width="1200" height="750" fetchpriority="high"/);
    // Open Graph: a link preview gets the title, the price and the image.
    expect(html).toContain(`<meta property="og:title" content="${name} by Maya Pages" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="product:price:amount" content="12.50" />');
    expect(html).toContain('<meta property="product:price:currency" content="USD" />');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/zerri\.test\/media\/[^"]+" \/>/);
    // The app's head stays (styles, theme, icon); its module scripts are takeover.js's to add.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/first-view-X.css">');
    expect(html).toContain('<script src="/theme.js"></script>');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script src="/takeover.js" defer data-app="/assets/rolldown-runtime-X.js /assets/first-view-X.js"></script>');
    // The app starts with the page's answers instead of asking for them again.
    const queries = embedded(html);
    expect(queries.find((query) => query.key.join('/') === `store/product/${product.slug}`)?.data.name).toBe(name);
    expect(queries.some((query) => query.key.join('/') === `store/reviews/${product.id}`)).toBe(true);
  });

  it('write a price to name and a version picker themselves, and load the app at once only for a discount code in the address', async () => {
    const maya = await creator('Maya Eager');
    const plain = await upload(maya.cookie, { name: `Plain Guide ${word()}` }, false);
    const named = await upload(maya.cookie, { name: `Named Guide ${word()}`, payWhatYouWant: 'true' }, false);
    const versioned = await upload(maya.cookie, { name: `Versioned Guide ${word()}`, payWhatYouWant: 'true' }, false);
    await app.test.database.pool.query(
      `INSERT INTO product_versions (product_id, name, description, price_cents, file_key, file_name, file_size, position)
       VALUES ($1, 'Basic', 'The book alone', 900, 'v/basic', 'basic.pdf', 10, 0), ($1, 'Studio <Pack>', '', 2400, 'v/studio', 'studio.pdf', 10, 1)`,
      [versioned.id],
    );
    const takeover = (html: string) => /<script src="\/takeover\.js"[^>]*>/.exec(html)![0];
    expect(takeover((await page(`/store/product/${plain.slug}`)).body)).not.toContain('data-eager');
    expect(takeover((await page(`/store/product/${plain.slug}?utm_source=x`)).body)).not.toContain('data-eager');
    expect(takeover((await page(`/store/product/${plain.slug}?code=SAVE10`)).body)).toContain('data-eager');
    // The price to name: the app's field by name, its amount and hint, the product whose kept choices bring the app.
    const namedPage = (await page(`/store/product/${named.slug}`)).body;
    expect(takeover(namedPage)).not.toContain('data-eager');
    expect(namedPage).toContain(`data-price-choices="${named.id}"`);
    expect(namedPage).toMatch(/<label for="named-price"[^>]*>Name a fair price<\/label>/);
    expect(namedPage).toMatch(/<input id="named-price" name="named-price" inputmode="decimal" autocomplete="off" value="12.50"/);
    expect(namedPage).toContain('$12.50 or more');
    expect(namedPage).not.toContain('role="radiogroup"');
    // Versions: the first chosen, each radio named for the app's twin, the names escaped; the amount starts at the first version's.
    const versionedPage = (await page(`/store/product/${versioned.slug}`)).body;
    expect(takeover(versionedPage)).not.toContain('data-eager');
    const radios = [...versionedPage.matchAll(/<button type="button" role="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios).toHaveLength(2);
    expect(radios[0]).toMatch(/aria-checked="true" data-state="checked" data-takeover="version:[\w-]+" tabindex="0" aria-describedby=/);
    expect(radios[1]).toMatch(/aria-checked="false" data-state="unchecked" data-takeover="version:[\w-]+" tabindex="-1"/);
    expect(versionedPage).toContain('Choose a version');
    expect(versionedPage).toContain('Studio &lt;Pack&gt;');
    expect(versionedPage).toContain('$24.00 or more');
    expect(versionedPage).toMatch(/name="named-price"[^>]*value="9.00"/);
  });

  it('write the page in the visitor’s language', async () => {
    const maya = await creator('Maya Idiomas');
    const product = await upload(maya.cookie, { name: `Guía ${word()}` });
    const html = (await page(`/store/product/${product.slug}`, { language: 'es-ES,es;q=0.9' })).body;
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(esOrders.buyNow.button);
    expect(html).toMatch(/12,50\s?US\$|US\$\s?12,50|12,50\s?\$/);
  });

  it('give a signed-in visitor the app (their pages are personal), with the same meta tags', async () => {
    const maya = await creator('Maya Signed');
    const product = await upload(maya.cookie, { name: `Signed Guide ${word()}` });
    const buyer = await createSignedInUser(app.test, { name: 'Buyer' });
    const response = await page(`/store/product/${product.slug}`, { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/first-view-X.js"></script>');
    expect(response.body).not.toContain('takeover.js');
    expect(response.body).toContain('<meta property="product:price:amount" content="12.50" />');
    expect(String(response.headers.vary)).toContain('Cookie');
  });

  it('count a guest’s view once a day as the app does, and no bot’s', async () => {
    const maya = await creator('Maya Views');
    const product = await upload(maya.cookie, { name: `Viewed Guide ${word()}` }, false);
    const views = async () => (await app.test.database.pool.query<{ views: number }>('SELECT views FROM products WHERE id = $1', [product.id])).rows[0]!.views;
    const first = await page(`/store/product/${product.slug}`);
    expect(await views()).toBe(1);
    // The visitor's id cookie comes with the page: the app's own count on the takeover is the same visitor.
    const visitor = String(first.headers['set-cookie']).split(';')[0]!;
    await page(`/store/product/${product.slug}`, { cookie: visitor });
    const fromApp = await request(app.test.app, { method: 'POST', url: `/api/products/${product.id}/views`, cookie: visitor, headers: { 'user-agent': BROWSER } });
    expect(fromApp.json()).toMatchObject({ counted: false });
    await page(`/store/product/${product.slug}`, { userAgent: BOT });
    expect(await views()).toBe(1);
  });

  it('give bots the server page, even with a cookie', async () => {
    const maya = await creator('Maya Bots');
    const product = await upload(maya.cookie, { name: `Bot Guide ${word()}` });
    for (const userAgent of [BOT, SLACK]) {
      const html = (await page(`/store/product/${product.slug}`, { cookie: maya.cookie, userAgent })).body;
      expect(html).toContain('data-server-page');
      expect(html).toContain('<meta property="product:price:amount" content="12.50" />');
    }
  });

  it('keep the addresses’ rules: an id redirects for good, a draft and an unknown product are not found; HEAD answers', async () => {
    const maya = await creator('Maya Rules');
    const product = await upload(maya.cookie, { name: `Rules Guide ${word()}` });
    const byId = await page(`/store/product/${product.id}?ref=x`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/store/product/${product.slug}?ref=x`);
    const draft = await upload(maya.cookie, { name: `Draft Guide ${word()}`, draft: 'true' });
    const draftPage = await page(`/store/product/${draft.slug}`);
    expect(draftPage.statusCode).toBe(404);
    expect(draftPage.body).not.toContain('Draft Guide');
    expect((await page(`/store/product/no-such-${word()}`)).statusCode).toBe(404);
    const head = await page(`/store/product/${product.slug}`, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('answer a guest’s storefront with the creator, their products and Get updates', async () => {
    const maya = await creator('Maya Storefront');
    const first = await upload(maya.cookie, { name: `Store Item ${word()}` }, false);
    const second = await upload(maya.cookie, { name: `Store Item ${word()}`, payWhatYouWant: 'true' }, false);
    const response = await page(`/store/${maya.storeSlug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('data-server-page');
    expect(html).toContain('Maya Storefront</h1>');
    expect(html).toContain(`href="/store/product/${first.slug}"`);
    expect(html).toContain(`href="/store/product/${second.slug}"`);
    expect(html).toContain(`data-takeover="buy-now:${first.id}"`);
    expect(html).not.toContain(`data-takeover="buy-now:${second.id}"`);
    expect(html).toContain('name="updates-email"');
    expect(html).toContain('<meta property="og:title" content="Maya Storefront&#39;s storefront" />');
    const queries = embedded(html);
    expect(queries.some((query) => query.key.join('/') === `store/creator/${maya.storeSlug}`)).toBe(true);
    expect(queries.some((query) => query.key[1] === 'products')).toBe(true);
    // The creator's own address by id is the same page.
    expect((await page(`/store/creator/${maya.id}`)).body).toContain('Maya Storefront</h1>');
  });

  it('print a product named like a script as text everywhere: body, title, meta tags and the embedded JSON', async () => {
    const maya = await creator(`Maya ${EVIL}`);
    const product = await upload(maya.cookie, { name: EVIL, description: `${EVIL} and <img src=x onerror=alert(2)>` });
    for (const url of [`/store/product/${product.slug}`, `/store/${maya.storeSlug}`]) {
      const html = (await page(url)).body;
      expect(html, url).not.toContain('<script>alert(1)');
      expect(html, url).not.toContain('<img src=x');
      // The only scripts are the theme's, takeover.js and the JSON of the answers.
      expect(html.match(/<script\b/g)?.length, url).toBe(3);
      expect(html, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      const queries = embedded(html);
      expect(JSON.stringify(queries), url).toContain(EVIL);
    }
    const html = (await page(`/store/product/${product.slug}`)).body;
    expect(html).toContain(`<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; by Maya &lt;/script&gt;`);
    expect(html).toContain(`<meta property="og:title" content="&lt;/script&gt;`);
  });
});
