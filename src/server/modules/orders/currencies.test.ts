// Issue #21, currencies: a creator's store sells in one currency (USD, EUR, GBP, CAD, AUD, JPY, BRL,
// INR, MXN), chosen until its first sale, invoice or payout; prices, carts, orders, sales, receipts,
// invoices, payouts and the admin's revenue are in it, amounts in its minor units (yen have none).
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/invoices.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { PROFILE_MESSAGES } from '#shared/profiles.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { buy, checkout, createProduct, salesOf } from './test-helpers.ts';

const app = listeningTestApp();

const setCurrency = (cookie: string, currency: string) => request(app.test.app, { method: 'PATCH', url: '/api/profile', payload: { currency }, cookie });

async function storeIn(currency: string) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const changed = await setCurrency(creator.cookie, currency);
  expect(changed.statusCode, changed.body).toBe(200);
  return creator;
}

async function editPrice(cookie: string, productId: string, price: string) {
  const form = new FormData();
  form.append('price', price);
  const response = await fetch(`${app.base}/api/products/${productId}`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  return { status: response.status, body: (await response.json()) as { product?: { priceCents: number }; error?: { code: string; message: string } } };
}

describe('store currency', () => {
  it('is USD until the creator chooses one; products are priced in it and cards say so', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    expect((await request(app.test.app, { method: 'GET', url: '/api/profile', cookie: creator.cookie })).json().profile).toMatchObject({ currency: 'USD', currencyLocked: false });
    expect((await setCurrency(creator.cookie, 'SEK')).statusCode).toBe(400);

    expect((await setCurrency(creator.cookie, 'EUR')).json().profile).toMatchObject({ currency: 'EUR', currencyLocked: false });
    const product = await createProduct(app.base, creator.cookie, { price: '12.50' });
    const page = (await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` })).json().product;
    expect(page).toMatchObject({ priceCents: 1250, currency: 'EUR' });
    const card = (await request(app.test.app, { method: 'GET', url: `/api/store/products?q=${encodeURIComponent(product.name)}` })).json().items[0];
    expect(card).toMatchObject({ id: product.id, priceCents: 1250, currency: 'EUR' });
  });

  it('keeps the amounts the creator typed when it changes, and takes whole yen only', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '10.50' });
    const code = await request(app.test.app, { method: 'POST', url: '/api/discounts', cookie: creator.cookie, payload: { code: `YEN${Date.now()}`, kind: 'fixed', amount: 300, minOrderCents: 2000 } });
    expect(code.statusCode, code.body).toBe(201);

    expect((await setCurrency(creator.cookie, 'JPY')).statusCode).toBe(200);
    expect((await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` })).json().product).toMatchObject({ priceCents: 11, currency: 'JPY' });
    const codes = (await request(app.test.app, { method: 'GET', url: '/api/discounts', cookie: creator.cookie })).json().items;
    expect(codes[0]).toMatchObject({ amount: 3, minOrderCents: 20 });

    const fraction = await editPrice(creator.cookie, product.id, '15.5');
    expect(fraction.status).toBe(400);
    expect(fraction.body.error).toEqual({ code: 'price_whole_number', message: PRODUCT_MESSAGES.priceWholeNumber });
    expect((await editPrice(creator.cookie, product.id, '1500')).body.product).toMatchObject({ priceCents: 1500 });
  });

  it('cannot change after the first sale, and another user cannot change it', async () => {
    const creator = await storeIn('GBP');
    const product = await createProduct(app.base, creator.cookie, { price: '4' });
    await buy(app.test, uniqueEmail('fan'), [product.id]);

    const refused = await setCurrency(creator.cookie, 'USD');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'currency_locked', message: PROFILE_MESSAGES.currencyLocked });
    expect((await request(app.test.app, { method: 'GET', url: '/api/profile', cookie: creator.cookie })).json().profile).toMatchObject({ currency: 'GBP', currencyLocked: true });
    // A PATCH only ever changes the session's own profile: the creator's store stays in GBP.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    expect((await request(app.test.app, { method: 'PATCH', url: '/api/profile', payload: { id: creator.id, currency: 'USD' }, cookie: other.cookie })).statusCode).toBe(200);
    expect((await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` })).json().product.currency).toBe('GBP');
  });

  it('locks after an invoice too', async () => {
    const creator = await storeIn('CAD');
    const invoice = await request(app.test.app, {
      method: 'POST',
      url: '/api/invoices',
      cookie: creator.cookie,
      payload: { clientName: 'Acme', clientEmail: 'billing@acme.test', items: [{ name: 'Logo', quantity: '1', unitPrice: '150' }] },
    });
    expect(invoice.json().invoice).toMatchObject({ totalCents: 15000, currency: 'CAD' });
    expect((await setCurrency(creator.cookie, 'USD')).json().error.code).toBe('currency_locked');
  });
});

describe('a cart in one currency', () => {
  it('refuses a product in another currency, at checkout too, and a guest quote keeps the first currency', async () => {
    const euros = await createProduct(app.base, (await storeIn('EUR')).cookie, { price: '8' });
    const dollars = await createProduct(app.base, (await createSignedInUser(app.test, { role: 'creator' })).cookie, { price: '5' });
    const buyer = await createSignedInUser(app.test);

    const first = await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${euros.id}`, cookie: buyer.cookie });
    expect(first.json()).toMatchObject({ currency: 'EUR', totalCents: 800, items: [{ id: euros.id, currency: 'EUR' }] });
    const mixed = await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${dollars.id}`, cookie: buyer.cookie });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error).toEqual({ code: 'cart_currency_mixed', message: ORDER_MESSAGES.currencyMixed });
    expect((await request(app.test.app, { method: 'GET', url: '/api/cart', cookie: buyer.cookie })).json().items).toHaveLength(1);

    const both = await checkout(app.test, { email: uniqueEmail('fan'), productIds: [euros.id, dollars.id] });
    expect(both.statusCode).toBe(409);
    expect(both.json().error.code).toBe('cart_currency_mixed');

    const quote = await request(app.test.app, { method: 'POST', url: '/api/cart/quote', payload: { productIds: [dollars.id, euros.id] } });
    expect(quote.json()).toMatchObject({ currency: 'USD', totalCents: 500, unavailable: [euros.id] });
    // At sign-in, a guest cart in another currency does not join the account's cart.
    const merged = await request(app.test.app, { method: 'POST', url: '/api/cart/merge', payload: { productIds: [dollars.id] }, cookie: buyer.cookie });
    expect(merged.json()).toMatchObject({ currency: 'EUR', items: [{ id: euros.id }] });
  });
});

describe('money in the store currency', () => {
  it('charges, records, mails and reports a sale in yen', async () => {
    const creator = await storeIn('JPY');
    const product = await createProduct(app.base, creator.cookie, { price: '1500' });
    const email = uniqueEmail('fan');
    const started = await checkout(app.test, { email, productIds: [product.id] });
    expect(started.json()).toMatchObject({ totalCents: 1500, currency: 'JPY' });
    const { orderId } = started.json() as { orderId: string };
    expect((await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } })).statusCode).toBe(200);
    expect((await request(app.test.app, { method: 'GET', url: `/api/orders/${orderId}` })).json().order).toMatchObject({ totalCents: 1500, currency: 'JPY' });
    const [sale] = await salesOf(app.test, orderId);
    expect(sale).toMatchObject({ amount_cents: 1500, currency: 'JPY', fee_cents: 15 });
    expect((await latestMailTo(app.test.database, email))?.text).toContain('¥1,500');

    const mine = (await request(app.test.app, { method: 'GET', url: '/api/my/sales', cookie: creator.cookie })).json();
    expect(mine.items[0]).toMatchObject({ amountCents: 1500, currency: 'JPY' });
    const overview = (await request(app.test.app, { method: 'GET', url: '/api/my/overview', cookie: creator.cookie })).json();
    expect(overview).toMatchObject({ currency: 'JPY', totalEarningsCents: 1485 });
    const payouts = (await request(app.test.app, { method: 'GET', url: '/api/payouts', cookie: creator.cookie })).json();
    expect(payouts).toMatchObject({ currency: 'JPY', balanceCents: 1485 });
    const csv = (await request(app.test.app, { method: 'GET', url: '/api/sales/export.csv', cookie: creator.cookie })).body;
    expect(csv).toContain(',1500,,0,0,0,15,0,1485,JPY,completed,');

    // A refund is typed in the sale's currency: its minimum and what is left are in yen.
    const refund = await request(app.test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, payload: { amountCents: 1600 }, cookie: creator.cookie });
    expect(refund.json().error).toMatchObject({ code: 'refund_above_left', params: { max: '¥1,500' } });
  });

  it('bills invoices in the store currency, with its smallest card charge', async () => {
    const creator = await storeIn('JPY');
    const small = await request(app.test.app, { method: 'POST', url: '/api/invoices/payment-requests', cookie: creator.cookie, payload: { amount: '49', description: 'Tip' } });
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toEqual({ code: 'amount_too_small', message: INVOICE_MESSAGES.amountTooSmall('¥50'), params: { minimum: '¥50' } });
    const made = await request(app.test.app, { method: 'POST', url: '/api/invoices/payment-requests', cookie: creator.cookie, payload: { amount: '5000', description: 'Tip' } });
    const invoice = made.json().invoice as { id: string; totalCents: number; currency: string };
    expect(invoice).toMatchObject({ totalCents: 5000, currency: 'JPY' });
    const page = await request(app.test.app, { method: 'GET', url: `/api/pay/${invoice.id}` });
    expect(page.json().invoice).toMatchObject({ totalCents: 5000, currency: 'JPY' });
    const paying = await request(app.test.app, { method: 'POST', url: `/api/pay/${invoice.id}/orders`, payload: { email: uniqueEmail('client') } });
    expect(paying.json().order).toMatchObject({ totalCents: 5000, currency: 'JPY' });
  });

  it('shows the admin revenue per currency, never added together', async () => {
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const before = (await request(app.test.app, { method: 'GET', url: '/api/admin/overview', cookie: admin.cookie })).json();
    expect(before.byCurrency[0].currency).toBe('USD');
    const revenueIn = (overview: { byCurrency: { currency: string; totalRevenueCents: number }[] }, currency: string) =>
      overview.byCurrency.find((entry) => entry.currency === currency)?.totalRevenueCents ?? 0;

    const creator = await storeIn('BRL');
    const product = await createProduct(app.base, creator.cookie, { price: '30' });
    await buy(app.test, uniqueEmail('fan'), [product.id]);
    const after = (await request(app.test.app, { method: 'GET', url: '/api/admin/overview', cookie: admin.cookie })).json();
    expect(revenueIn(after, 'BRL') - revenueIn(before, 'BRL')).toBe(3000);
    expect(revenueIn(after, 'USD')).toBe(revenueIn(before, 'USD'));
    const page = (await request(app.test.app, { method: 'GET', url: '/api/admin/transactions/sales', cookie: admin.cookie })).json();
    expect(page.totals.byCurrency.map((entry: { currency: string }) => entry.currency)).toContain('BRL');
    expect(page.items.find((item: { productId: string }) => item.productId === product.id)).toMatchObject({ amountCents: 3000, currency: 'BRL' });
    // Not for a creator.
    expect((await request(app.test.app, { method: 'GET', url: '/api/admin/overview', cookie: creator.cookie })).statusCode).toBe(403);
  });
});
