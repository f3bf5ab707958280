// License keys (issue #21): issued with each paid sale of a product sold with keys, checked by the
// creator's own app through the public verify API, managed by the creator, disabled by a refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLicenseKey, LICENSE_KEY_PATTERN, LICENSE_MESSAGES, maskEmail } from '#shared/licenses.ts';
import { createSignedInUser, createTestApp, latestMailTo, request, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { salesOfOrder } from '../sales/queries.ts';
import { buy, checkout, createProduct, pay } from '../orders/test-helpers.ts';
import { issueLicenses } from './service.ts';

const VERIFY_LIMIT = 40;

let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({ LICENSE_VERIFY_RATE_LIMIT_MAX: String(VERIFY_LIMIT) });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

let addresses = 0;
/** Each test verifies from its own client address, so the per-address limit counts only its own calls. */
const newAddress = () => `10.21.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** A script's call: JSON, no cookie, no Origin. */
const verify = (payload: object, remoteAddress: string) => test.app.inject({ method: 'POST', url: '/api/licenses/verify', payload, remoteAddress });

const post = (url: string, cookie?: string) => request(test.app, { method: 'POST', url, payload: {}, cookie });

interface LicenseRow {
  id: string;
  key: string;
  product_id: string;
  sale_id: string;
  creator_id: string;
  uses: number;
  disabled_at: Date | null;
}

async function licensesOfProduct(productId: string): Promise<LicenseRow[]> {
  const { rows } = await test.database.pool.query(`SELECT * FROM licenses WHERE product_id = $1 ORDER BY created_at`, [productId]);
  return rows as LicenseRow[];
}

/** A creator with a product sold with license keys, bought once by a signed-in buyer; returns the key. */
async function soldKey(options: { price?: string } = {}) {
  const creator = await createSignedInUser(test, { role: 'creator' });
  const product = await createProduct(base, creator.cookie, { name: 'Pixel Tool', price: options.price ?? '15.00', licenseKeys: true });
  const buyer = await createSignedInUser(test, { role: 'user' });
  const orderId = await buy(test, buyer.email, [product.id], buyer.cookie);
  const [license] = await licensesOfProduct(product.id);
  return { creator, product, buyer, orderId, license: license! };
}

describe('license keys on a product', () => {
  it('are off unless the creator turns them on, in the product form', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const plain = await createProduct(base, creator.cookie);
    expect(plain.licenseKeys).toBe(false);
    const keyed = await createProduct(base, creator.cookie, { licenseKeys: true });
    expect(keyed.licenseKeys).toBe(true);

    const edit = (id: string, value: string) => {
      const form = new FormData();
      form.append('licenseKeys', value);
      return fetch(`${base}/api/products/${id}`, { method: 'PATCH', headers: { origin: 'http://zerri.test', cookie: creator.cookie }, body: form });
    };
    const turnedOn = await edit(plain.id, 'true');
    expect(turnedOn.status).toBe(200);
    expect(((await turnedOn.json()) as { product: { licenseKeys: boolean } }).product.licenseKeys).toBe(true);
    const turnedOff = await edit(plain.id, 'false');
    expect(((await turnedOff.json()) as { product: { licenseKeys: boolean } }).product.licenseKeys).toBe(false);
    const wrong = await edit(plain.id, 'maybe');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: unknown }).error).toEqual({ code: 'invalid_license_keys', message: 'License keys must be on (true) or off (false).' });
  });
});

describe('issuing keys', () => {
  it('gives each paid sale of a keyed product one unique key, in the library and the receipt; other products get none', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const keyed = await createProduct(base, creator.cookie, { name: 'Shader Pack', price: '20.00', licenseKeys: true });
    const plain = await createProduct(base, creator.cookie, { name: 'Wallpaper', price: '2.00' });
    const buyer = await createSignedInUser(test, { role: 'user' });
    const orderId = await buy(test, buyer.email, [keyed.id, plain.id], buyer.cookie);

    const [license, ...more] = await licensesOfProduct(keyed.id);
    expect(more).toEqual([]);
    expect(license!.key).toMatch(LICENSE_KEY_PATTERN);
    const sales = await salesOfOrder(test.database.db, orderId);
    expect(license).toMatchObject({ sale_id: sales.find((sale) => sale.productId === keyed.id)!.id, creator_id: creator.id, uses: 0, disabled_at: null });
    expect(await licensesOfProduct(plain.id)).toEqual([]);

    const library = (await request(test.app, { method: 'GET', url: '/api/library', cookie: buyer.cookie })).json().items as { productId: string; license: unknown }[];
    expect(library.find((item) => item.productId === keyed.id)!.license).toEqual({ key: license!.key, status: 'active' });
    expect(library.find((item) => item.productId === plain.id)!.license).toBeNull();

    const receipt = (await latestMailTo(test.database, buyer.email))!.text;
    expect(receipt).toContain(`License key: ${license!.key}`);
    expect(receipt.match(/License key:/g)).toHaveLength(1);

    // A second buyer gets another key.
    const other = await createSignedInUser(test, { role: 'user' });
    await buy(test, other.email, [keyed.id], other.cookie);
    const keys = (await licensesOfProduct(keyed.id)).map((row) => row.key);
    expect(new Set(keys).size).toBe(2);
  });

  it('is idempotent: a second run keeps the one key of each sale', async () => {
    const { orderId, license } = await soldKey();
    const made = await salesOfOrder(test.database.db, orderId);
    const again = await test.database.db.transaction((tx) => issueLicenses(tx, made));
    expect([...again.values()]).toEqual([license.key]);
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM licenses WHERE sale_id = $1`, [license.sale_id]);
    expect(rows[0].n).toBe(1);
  });

  it('gives none for an item withdrawn before the payment (refunded at fulfilment)', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { licenseKeys: true });
    const admin = await createSignedInUser(test, { role: 'admin' });
    const email = uniqueEmail('late-buyer');
    const started = await checkout(test, { email, productIds: [product.id] });
    const { orderId } = started.json() as { orderId: string };
    expect((await post(`/api/admin/products/${product.id}/hide`, admin.cookie)).statusCode).toBe(200);
    expect((await pay(test, orderId)).statusCode).toBe(200);
    expect((await salesOfOrder(test.database.db, orderId)).map((sale) => sale.status)).toEqual(['refunded']);
    expect(await licensesOfProduct(product.id)).toEqual([]);
    expect((await latestMailTo(test.database, email))!.text).not.toContain('License key');
  });
});

