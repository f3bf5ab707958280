// Issue #16, hole 2: a production build without Stripe took test-card payments, and their money
// could be paid out. Production apps (NODE_ENV=production, https PUBLIC_URL), called over real HTTP.
import { PAYOUT_MESSAGES } from '#shared/payouts.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PAYMENT_MESSAGES } from '#shared/orders-payment-mode.ts';
import { products } from '../../db/schema/products.ts';
import { seedSale } from '../invoices/test-helpers.ts';
import { createSignedInUser, createTestApp, uniqueEmail } from '../../test/test-app.ts';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.zerri.example' };
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** A production app listening on a port, and fetch calls to it as the site's own pages make them. */
async function productionApp(env: Record<string, string> = {}) {
  const test = await createTestApp({ ...PRODUCTION, ...env });
  const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  async function call(method: string, path: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  /** A product on sale, written straight into the table (uploads are tested in the products module). */
  async function createProduct(creatorId: string, priceCents: number) {
    const [product] = await test.database.db
      .insert(products)
      .values({ userId: creatorId, name: 'Guide', slug: `guide-${randomBytes(6).toString('hex')}`, priceCents, category: 'eBook', fileKey: `files/${randomUUID()}`, fileName: 'guide.pdf', fileSize: 512 })
      .returning();
    return product!;
  }
  async function paymentRequest(cookie: string, amount: string) {
    const response = await call('POST', '/api/invoices/payment-requests', { cookie, body: { amount, description: 'Consulting' } });
    expect(response.status).toBe(201);
    return response.body.invoice as { id: string; totalCents: number };
  }
  return { test, base, call, createProduct, paymentRequest };
}

type ProductionApp = Awaited<ReturnType<typeof productionApp>>;

describe('production without a payment provider', () => {
  let prod: ProductionApp;
  beforeAll(async () => {
    prod = await productionApp();
  });
  afterAll(() => prod.test.close());

  const orderCount = async () => Number((await prod.test.database.pool.query(`SELECT count(*) FROM orders`)).rows[0].count);

  it('refuses to start a checkout with 503 and makes no order; free products still need no payment', async () => {
    const creator = await createSignedInUser(prod.test, { role: 'creator' });
    const product = await prod.createProduct(creator.id, 1000);
    const before = await orderCount();
    const refused = await prod.call('POST', '/api/checkout', { body: { email: uniqueEmail('buyer'), productIds: [product.id] } });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({ code: 'payments_unavailable', message: PAYMENT_MESSAGES.unavailable });
    expect(await orderCount()).toBe(before);

    const free = await prod.createProduct(creator.id, 0);
    const freeCheckout = await prod.call('POST', '/api/checkout', { body: { email: uniqueEmail('buyer'), productIds: [free.id] } });
    expect(freeCheckout.status).toBe(201);
    expect(freeCheckout.body).toMatchObject({ status: 'paid', totalCents: 0 });
  });

  it('refuses to start paying an invoice on /pay with 503', async () => {
    const creator = await createSignedInUser(prod.test, { role: 'creator' });
    const invoice = await prod.paymentRequest(creator.cookie, '4321.00');
    const refused = await prod.call('POST', `/api/pay/${invoice.id}/orders`, { body: { email: uniqueEmail('payer') } });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('payments_unavailable');
    expect((await prod.call('GET', `/api/pay/${invoice.id}`)).body.invoice.status).toBe('pending');
  });

  it('takes no test card for an order made while test payments were allowed', async () => {
    const orderId = `ord_${randomBytes(12).toString('hex')}`;
    await prod.test.database.pool.query(
      `INSERT INTO orders (id, kind, buyer_email, total_cents, provider, test_mode) VALUES ($1, 'invoice', 'x@example.com', 5000, 'test', true)`,
      [orderId],
    );
    const refused = await prod.call('POST', `/api/orders/${orderId}/pay`, { body: { card: GOOD_CARD } });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('payments_unavailable');
    expect((await prod.call('GET', `/api/orders/${orderId}`)).body.order.status).toBe('pending');
  });

  it('tells the admin overview and the site that payments are not set up, and warns at start', async () => {
    const admin = await createSignedInUser(prod.test, { role: 'admin' });
    const overview = await prod.call('GET', '/api/admin/overview', { cookie: admin.cookie });
    expect(overview.status).toBe(200);
    expect(overview.body.paymentMode).toBe('none');
    const creator = await createSignedInUser(prod.test, { role: 'creator' });
    expect((await prod.call('GET', '/api/admin/overview', { cookie: creator.cookie })).status).toBe(403);
    expect((await prod.call('GET', '/api/site')).body.payments).toBe('none');
    expect(prod.test.logs()).toContain('Payments are not set up');
  });
});

describe('production with ALLOW_TEST_PAYMENTS=true', () => {
  let prod: ProductionApp;
  beforeAll(async () => {
    prod = await productionApp({ ALLOW_TEST_PAYMENTS: 'true' });
  });
  afterAll(() => prod.test.close());

  const testModeOf = async (table: 'orders' | 'sales', column: 'id' | 'order_id', id: string) =>
    (await prod.test.database.pool.query(`SELECT test_mode FROM ${table} WHERE ${column} = $1`, [id])).rows.map((row) => row.test_mode as boolean);

  async function creatorWithPayPal() {
    const creator = await createSignedInUser(prod.test, { role: 'creator' });
    const saved = await prod.call('PUT', '/api/payouts/method', { cookie: creator.cookie, body: { type: 'paypal', email: 'pat@paypal.test' } });
    expect(saved.status).toBe(200);
    return creator;
  }

  it('says test mode to the pages and warns at start', async () => {
    expect((await prod.call('GET', '/api/site')).body.payments).toBe('test');
    expect(prod.test.logs()).toContain('ALLOW_TEST_PAYMENTS is on in production');
    const admin = await createSignedInUser(prod.test, { role: 'admin' });
    expect((await prod.call('GET', '/api/admin/overview', { cookie: admin.cookie })).body.paymentMode).toBe('test');
  });

  it('takes a test-card checkout, marks it, and never pays its money out', async () => {
    const creator = await creatorWithPayPal();
    const product = await prod.createProduct(creator.id, 2500);
    const started = await prod.call('POST', '/api/checkout', { body: { email: uniqueEmail('buyer'), productIds: [product.id] } });
    expect(started.status).toBe(201);
    expect(started.body.start).toEqual({ type: 'card_form' });
    const paid = await prod.call('POST', `/api/orders/${started.body.orderId}/pay`, { body: { card: GOOD_CARD } });
    expect(paid.status).toBe(200);
    expect(await testModeOf('orders', 'id', started.body.orderId)).toEqual([true]);
    expect(await testModeOf('sales', 'order_id', started.body.orderId)).toEqual([true]);

    expect((await prod.call('GET', '/api/payouts', { cookie: creator.cookie })).body).toMatchObject({ balanceCents: 0, testBalanceCents: 2500 - 25 }); // less the 1% fee
    const refused = await prod.call('POST', '/api/payouts', { cookie: creator.cookie, headers: { 'idempotency-key': randomUUID() } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'no_funds', message: PAYOUT_MESSAGES.noFunds });
    expect((await prod.call('GET', '/api/payouts', { cookie: creator.cookie })).body.payouts).toEqual([]);
  });

  it('takes a test-card invoice payment, marks it, and a payout takes only the real money beside it', async () => {
    const creator = await creatorWithPayPal();
    const invoice = await prod.paymentRequest(creator.cookie, '4321.00');
    const started = await prod.call('POST', `/api/pay/${invoice.id}/orders`, { body: { email: uniqueEmail('payer') } });
    expect(started.status).toBe(201);
    const orderId = started.body.order.id as string;
    expect((await prod.call('POST', `/api/orders/${orderId}/pay`, { body: { card: GOOD_CARD } })).status).toBe(200);
    expect((await prod.call('GET', `/api/pay/${invoice.id}`)).body.invoice.status).toBe('paid');
    expect(await testModeOf('orders', 'id', orderId)).toEqual([true]);

    // A sale paid with real money (through Stripe, say) is payable; the test money next to it is not.
    await seedSale(prod.test.database, creator.id, 1999);
    expect((await prod.call('GET', '/api/payouts', { cookie: creator.cookie })).body).toMatchObject({ balanceCents: 1999 - 20, testBalanceCents: 432_100 }); // the sale less its 1% fee
    const payout = await prod.call('POST', '/api/payouts', { cookie: creator.cookie, headers: { 'idempotency-key': randomUUID() } });
    expect(payout.status).toBe(201);
    expect(payout.body).toMatchObject({ payout: { amountCents: 1999 - 20, status: 'processing' }, balanceCents: 0 });
    const again = await prod.call('POST', '/api/payouts', { cookie: creator.cookie, headers: { 'idempotency-key': randomUUID() } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('no_funds');
  });
});
