// Issue #21, tax: the buyer's country (and an optional EU VAT number) is collected at checkout; with the
// built-in test provider a flat rate per country (TAX_RATES) adds tax on top, with Stripe, Stripe Tax
// does (STRIPE_AUTOMATIC_TAX). The order, the sale, the receipt and the export show it; a refund gives
// back the tax of the part refunded; fees and earnings leave it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_MESSAGES } from '#shared/orders-tax.ts';
import { startFakeStripe, type FakeStripe } from '../../../../e2e/fake-providers/stripe.mjs';
import { createSignedInUser, createTestApp, latestMailTo, request, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { createProduct, pay, salesOf } from './test-helpers.ts';

describe('tax with the test provider (TAX_RATES)', () => {
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    test = await createTestApp({ TAX_RATES: 'DE:19,FR:20' });
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  const checkout = (body: Record<string, unknown>) => request(test.app, { method: 'POST', url: '/api/checkout', payload: body });

  it('needs the buyer country and adds its rate on top of each line, a VAT number kept', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'PATCH', url: '/api/profile', payload: { currency: 'EUR' }, cookie: creator.cookie })).statusCode).toBe(200);
    const guide = await createProduct(base, creator.cookie, { price: '20.00' });
    const pack = await createProduct(base, creator.cookie, { price: '9.99' });
    const email = uniqueEmail('taxed');

    const none = await checkout({ email, productIds: [guide.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({ code: 'country_required', message: TAX_MESSAGES.countryRequired });
    expect((await checkout({ email, productIds: [guide.id], country: 'XX' })).json().error.message).toBe(TAX_MESSAGES.countryInvalid);
    expect((await checkout({ email, productIds: [guide.id], country: 'DE', vatNumber: 'US12' })).json().error.message).toBe(TAX_MESSAGES.vatNumberInvalid);

    // 19 % of 20.00 is 3.80, of 9.99 is 1.8981 → 1.90: 5.70 of tax on 29.99.
    const started = await checkout({ email, productIds: [guide.id, pack.id], country: 'de', vatNumber: 'de 123 456 789' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ totalCents: 3569, taxCents: 570, currency: 'EUR' });
    const { orderId } = started.json() as { orderId: string };
    const { rows } = await test.database.pool.query('SELECT buyer_country, vat_number, tax_cents FROM orders WHERE id = $1', [orderId]);
    expect(rows[0]).toEqual({ buyer_country: 'DE', vat_number: 'DE123456789', tax_cents: 570 });
    expect((await pay(test, orderId)).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order).toMatchObject({ totalCents: 3569, taxCents: 570 });

    // The sales keep the price and its tax apart: the fee is on the price, earnings leave the tax out.
    const sales = await salesOf(test, orderId);
    expect(sales.map((sale) => [sale.amount_cents, (sale as unknown as { tax_cents: number }).tax_cents, sale.fee_cents]).sort()).toEqual([
      [2000, 380, 20],
      [999, 190, 10],
    ]);
    const overview = (await request(test.app, { method: 'GET', url: '/api/my/overview', cookie: creator.cookie })).json();
    expect(overview.totalEarningsCents).toBe(2999 - 30);
    const listed = (await request(test.app, { method: 'GET', url: '/api/my/sales', cookie: creator.cookie })).json().items;
    expect(listed.map((sale: { taxCents: number }) => sale.taxCents).sort()).toEqual([190, 380]);
    expect((await latestMailTo(test.database, email))?.text).toContain('Including tax (DE): €5.70');
    const csv = (await request(test.app, { method: 'GET', url: '/api/sales/export.csv', cookie: creator.cookie })).body;
    expect(csv).toContain(',20.00,,0.00,3.80,0.00,0.20,0.00,19.80,EUR,completed,');

    // A refund of half the guide gives back half its tax; the rest gives back the rest, to the cent.
    const guideSale = sales.find((sale) => sale.amount_cents === 2000)!;
    const refund = (amountCents?: number) => request(test.app, { method: 'POST', url: `/api/sales/${guideSale.id}/refund`, payload: amountCents ? { amountCents } : {}, cookie: creator.cookie });
    expect((await refund(1001)).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    const refunds = await test.database.pool.query('SELECT amount_cents, tax_cents FROM sale_refunds WHERE sale_id = $1 ORDER BY created_at', [guideSale.id]);
    expect(refunds.rows).toEqual([
      { amount_cents: 1001, tax_cents: 190 },
      { amount_cents: 999, tax_cents: 190 },
    ]);
  });

  it('adds nothing for a country without a rate', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { price: '12.00' });
    const started = await checkout({ email: uniqueEmail('untaxed'), productIds: [product.id], country: 'US' });
    expect(started.json()).toMatchObject({ totalCents: 1200, taxCents: 0 });
  });
});