describe('POST /api/licenses/verify', () => {
  it('answers a valid key with its uses, counting one per call unless asked not to', async () => {
    const { product, buyer, license } = await soldKey({ price: '15.00' });
    const ip = newAddress();
    const first = await verify({ product_id: product.id, license_key: license.key }, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      uses: 1,
      purchase: {
        id: license.sale_id,
        sale_id: license.sale_id,
        product_id: product.id,
        product_name: 'Pixel Tool',
        email: maskEmail(buyer.email),
        license_key: license.key,
        price: 1500,
        currency: 'usd',
        quantity: 1,
        variants: '',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sale_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        refunded: false,
      },
    });
    expect((await verify({ product_id: product.id, license_key: license.key, increment_uses_count: true }, ip)).json().uses).toBe(2);
    // Not counted: false, or "false" as a form-minded client sends it.
    expect((await verify({ product_id: product.id, license_key: license.key, increment_uses_count: false }, ip)).json().uses).toBe(2);
    expect((await verify({ product_id: product.id, license_key: license.key, increment_uses_count: 'false' }, ip)).json().uses).toBe(2);
    // A key as a person pastes it: spaces around, lower case.
    const pasted = await verify({ product_id: product.id, license_key: ` ${license.key.toLowerCase()} `, increment_uses_count: 'false' }, ip);
    expect(pasted.statusCode).toBe(200);
    expect((await licensesOfProduct(product.id))[0]!.uses).toBe(2);
  });

  it('gives one answer for an unknown key, a key of another product and a malformed key or product id', async () => {
    const { creator, product, license } = await soldKey();
    const otherProduct = await createProduct(base, creator.cookie, { licenseKeys: true });
    const ip = newAddress();
    const answers = await Promise.all(
      [
        { product_id: product.id, license_key: formatLicenseKey(new Uint8Array(16).fill(7)) },
        { product_id: otherProduct.id, license_key: license.key },
        { product_id: product.id, license_key: 'not-a-key' },
        { product_id: product.id, license_key: `${license.key}-0` },
        { product_id: 'abc', license_key: license.key },
        { product_id: '00000000-0000-4000-8000-000000000000', license_key: license.key },
      ].map((payload) => verify(payload, ip)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: { code: 'license_not_found', message: LICENSE_MESSAGES.notFound, title: 'Not Found' } });
    }
    expect((await licensesOfProduct(product.id))[0]!.uses).toBe(0);
  });

  it('needs both fields, and increment_uses_count true or false', async () => {
    const ip = newAddress();
    const noProduct = await verify({ license_key: 'ABC' }, ip);
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().error.message).toBe(LICENSE_MESSAGES.productIdRequired);
    const noKey = await verify({ product_id: 'x', license_key: '  ' }, ip);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toBe(LICENSE_MESSAGES.licenseKeyRequired);
    const badFlag = await verify({ product_id: 'x', license_key: 'y', increment_uses_count: 'sometimes' }, ip);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error.message).toBe(LICENSE_MESSAGES.incrementUsesCount);
  });

  it('counts every one of many simultaneous checks exactly once', async () => {
    const { product, license } = await soldKey();
    const ip = newAddress();
    const calls = 30;
    const answers = await Promise.all(Array.from({ length: calls }, () => verify({ product_id: product.id, license_key: license.key }, ip)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: calls }, () => 200));
    const uses = answers.map((answer) => answer.json().uses as number).sort((a, b) => a - b);
    expect(uses).toEqual(Array.from({ length: calls }, (_, index) => index + 1));
    expect((await licensesOfProduct(product.id))[0]!.uses).toBe(calls);
  });

  it('is limited per client address (429 with Retry-After), and counts wrong guesses too', async () => {
    const { product, license } = await soldKey();
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < VERIFY_LIMIT; i++) {
      const guess = i % 2 === 0 ? formatLicenseKey(new Uint8Array(16).fill(i)) : license.key;
      statuses.push((await verify({ product_id: product.id, license_key: guess, increment_uses_count: false }, ip)).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const refused = await verify({ product_id: product.id, license_key: license.key }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many license verifications\. Please wait \d+ seconds\.$/) });
    expect((await licensesOfProduct(product.id))[0]!.uses).toBe(0);
    // Another address is not held back.
    expect((await verify({ product_id: product.id, license_key: license.key }, newAddress())).statusCode).toBe(200);
  });

  it("shows the buyer's e-mail masked to anyone but the product's creator calling with their API key", async () => {
    const { creator, product, buyer, license } = await soldKey();
    const stranger = await createSignedInUser(test, { role: 'creator' });
    await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = ANY($1)`, [[creator.id, stranger.id]]);
    const keyOf = async (cookie: string) => (await request(test.app, { method: 'POST', url: '/api/api-keys', cookie, payload: { name: 'app' } })).json().key as string;
    const [ownKey, strangerKey] = [await keyOf(creator.cookie), await keyOf(stranger.cookie)];
    const payload = { product_id: product.id, license_key: license.key, increment_uses_count: false };
    const call = (headers: Record<string, string>) => test.app.inject({ method: 'POST', url: '/api/licenses/verify', payload, headers, remoteAddress: newAddress() });
    const masked = maskEmail(buyer.email);
    expect(masked).toMatch(/^.\*\*\*@/);
    expect(masked).not.toContain(buyer.email.split('@')[0]);

    // A guest, a bot, another creator's API key, the creator's own session, the buyer's session: masked.
    const callers: Record<string, string>[] = [
      {},
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'curl/8.5.0' },
      { authorization: `Bearer ${strangerKey}` },
      { cookie: creator.cookie, origin: TEST_ORIGIN },
      { cookie: buyer.cookie, origin: TEST_ORIGIN },
    ];
    for (const headers of callers) {
      const answer = await call(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
      expect(answer.json().purchase.email, JSON.stringify(headers)).toBe(masked);
      expect(answer.body).not.toContain(buyer.email);
    }
    // The product's creator, with their API key: in full.
    const own = await call({ authorization: `Bearer ${ownKey}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().purchase.email).toBe(buyer.email);
    // A made-up key is refused, not treated as a guest; a key of an account without API access too.
    expect((await call({ authorization: `Bearer zk_${'a'.repeat(40)}` })).statusCode).toBe(401);
    await test.database.pool.query(`UPDATE users SET plan = 'free' WHERE id = $1`, [creator.id]);
    expect((await call({ authorization: `Bearer ${ownKey}` })).statusCode).toBe(403);
    // HEAD is no way around it: the route answers POST only.
    const head = await test.app.inject({ method: 'HEAD', url: '/api/licenses/verify', remoteAddress: newAddress() });
    expect(head.statusCode).toBe(404);
    expect(head.body).not.toContain(buyer.email);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await request(test.app, { method: 'GET', url: '/api/docs/openapi.json' })).json();
    const operation = spec.paths['/api/licenses/verify'].post;
    expect(operation.summary).toBe('Verify a license key');
    expect(operation.description).toContain('masked as j***@example.com unless the call carries an API key of the product’s creator');
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toEqual(['success', 'uses', 'purchase']);
  });
});

