// A product hidden by an admin is not sold any more, not even to an order started before the hide,
// and its file is served to nobody (issue #16, hole 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { startFakeStripe, type FakeStripe } from '../../../../e2e/fake-providers/stripe.mjs';
import { createSignedInUser, createTestApp, latestMailTo, request, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { downloadLinks } from './fulfilment.ts';
import { buy, checkout, createProduct, GOOD_CARD, receiptDownloadPath, salesOf } from './test-helpers.ts';

const adminPost = (test: TestApp, url: string, cookie: string) => request(test.app, { method: 'POST', url, payload: {}, cookie });

describe('with the test card provider', () => {
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    test = await createTestApp();
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  /** A download and a card payment over a real connection, as the buyer's browser makes them. */
  const download = (path: string) => fetch(`${base}${path}`);
  const pay = (orderId: string) =>
    fetch(`${base}/api/orders/${orderId}/pay`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ card: GOOD_CARD }),
    });

  it('an order started before the admin hid a product sells only the rest, and refunds the hidden one', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const hidden = await createProduct(base, creator.cookie, { name: 'Hidden Guide', price: '12.50' });
    const kept = await createProduct(base, creator.cookie, { name: 'Kept Pack', price: '7.25' });
    const buyer = await createSignedInUser(test, { role: 'user' });
    const admin = await createSignedInUser(test, { role: 'admin' });
    const started = await checkout(test, { email: buyer.email, productIds: [hidden.id, kept.id] }, buyer.cookie);
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json() as { orderId: string };

    expect((await adminPost(test, `/api/admin/products/${hidden.id}/hide`, admin.cookie)).statusCode).toBe(200);
    expect(await (await pay(orderId)).json()).toEqual({ status: 'paid' });

    const sales = await salesOf(test, orderId);
    const hiddenSale = sales.find((sale) => sale.product_id === hidden.id)!;
    expect(hiddenSale).toMatchObject({ status: 'refunded', amount_cents: 1250, fee_cents: 0 });
    expect(sales.find((sale) => sale.product_id === kept.id)).toMatchObject({ status: 'completed', amount_cents: 725 });
    const { rows } = await test.database.pool.query('SELECT id, sales_count FROM products WHERE id = ANY($1) ORDER BY name', [[hidden.id, kept.id]]);
    expect(rows.map((row: { sales_count: number }) => row.sales_count)).toEqual([0, 1]);
    const overview = (await request(test.app, { method: 'GET', url: '/api/my/overview', cookie: creator.cookie })).json();
    expect(overview).toMatchObject({ totalEarningsCents: 725 - 7, totalSales: 1 }); // less the 1% fee

    // The receipt says so and links the kept product only; no link, old or new, opens the hidden one.
    const mail = await latestMailTo(test.database, buyer.email);
    expect(mail!.text).toContain('Hidden Guide — $12.50\nThis product is no longer available, so it was not delivered and its price was refunded to you.');
    expect(mail!.text).not.toContain(hiddenSale.id);
    const keptDownload = await download(await receiptDownloadPath(test, buyer.email));
    expect(Buffer.from(await keptDownload.arrayBuffer()).equals(kept.bytes)).toBe(true);
    const forged = await download(downloadLinks(test.app.zerri).path(hiddenSale.id));
    expect(forged.status).toBe(410);
    const library = (await request(test.app, { method: 'GET', url: '/api/library', cookie: buyer.cookie })).json().items;
    expect(library.find((item: { productId: string }) => item.productId === hidden.id)).toMatchObject({ status: 'refunded', downloadUrl: null });
  });

  it('an order of only hidden products sells nothing', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { price: '3.00' });
    const admin = await createSignedInUser(test, { role: 'admin' });
    const email = uniqueEmail('late-buyer');
    const { orderId } = (await checkout(test, { email, productIds: [product.id] })).json() as { orderId: string };
    await adminPost(test, `/api/admin/products/${product.id}/hide`, admin.cookie);
    expect((await pay(orderId)).status).toBe(200);
    expect((await salesOf(test, orderId)).map((sale) => sale.status)).toEqual(['refunded']);
    expect((await latestMailTo(test.database, email))!.text).not.toContain('/api/downloads/');
  });

  it('a product hidden after the purchase is downloaded by nobody, with a valid link or from the library', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie);
    const buyer = await createSignedInUser(test, { role: 'user' });
    const admin = await createSignedInUser(test, { role: 'admin' });
    await buy(test, buyer.email, [product.id], buyer.cookie);
    const link = await receiptDownloadPath(test, buyer.email);
    expect((await download(link)).status).toBe(200);

    await adminPost(test, `/api/admin/products/${product.id}/hide`, admin.cookie);
    const refused = await download(link);
    expect(refused.status).toBe(410);
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(((await refused.json()) as { error: unknown }).error).toEqual({ code: 'product_withdrawn', message: ORDER_MESSAGES.productWithdrawn });
    const [item] = (await request(test.app, { method: 'GET', url: '/api/library', cookie: buyer.cookie })).json().items;
    expect(item).toMatchObject({ productId: product.id, status: 'completed', downloadUrl: null });
    const [sale] = await salesOf(test, (await test.database.pool.query('SELECT order_id FROM sales WHERE product_id = $1', [product.id])).rows[0].order_id);
    expect((await download(downloadLinks(test.app.zerri).path(sale!.id))).status).toBe(410);
    expect(sale!.download_count).toBe(1);

    // Shown again by the admin, the purchase downloads again.
    await adminPost(test, `/api/admin/products/${product.id}/show`, admin.cookie);
    expect((await download(link)).status).toBe(200);
  });
});