describe('Stripe Tax (STRIPE_AUTOMATIC_TAX)', () => {
  let stripe: FakeStripe;
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    stripe = await startFakeStripe({ apiKey: 'sk_test_tax', webhookSecret: 'whsec_tax' });
    test = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_tax', STRIPE_WEBHOOK_SECRET: 'whsec_tax', STRIPE_API_BASE: stripe.url, STRIPE_AUTOMATIC_TAX: 'true' });
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${base}/api/payments/stripe/webhook`);
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  it('turns Stripe Tax on, books the tax it adds on the order and its sales, and refunds it with the price', async () => {
    stripe.setTaxAddress({ country: 'FR', rateBps: 2000, vatNumber: 'FR12345678901' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    const guide = await createProduct(base, creator.cookie, { price: '10.00' });
    const pack = await createProduct(base, creator.cookie, { price: '5.01' });
    const email = uniqueEmail('stripe-tax');
    const started = await request(test.app, { method: 'POST', url: '/api/checkout', payload: { email, productIds: [guide.id, pack.id] } });
    expect(started.json()).toMatchObject({ totalCents: 1501, taxCents: 0 });
    const { orderId } = started.json() as { orderId: string };
    const sent = stripe.requests.find((entry) => entry.path === '/v1/checkout/sessions' && entry.body.includes(orderId))!;
    const form = new URLSearchParams(sent.body);
    expect([form.get('automatic_tax[enabled]'), form.get('billing_address_collection'), form.get('tax_id_collection[enabled]')]).toEqual(['true', 'required', 'true']);

    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    expect(session).toMatchObject({ amount_subtotal: 1501, amount_total: 1801, total_details: { amount_tax: 300 } });
    await stripe.complete(session.id);
    const order = (await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order;
    expect(order).toMatchObject({ status: 'paid', totalCents: 1801, taxCents: 300 });
    const { rows } = await test.database.pool.query('SELECT buyer_country, vat_number FROM orders WHERE id = $1', [orderId]);
    expect(rows[0]).toEqual({ buyer_country: 'FR', vat_number: 'FR12345678901' });
    const sales = await salesOf(test, orderId);
    const taxOf = (sale: (typeof sales)[number]) => (sale as unknown as { tax_cents: number }).tax_cents;
    // 300 spread by price: 10.00 → 199.87 and 5.01 → 100.13, whole cents adding up to 300.
    expect(sales.map((sale) => [sale.amount_cents, taxOf(sale)]).sort()).toEqual([
      [1000, 200],
      [501, 100],
    ]);
    // A replay of the paid event changes nothing.
    const eventId = stripe.deliveries.at(-1)!.eventId;
    expect((await stripe.replay(eventId)).status).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order.totalCents).toBe(1801);

    // Refunding the guide gives its price and its tax back through Stripe.
    const guideSale = sales.find((sale) => sale.amount_cents === 1000)!;
    expect((await request(test.app, { method: 'POST', url: `/api/sales/${guideSale.id}/refund`, payload: {}, cookie: creator.cookie })).statusCode).toBe(200);
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 1200 });
  });
});