describe("the creator's keys", () => {
  it('lists the keys of their products with buyer, uses and status', async () => {
    const { creator, product, buyer, license } = await soldKey();
    await verify({ product_id: product.id, license_key: license.key }, newAddress());
    const list = await request(test.app, { method: 'GET', url: '/api/my/licenses', cookie: creator.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [
        {
          id: license.id,
          key: license.key,
          productId: product.id,
          productName: 'Pixel Tool',
          saleId: license.sale_id,
          buyerEmail: buyer.email,
          uses: 1,
          status: 'active',
          refunded: false,
          disabledAt: null,
          createdAt: expect.any(String),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it('disables and enables a key, and resets its uses', async () => {
    const { creator, product, license } = await soldKey();
    const ip = newAddress();
    await verify({ product_id: product.id, license_key: license.key }, ip);

    const disabled = await post(`/api/licenses/${license.id}/disable`, creator.cookie);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().license).toMatchObject({ id: license.id, status: 'disabled', disabledAt: expect.any(String) });
    for (const increment of [true, false]) {
      const refused = await verify({ product_id: product.id, license_key: license.key, increment_uses_count: increment }, ip);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'license_disabled', message: LICENSE_MESSAGES.disabled });
    }
    expect((await licensesOfProduct(product.id))[0]!.uses).toBe(1);

    const enabled = await post(`/api/licenses/${license.id}/enable`, creator.cookie);
    expect(enabled.json().license).toMatchObject({ status: 'active', disabledAt: null });
    expect((await verify({ product_id: product.id, license_key: license.key }, ip)).json().uses).toBe(2);

    const reset = await post(`/api/licenses/${license.id}/reset-uses`, creator.cookie);
    expect(reset.json().license).toMatchObject({ uses: 0, status: 'active' });
    expect((await verify({ product_id: product.id, license_key: license.key }, ip)).json().uses).toBe(1);
  });

  it("are the creator's only: another creator, the buyer and a visitor cannot see or change them", async () => {
    const { creator, buyer, license } = await soldKey();
    const stranger = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'GET', url: '/api/my/licenses' })).statusCode).toBe(401);
    expect((await request(test.app, { method: 'GET', url: '/api/my/licenses', cookie: stranger.cookie })).json()).toMatchObject({ items: [], total: 0 });
    expect((await request(test.app, { method: 'GET', url: '/api/my/licenses', cookie: buyer.cookie })).json()).toMatchObject({ items: [], total: 0 });
    for (const action of ['disable', 'enable', 'reset-uses']) {
      expect((await post(`/api/licenses/${license.id}/${action}`)).statusCode, action).toBe(401);
      for (const cookie of [stranger.cookie, buyer.cookie]) {
        const refused = await post(`/api/licenses/${license.id}/${action}`, cookie);
        expect(refused.statusCode, action).toBe(404);
        expect(refused.json().error).toEqual({ code: 'license_key_not_found', message: LICENSE_MESSAGES.keyNotFound, title: 'Not Found' });
      }
    }
    expect((await post('/api/licenses/not-an-id/disable', creator.cookie)).statusCode).toBe(404);
    expect((await licensesOfProduct(license.product_id))[0]).toMatchObject({ disabled_at: null });
  });
});