describe('with Stripe', () => {
  let stripe: FakeStripe;
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    stripe = await startFakeStripe({ apiKey: 'sk_test_zerri', webhookSecret: 'whsec_zerri' });
    test = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_zerri', STRIPE_WEBHOOK_SECRET: 'whsec_zerri', STRIPE_API_BASE: stripe.url });
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${base}/api/payments/stripe/webhook`);
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  it('money paid for a product hidden before the payment goes back once; the booking waits for the refund', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const hidden = await createProduct(base, creator.cookie, { name: 'Withdrawn Guide', price: '12.50' });
    const kept = await createProduct(base, creator.cookie, { name: 'Kept Pack', price: '7.25' });
    const admin = await createSignedInUser(test, { role: 'admin' });
    const started = await checkout(test, { email: uniqueEmail('stripe-late'), productIds: [hidden.id, kept.id] });
    const { orderId } = started.json() as { orderId: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    await adminPost(test, `/api/admin/products/${hidden.id}/hide`, admin.cookie);

    // The buyer pays on Stripe's page while Stripe refuses refunds: nothing is booked, Stripe is told to retry.
    stripe.refuseRefunds('Stripe is having trouble.');
    const first = await stripe.complete(session.id);
    expect(first.status).toBe(502);
    expect(await salesOf(test, orderId)).toEqual([]);
    const order = await fetch(`${base}/api/orders/${orderId}`, { headers: { origin: TEST_ORIGIN } });
    expect(((await order.json()) as { order: { status: string } }).order.status).toBe('pending');

    // Stripe's retries: the hidden product's price is refunded once, the rest is sold.
    stripe.refuseRefunds('');
    expect((await stripe.replay(first.eventId)).status).toBe(200);
    expect((await stripe.replay(first.eventId)).status).toBe(200);
    const paymentIntent = stripe.sessions.get(session.id)!.payment_intent;
    expect(stripe.refunds.filter((refund) => refund.payment_intent === paymentIntent)).toMatchObject([
      { amount: 1250, metadata: { reference: `withdrawn-${orderId}-${hidden.id}` } },
    ]);
    const sales = await salesOf(test, orderId);
    expect(sales.map((sale) => [sale.product_id, sale.status]).sort()).toEqual(
      [
        [hidden.id, 'refunded'],
        [kept.id, 'completed'],
      ].sort(),
    );
  });
});
