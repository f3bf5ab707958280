// Product versions (issue #21): the creator adds, changes, orders and removes a product's versions;
// the buyer picks one at checkout; sales, the library, receipts, reviews, the export and license
// verification name it; changing or removing a version never takes a file away from a past buyer.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { PRODUCT_VERSIONS_MAX, VERSION_MESSAGES } from '#shared/products-versions.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { createProduct, pay, salesOf } from '../orders/test-helpers.ts';

const app = listeningTestApp();

const fileBytes = (label: string) => Buffer.concat([Buffer.from(`${label} `), randomBytes(512)]);

/** A version form over real HTTP (multipart), as the edit page sends it. */
async function versionForm(method: 'POST' | 'PATCH', url: string, cookie: string | undefined, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${app.base}${url}`, { method, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: form });
  return { status: response.status, body: (await response.json()) as { versions?: Version[]; error?: { code: string; message: string; params?: object } } };
}

interface Version {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  fileName: string;
  fileSize: number;
}

async function addVersion(productId: string, cookie: string, fields: { name: string; price: string; description?: string }, bytes = fileBytes(fields.name)) {
  const made = await versionForm('POST', `/api/products/${productId}/versions`, cookie, fields, { bytes, name: `${fields.name.toLowerCase()}.zip` });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { versions: made.body.versions!, bytes, version: made.body.versions!.find((version) => version.name === fields.name)! };
}

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, cookie?: string) => request(app.test.app, { method, url, payload, cookie });

/** A creator's product with versions Basic ($10) and Extended ($25). */
async function productWithVersions(options: { licenseKeys?: boolean; payWhatYouWant?: boolean } = {}) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const product = await createProduct(app.base, creator.cookie, { price: '99', ...options });
  const basic = await addVersion(product.id, creator.cookie, { name: 'Basic', price: '10', description: 'For one project.' });
  const extended = await addVersion(product.id, creator.cookie, { name: 'Extended', price: '25', description: 'For unlimited projects.' });
  return { creator, product, basic, extended };
}

const checkoutBody = (productIds: string[], extra: object = {}) => ({ email: uniqueEmail('fan'), productIds, ...extra });

/** A signed-in buyer buys the product's version; returns the buyer, the order and its one sale. */
async function buyVersion(productId: string, versionId: string, extra: object = {}) {
  const buyer = await createSignedInUser(app.test, { role: 'user' });
  const started = await json('POST', '/api/checkout', { email: buyer.email, productIds: [productId], versions: [{ productId, versionId }], ...extra }, buyer.cookie);
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string; totalCents: number };
  if (started.json().status === 'pending') expect((await pay(app.test, orderId)).statusCode).toBe(200);
  return { buyer, orderId, totalCents: started.json().totalCents as number };
}

/** The buyer's library line of the product, with its download fetched. */
async function libraryDownload(cookie: string, productId: string) {
  const item = (await get('/api/library', cookie)).json().items.find((line: { productId: string }) => line.productId === productId);
  const download = await get(item.downloadUrl);
  return { item, status: download.statusCode, bytes: download.rawPayload, disposition: String(download.headers['content-disposition']) };
}

describe('a product’s versions, for its creator', () => {
  it('are added, listed, changed, ordered and removed by the creator or an admin only', async () => {
    const { creator, product, basic, extended } = await productWithVersions();
    expect(extended.versions.map(({ name, priceCents, description, fileName }) => ({ name, priceCents, description, fileName }))).toEqual([
      { name: 'Basic', priceCents: 1000, description: 'For one project.', fileName: 'basic.zip' },
      { name: 'Extended', priceCents: 2500, description: 'For unlimited projects.', fileName: 'extended.zip' },
    ]);
    expect((await get(`/api/products/${product.id}/versions`, creator.cookie)).json().versions).toEqual(extended.versions);

    // The product page names the active versions in order, without their files; the price is the lowest one's.
    const page = (await get(`/api/products/${product.id}`)).json().product;
    expect(page.versions).toEqual([
      { id: basic.version.id, name: 'Basic', description: 'For one project.', priceCents: 1000 },
      { id: extended.version.id, name: 'Extended', description: 'For unlimited projects.', priceCents: 2500 },
    ]);
    expect(page.priceCents).toBe(1000);
    const card = (await get(`/api/store/products?creator=${creator.id}`)).json().items[0];
    expect(card).toMatchObject({ id: product.id, priceCents: 1000, hasVersions: true });

    // Others: a guest 401, another creator 403, an unknown product 404; an admin may.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const url = `/api/products/${product.id}/versions`;
    expect((await versionForm('POST', url, undefined, { name: 'Pro', price: '50' }, { bytes: fileBytes('x'), name: 'x.zip' })).status).toBe(401);
    const foreign = await versionForm('POST', url, other.cookie, { name: 'Pro', price: '50' }, { bytes: fileBytes('x'), name: 'x.zip' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'not_product_owner', message: PRODUCT_MESSAGES.notOwner });
    expect((await get(url, other.cookie)).statusCode).toBe(403);
    expect((await versionForm('PATCH', `${url}/${basic.version.id}`, other.cookie, { price: '1' })).status).toBe(403);
    expect((await json('DELETE', `${url}/${basic.version.id}`, undefined, other.cookie)).statusCode).toBe(403);
    expect((await json('PUT', `${url}/order`, { ids: [extended.version.id, basic.version.id] }, other.cookie)).statusCode).toBe(403);
    const unknown = await versionForm('POST', `/api/products/${crypto.randomUUID()}/versions`, creator.cookie, { name: 'Pro', price: '50' }, { bytes: fileBytes('x'), name: 'x.zip' });
    expect(unknown.status).toBe(404);
    expect((await versionForm('PATCH', `${url}/${crypto.randomUUID()}`, creator.cookie, { price: '1' })).body.error).toMatchObject({ code: 'version_not_found' });
    const byAdmin = await versionForm('POST', url, admin.cookie, { name: 'Commercial', price: '80' }, { bytes: fileBytes('c'), name: 'c.zip' });
    expect(byAdmin.status).toBe(201);
    const commercial = byAdmin.body.versions!.find((version) => version.name === 'Commercial')!;

    // Changed: only the fields sent.
    const changed = await versionForm('PATCH', `${url}/${basic.version.id}`, creator.cookie, { price: '12.50', description: 'One project, one client.' });
    expect(changed.status).toBe(200);
    expect(changed.body.versions![0]).toMatchObject({ name: 'Basic', priceCents: 1250, description: 'One project, one client.', fileName: 'basic.zip' });
    expect((await get(`/api/products/${product.id}`)).json().product.priceCents).toBe(1250);

    // Ordered: the order must list each active version once.
    const order = await json('PUT', `${url}/order`, { ids: [commercial.id, extended.version.id, basic.version.id] }, creator.cookie);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().versions.map((version: Version) => version.name)).toEqual(['Commercial', 'Extended', 'Basic']);
    const partial = await json('PUT', `${url}/order`, { ids: [commercial.id, basic.version.id] }, creator.cookie);
    expect(partial.json().error).toEqual({ code: 'invalid_version_order', message: VERSION_MESSAGES.invalidVersionOrder });
    const twice = await json('PUT', `${url}/order`, { ids: [commercial.id, basic.version.id, basic.version.id] }, creator.cookie);
    expect(twice.statusCode).toBe(400);

    // Removed: it leaves the product; the rest keep their order.
    const removed = await json('DELETE', `${url}/${commercial.id}`, undefined, creator.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().versions.map((version: Version) => version.name)).toEqual(['Extended', 'Basic']);
    expect((await json('DELETE', `${url}/${commercial.id}`, undefined, creator.cookie)).json().error.code).toBe('version_not_found');
    expect((await get(`/api/products/${product.id}`)).json().product.versions.map((version: Version) => version.name)).toEqual(['Extended', 'Basic']);
  });

  it('check the name (required, unique among the active versions whatever the case), the price, the file and the limit', async () => {
    const { creator, product, basic } = await productWithVersions();
    const url = `/api/products/${product.id}/versions`;
    const file = { bytes: fileBytes('f'), name: 'f.zip' };
    const taken = await versionForm('POST', url, creator.cookie, { name: 'basic', price: '5' }, file);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'version_name_taken', message: VERSION_MESSAGES.versionNameTaken('basic'), params: { name: 'basic' } });
    expect((await versionForm('PATCH', `${url}/${basic.version.id}`, creator.cookie, { name: 'EXTENDED' })).body.error?.code).toBe('version_name_taken');
    expect((await versionForm('POST', url, creator.cookie, { name: ' ', price: '5' }, file)).body.error).toEqual({
      code: 'version_name_required',
      message: VERSION_MESSAGES.versionNameRequired,
    });
    expect((await versionForm('POST', url, creator.cookie, { name: 'Pro', price: '' }, file)).body.error?.code).toBe('version_price_required');
    expect((await versionForm('POST', url, creator.cookie, { name: 'Pro', price: '-1' }, file)).body.error).toEqual({
      code: 'invalid_price',
      message: PRODUCT_MESSAGES.invalidPrice,
    });
    expect((await versionForm('POST', url, creator.cookie, { name: 'x'.repeat(61), price: '5' }, file)).body.error?.code).toBe('version_name_too_long');
    const noFile = await versionForm('POST', url, creator.cookie, { name: 'Pro', price: '5' });
    expect(noFile.body.error).toEqual({ code: 'version_file_required', message: VERSION_MESSAGES.versionFileRequired });

    // A removed version's name is free again.
    await json('DELETE', `${url}/${basic.version.id}`, undefined, creator.cookie);
    await addVersion(product.id, creator.cookie, { name: 'BASIC', price: '9' });

    for (let index = 3; index <= PRODUCT_VERSIONS_MAX; index += 1) await addVersion(product.id, creator.cookie, { name: `Tier ${index}`, price: '5' });
    const tooMany = await versionForm('POST', url, creator.cookie, { name: 'One more', price: '5' }, file);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toEqual({ code: 'too_many_versions', message: VERSION_MESSAGES.tooManyVersions(PRODUCT_VERSIONS_MAX), params: { max: PRODUCT_VERSIONS_MAX } });
  });
});

describe('buying a version', () => {
  it('requires a version of a product that has versions, prices it as that version, and ignores one for other products', async () => {
    const { creator, product, basic, extended } = await productWithVersions();
    const plain = await createProduct(app.base, creator.cookie, { price: '3' });

    const none = await json('POST', '/api/checkout', checkoutBody([product.id]));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({ code: 'version_required', message: VERSION_MESSAGES.versionRequired(product.name), params: { product: product.name } });
    const wrong = await json('POST', '/api/checkout', checkoutBody([product.id], { versions: [{ productId: product.id, versionId: crypto.randomUUID() }] }));
    expect(wrong.json().error).toEqual({ code: 'version_unavailable', message: VERSION_MESSAGES.versionUnavailable(product.name), params: { product: product.name } });

    const both = await json(
      'POST',
      '/api/checkout',
      checkoutBody([product.id, plain.id], { versions: [{ productId: product.id, versionId: extended.version.id }, { productId: plain.id, versionId: basic.version.id }] }),
    );
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().totalCents).toBe(2500 + 300);
    const order = (await get(`/api/orders/${both.json().orderId}`)).json().order;
    expect(order.items.map((item: { priceCents: number }) => item.priceCents)).toEqual([2500, 300]);
  });

  it('takes the amount named from the version’s price up with pay what you want, then the discount code', async () => {
    const { creator, product, extended } = await productWithVersions({ payWhatYouWant: true });
    const version = [{ productId: product.id, versionId: extended.version.id }];
    // The version's price is its minimum; no suggested price applies, so without an amount it is that price.
    expect((await json('POST', '/api/checkout', checkoutBody([product.id], { versions: version }))).json().totalCents).toBe(2500);
    const below = await json('POST', '/api/checkout', checkoutBody([product.id], { versions: version, prices: [{ productId: product.id, amountCents: 2000 }] }));
    expect(below.json().error).toEqual({
      code: 'price_below_minimum',
      message: ORDER_MESSAGES.priceBelowMinimum('$25.00', product.name),
      params: { minimum: '$25.00', product: product.name },
    });

    const code = `VER${randomBytes(3).toString('hex').toUpperCase()}`;
    expect((await json('POST', '/api/discounts', { code, kind: 'percent', amount: 20 }, creator.cookie)).statusCode).toBe(201);
    const body = { versions: version, prices: [{ productId: product.id, amountCents: 3000 }] };
    const quote = await json('POST', '/api/discounts/quote', { code, productIds: [product.id], ...body });
    expect(quote.json()).toMatchObject({ discountCents: 600, lines: [{ productId: product.id, discountCents: 600 }] });
    // A quote without a version prices the lowest one, as the product's card shows it.
    expect((await json('POST', '/api/discounts/quote', { code, productIds: [product.id] })).json().discountCents).toBe(200);

    const { orderId, totalCents } = await buyVersion(product.id, extended.version.id, { discountCode: code, prices: body.prices });
    expect(totalCents).toBe(2400);
    const [sale] = await salesOf(app.test, orderId);
    expect(sale).toMatchObject({ amount_cents: 2400, discount_cents: 600, version_id: extended.version.id, version_name: 'Extended' });
  });

  it('gives the buyer the version’s file, named in the library, the receipt, the sales, the export, the review and the license', async () => {
    const { creator, product, basic, extended } = await productWithVersions({ licenseKeys: true });
    const { buyer, orderId } = await buyVersion(product.id, extended.version.id);

    const { item, status, bytes, disposition } = await libraryDownload(buyer.cookie, product.id);
    expect(item).toMatchObject({ productName: product.name, versionName: 'Extended', fileName: 'extended.zip', amountCents: 2500 });
    expect(status).toBe(200);
    expect(Buffer.compare(bytes, extended.bytes)).toBe(0);
    expect(Buffer.compare(bytes, basic.bytes)).not.toBe(0);
    expect(disposition).toContain('extended.zip');

    expect((await latestMailTo(app.test.database, buyer.email))?.text).toContain(`${product.name} (Extended) — $25.00`);

    const sale = (await get('/api/my/sales', creator.cookie)).json().items.find((line: { productId: string }) => line.productId === product.id);
    expect(sale).toMatchObject({ versionName: 'Extended', amountCents: 2500 });
    const csv = (await get('/api/sales/export.csv', creator.cookie)).body;
    expect(csv).toContain(`,${orderId},${product.name},Extended,${buyer.email},25.00,`);

    const reviewed = await json('POST', `/api/products/${product.id}/reviews`, { rating: 5, body: 'Worth it.' }, buyer.cookie);
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const review = (await get(`/api/products/${product.id}/reviews`)).json().items[0];
    expect(review).toMatchObject({ body: 'Worth it.', versionName: 'Extended' });

    const verified = await app.test.app.inject({ method: 'POST', url: '/api/licenses/verify', payload: { product_id: product.id, license_key: item.license.key } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().purchase).toMatchObject({ variants: 'Extended', product_name: product.name });
  });
});

describe('changing or removing a version', () => {
  it('keeps past buyers’ file when the file is replaced, and gives future buyers the new one', async () => {
    const { creator, product, extended } = await productWithVersions();
    const past = await buyVersion(product.id, extended.version.id);

    const replacement = fileBytes('Extended v2');
    const changed = await versionForm('PATCH', `/api/products/${product.id}/versions/${extended.version.id}`, creator.cookie, { name: 'Extended+' }, { bytes: replacement, name: 'extended-v2.zip' });
    expect(changed.status).toBe(200);
    expect(changed.body.versions![1]).toMatchObject({ name: 'Extended+', fileName: 'extended-v2.zip' });

    const before = await libraryDownload(past.buyer.cookie, product.id);
    expect(before.item).toMatchObject({ versionName: 'Extended', fileName: 'extended.zip' });
    expect(Buffer.compare(before.bytes, extended.bytes)).toBe(0);

    const future = await buyVersion(product.id, extended.version.id);
    const after = await libraryDownload(future.buyer.cookie, product.id);
    expect(after.item).toMatchObject({ versionName: 'Extended+', fileName: 'extended-v2.zip' });
    expect(Buffer.compare(after.bytes, replacement)).toBe(0);

    // Replaced again: the file nobody bought goes from storage; the one a sale delivers stays.
    const third = await versionForm('PATCH', `/api/products/${product.id}/versions/${extended.version.id}`, creator.cookie, {}, { bytes: fileBytes('v3'), name: 'v3.zip' });
    expect(third.status).toBe(200);
    const { rows } = await app.test.database.pool.query(`SELECT key FROM stored_files WHERE user_id = $1 AND bucket = 'product-files'`, [creator.id]);
    const [pastSale] = await salesOf(app.test, past.orderId);
    const [futureSale] = await salesOf(app.test, future.orderId);
    const keys = rows.map((row: { key: string }) => row.key);
    expect(keys).toEqual(expect.arrayContaining([(pastSale as unknown as { file_key: string }).file_key, (futureSale as unknown as { file_key: string }).file_key]));
  });

  it('takes a removed version off sale, but its buyers still download it; a version nobody bought leaves storage', async () => {
    const { creator, product, basic, extended } = await productWithVersions();
    const past = await buyVersion(product.id, extended.version.id);
    const fileCount = async () =>
      Number((await app.test.database.pool.query(`SELECT count(*) FROM stored_files WHERE user_id = $1 AND bucket = 'product-files'`, [creator.id])).rows[0].count);
    const stored = await fileCount();

    expect((await json('DELETE', `/api/products/${product.id}/versions/${extended.version.id}`, undefined, creator.cookie)).statusCode).toBe(200);
    expect(await fileCount()).toBe(stored); // a sale delivers it
    const refused = await json('POST', '/api/checkout', checkoutBody([product.id], { versions: [{ productId: product.id, versionId: extended.version.id }] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('version_unavailable');
    const cart = await json('POST', '/api/cart/quote', { productIds: [product.id] });
    expect(cart.json().items[0].versions.map((version: Version) => version.name)).toEqual(['Basic']);

    const after = await libraryDownload(past.buyer.cookie, product.id);
    expect(after.status).toBe(200);
    expect(after.item.versionName).toBe('Extended');
    expect(Buffer.compare(after.bytes, extended.bytes)).toBe(0);

    // Nobody bought Basic: removing it removes its file.
    expect((await json('DELETE', `/api/products/${product.id}/versions/${basic.version.id}`, undefined, creator.cookie)).statusCode).toBe(200);
    expect(await fileCount()).toBe(stored - 1);
    // Without active versions, the product sells as before, at its own file and last price.
    const plain = await json('POST', '/api/checkout', checkoutBody([product.id]));
    expect(plain.statusCode, plain.body).toBe(201);
  });
});