describe('a refund', () => {
  it("disables the sale's key for good: verify says so, the library shows it, the creator cannot enable it", async () => {
    const { creator, product, buyer, license } = await soldKey();
    const ip = newAddress();
    expect((await verify({ product_id: product.id, license_key: license.key }, ip)).statusCode).toBe(200);
    const refund = await post(`/api/sales/${license.sale_id}/refund`, creator.cookie);
    expect(refund.statusCode).toBe(200);

    expect((await licensesOfProduct(product.id))[0]!.disabled_at).not.toBeNull();
    const refused = await verify({ product_id: product.id, license_key: license.key }, ip);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'license_refunded', message: LICENSE_MESSAGES.refunded });
    const [item] = (await request(test.app, { method: 'GET', url: '/api/library', cookie: buyer.cookie })).json().items;
    expect(item.license).toEqual({ key: license.key, status: 'disabled' });

    const enable = await post(`/api/licenses/${license.id}/enable`, creator.cookie);
    expect(enable.statusCode).toBe(409);
    expect(enable.json().error).toEqual({ code: 'cannot_enable_refunded', message: LICENSE_MESSAGES.enableRefunded });
    const [listed] = (await request(test.app, { method: 'GET', url: '/api/my/licenses', cookie: creator.cookie })).json().items;
    expect(listed).toMatchObject({ status: 'disabled', refunded: true });
  });
});
