import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { signPayload, startFakeStripe, type FakeStripe } from '../../../../e2e/fake-providers/stripe.mjs';
import { createSignedInUser, createTestApp, request, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { checkout, createProduct, pay, receiptDownloadPath, salesOf } from './test-helpers.ts';
describe('Stripe Checkout against a local Stripe', () => {
  let stripe: FakeStripe;
  let test: TestApp;
  let base: string;
  const webhook = (body: string, signature: string) =>
    request(test.app, { method: 'POST', url: '/api/payments/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

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

  async function startStripeCheckout(price = '12.50') {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { price, name: 'Stripe Guide' });
    const email = uniqueEmail('stripe-buyer');
    const started = await checkout(test, { email, productIds: [product.id] });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId, start } = started.json() as { orderId: string; start: { type: string; url: string } };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    return { creator, product, email, orderId, start, session };
  }

  it('creates a Checkout Session, and the signed webhook makes the sale once', async () => {
    const { product, email, orderId, start, session } = await startStripeCheckout();
    expect(start).toEqual({ type: 'redirect', url: session.url });
    expect(session).toMatchObject({
      amount_total: 1250,
      customer_email: email,
      success_url: `http://zerri.test/checkout/${orderId}`,
      cancel_url: 'http://zerri.test/cart',
      metadata: { order_id: orderId },
    });
    expect(session.line_items[0]).toMatchObject({ quantity: '1', price_data: { currency: 'usd', unit_amount: '1250', product_data: { name: 'Stripe Guide' } } });
    const sent = stripe.requests.find((entry) => entry.path === '/v1/checkout/sessions' && entry.body.includes(orderId))!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers.authorization).toBe('Bearer sk_test_zerri');
    expect((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order).toMatchObject({ status: 'pending', provider: 'stripe' });
    expect(JSON.stringify((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json())).not.toContain(session.id);

    // The card form is not for Stripe orders.
    const card = await pay(test, orderId);
    expect(card.statusCode).toBe(400);
    expect(card.json().error.message).toBe(ORDER_MESSAGES.notCardOrder);

    // The buyer pays on Stripe's page and comes back to the success URL.
    const visit = await fetch(start.url, { redirect: 'manual' });
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe(`http://zerri.test/checkout/${orderId}`);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect((await salesOf(test, orderId)).map((sale) => sale.product_id)).toEqual([product.id]);
    const download = await request(test.app, { method: 'GET', url: await receiptDownloadPath(test, email) });
    expect(download.rawPayload.equals(product.bytes)).toBe(true);

    // Stripe delivers at least once: a replay (or two at once) changes nothing.
    const eventId = stripe.deliveries.at(-1)!.eventId;
    const replays = await Promise.all([stripe.replay(eventId), stripe.replay(eventId)]);
    expect(replays.map((replay) => replay.status)).toEqual([200, 200]);
    expect(await salesOf(test, orderId)).toHaveLength(1);
    expect((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order.status).toBe('paid');
  });

  it('charges in the store currency: Stripe gets it, and the paid webhook makes a sale in it', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'PATCH', url: '/api/profile', payload: { currency: 'GBP' }, cookie: creator.cookie })).statusCode).toBe(200);
    const product = await createProduct(base, creator.cookie, { price: '9.99', name: 'Pound Guide' });
    const started = await checkout(test, { email: uniqueEmail('stripe-gbp'), productIds: [product.id] });
    const { orderId } = started.json() as { orderId: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    expect(session.line_items[0]).toMatchObject({ price_data: { currency: 'gbp', unit_amount: '999' } });
    await stripe.complete(session.id);
    expect(await salesOf(test, orderId)).toMatchObject([{ amount_cents: 999, currency: 'GBP' }]);
  });

  it('refunds a sale through Stripe, once, and keeps it completed when Stripe refuses', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const guide = await createProduct(base, creator.cookie, { price: '12.50', name: 'Refund Guide' });
    const pack = await createProduct(base, creator.cookie, { price: '7.25', name: 'Refund Pack' });
    const started = await checkout(test, { email: uniqueEmail('stripe-refund'), productIds: [guide.id, pack.id] });
    const { orderId } = started.json() as { orderId: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    await stripe.complete(session.id);
    const sales = await salesOf(test, orderId);
    const guideSale = sales.find((sale) => sale.product_id === guide.id)!;
    const refund = (saleId: string) => request(test.app, { method: 'POST', url: `/api/sales/${saleId}/refund`, payload: {}, cookie: creator.cookie });

    // Stripe refuses: the buyer keeps the product and the creator can try again.
    stripe.refuseRefunds('Charge has been disputed.');
    const refused = await refund(guideSale.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe('The refund could not be made with the payment provider. Please try again in a moment.');
    expect((await salesOf(test, orderId)).find((sale) => sale.id === guideSale.id)!.status).toBe('completed');
    stripe.refuseRefunds('');

    // Two refunds at once: one Stripe refund of this sale's amount, against the session's payment.
    const answers = await Promise.all([refund(guideSale.id), refund(guideSale.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const made = stripe.refunds.filter((entry) => entry.payment_intent === stripe.sessions.get(session.id)!.payment_intent);
    expect(made).toMatchObject([{ amount: 1250, metadata: { reference: `sale-${guideSale.id}-1` } }]);
    expect((await salesOf(test, orderId)).map((sale) => [sale.product_id, sale.status]).sort()).toEqual(
      [
        [guide.id, 'refunded'],
        [pack.id, 'completed'],
      ].sort(),
    );
    expect((await refund(guideSale.id)).statusCode).toBe(409);
    expect(stripe.refunds.filter((entry) => entry.payment_intent === made[0]!.payment_intent)).toHaveLength(1);
  });

  it('refunds part of a sale through Stripe with the exact amount and a reference of its own, then the rest', async () => {
    const { creator, email, orderId, session } = await startStripeCheckout('12.50');
    await stripe.complete(session.id);
    const [sale] = await salesOf(test, orderId);
    const link = await receiptDownloadPath(test, email);
    const refund = (payload: object) => request(test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, payload, cookie: creator.cookie });
    const refundCalls = () => stripe.requests.filter((entry) => entry.path === '/v1/refunds' && entry.body.includes(encodeURIComponent(`sale-${sale!.id}-`)));
    const ofThisPayment = () => stripe.refunds.filter((entry) => entry.payment_intent === stripe.sessions.get(session.id)!.payment_intent);

    // Stripe refuses the partial refund: nothing is recorded, the sale keeps all of its amount.
    stripe.refuseRefunds('Charge has been disputed.');
    expect((await refund({ amountCents: 500 })).statusCode).toBe(502);
    stripe.refuseRefunds('');
    expect((await salesOf(test, orderId))[0]).toMatchObject({ status: 'completed', refunded_cents: 0 });
    const { rows: none } = await test.database.pool.query('SELECT 1 FROM sale_refunds WHERE sale_id = $1', [sale!.id]);
    expect(none).toEqual([]);

    const partial = await refund({ amountCents: 500 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().sale).toMatchObject({ status: 'completed', refundedCents: 500 });
    expect(ofThisPayment()).toMatchObject([{ amount: 500, metadata: { reference: `sale-${sale!.id}-1` } }]);
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(`refund-sale-${sale!.id}-1`);
    // The buyer still downloads it.
    expect((await request(test.app, { method: 'GET', url: link })).statusCode).toBe(200);

    // Over what is left: refused before Stripe is asked.
    const callsBefore = refundCalls().length;
    expect((await refund({ amountCents: 751 })).json().error).toMatchObject({ code: 'refund_above_left', params: { max: '$7.50' } });
    expect(refundCalls()).toHaveLength(callsBefore);

    const rest = await refund({});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().sale).toMatchObject({ status: 'refunded', refundedCents: 1250 });
    expect((await request(test.app, { method: 'GET', url: link })).statusCode).toBe(410);
    expect(ofThisPayment()).toMatchObject([
      { amount: 500, metadata: { reference: `sale-${sale!.id}-1` } },
      { amount: 750, metadata: { reference: `sale-${sale!.id}-2` } },
    ]);
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(`refund-sale-${sale!.id}-2`);
    // The refused attempt was sent with the first refund's reference too: a retry of a refund reuses it.
    expect(refundCalls().map((entry) => entry.headers['idempotency-key'])).toEqual([
      `refund-sale-${sale!.id}-1`,
      `refund-sale-${sale!.id}-1`,
      `refund-sale-${sale!.id}-2`,
    ]);
    const { rows } = await test.database.pool.query('SELECT amount_cents, reference FROM sale_refunds WHERE sale_id = $1 ORDER BY created_at', [sale!.id]);
    expect(rows).toEqual([
      { amount_cents: 500, reference: `sale-${sale!.id}-1` },
      { amount_cents: 750, reference: `sale-${sale!.id}-2` },
    ]);
  });

  it('refuses unsigned, wrongly signed and stale webhooks', async () => {
    const { orderId, session } = await startStripeCheckout();
    const event = { id: 'evt_forged', type: 'checkout.session.completed', data: { object: { ...session, payment_status: 'paid', status: 'complete' } } };
    const body = JSON.stringify(event);
    expect((await webhook(body, '')).statusCode).toBe(400);
    expect((await webhook(body, signPayload('whsec_wrong', body))).statusCode).toBe(400);
    expect((await webhook(body, signPayload('whsec_zerri', body, Math.floor(Date.now() / 1000) - 600))).statusCode).toBe(400);
    expect((await webhook(`${body} `, signPayload('whsec_zerri', body))).statusCode).toBe(400);
    expect(await salesOf(test, orderId)).toEqual([]);

    // A correctly signed event whose amount differs from the order is not fulfilled.
    const cheap = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 1 } } });
    expect((await webhook(cheap, signPayload('whsec_zerri', cheap))).json()).toEqual({ received: true, handled: false });
    expect(await salesOf(test, orderId)).toEqual([]);

    // An unpaid completion waits; an expiry fails the order.
    const unpaid = JSON.stringify({ ...event, data: { object: { ...event.data.object, payment_status: 'unpaid' } } });
    expect((await webhook(unpaid, signPayload('whsec_zerri', unpaid))).json().handled).toBe(false);
    const expired = JSON.stringify({ ...event, type: 'checkout.session.expired' });
    expect((await webhook(expired, signPayload('whsec_zerri', expired))).json().handled).toBe(true);
    expect((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order.status).toBe('failed');
    expect(await salesOf(test, orderId)).toEqual([]);
  });

  it('holds a limited code’s use while its session lasts: asked to expire after 31 minutes, its expiry frees the use (issue #42)', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { price: '20', name: 'Held Guide' });
    const code = `STRIPEHOLD${Date.now() % 100_000}`;
    const made = await request(test.app, { method: 'POST', url: '/api/discounts', cookie: creator.cookie, payload: { code, kind: 'percent', amount: 10, maxUses: 1 } });
    expect(made.statusCode, made.body).toBe(201);
    const withCode = () => checkout(test, { email: uniqueEmail('held'), productIds: [product.id], discountCode: code } as never);
    const before = Math.floor(Date.now() / 1000);
    const first = await withCode();
    expect(first.statusCode, first.body).toBe(201);
    const orderId = (first.json() as { orderId: string }).orderId;
    const sent = stripe.requests.find((entry) => entry.path === '/v1/checkout/sessions' && entry.body.includes(orderId))!;
    const expiresAt = Number(new URLSearchParams(sent.body).get('expires_at'));
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(31 * 60);
    expect((await withCode()).json().error.code).toBe('discount_used_up');
    // Stripe says the session expired: the order fails and the use is free again.
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    const expired = JSON.stringify({ id: 'evt_held_expired', type: 'checkout.session.expired', data: { object: session } });
    expect((await webhook(expired, signPayload('whsec_zerri', expired))).json().handled).toBe(true);
    expect((await withCode()).statusCode).toBe(201);
  });

  it('answers 502 and fails the order when Stripe cannot be reached', async () => {
    const offline = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_zerri', STRIPE_WEBHOOK_SECRET: 'whsec_zerri', STRIPE_API_BASE: 'http://127.0.0.1:9' });
    try {
      const offlineBase = await offline.app.listen({ port: 0, host: '127.0.0.1' });
      const creator = await createSignedInUser(offline, { role: 'creator' });
      const product = await createProduct(offlineBase, creator.cookie);
      const started = await checkout(offline, { email: uniqueEmail('buyer'), productIds: [product.id] });
      expect(started.statusCode).toBe(502);
      const { rows } = await offline.database.pool.query(`SELECT status FROM orders`);
      expect(rows).toEqual([{ status: 'failed' }]);
    } finally {
      await offline.close();
    }
  });
});
