// Issue #21, pay what you want: the creator sets a minimum (0 allowed) and a suggested price; the buyer
// names an amount; the server takes it only from the minimum up, and a free one still takes an e-mail.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { checkout, createProduct, pay, salesOf } from './test-helpers.ts';

const app = listeningTestApp();

async function upload(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('name', `Tip Jar ${randomBytes(3).toString('hex')}`);
  form.append('category', 'eBook');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 tips'))]), 'tips.pdf');
  const response = await fetch(`${app.base}/api/products`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  return { status: response.status, body: (await response.json()) as { product?: { id: string }; error?: { code: string; message: string } } };
}

describe('pay what you want', () => {
  it('is set with a minimum and a suggested price at least the minimum', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const made = await createProduct(app.base, creator.cookie, { price: '5', payWhatYouWant: true, suggestedPrice: '12.50' });
    const page = (await request(app.test.app, { method: 'GET', url: `/api/products/${made.id}` })).json().product;
    expect(page).toMatchObject({ priceCents: 500, payWhatYouWant: true, suggestedPriceCents: 1250 });
    const card = (await request(app.test.app, { method: 'GET', url: `/api/store/products?q=${encodeURIComponent(made.name)}` })).json().items[0];
    expect(card).toMatchObject({ id: made.id, priceCents: 500, payWhatYouWant: true });

    const below = await upload(creator.cookie, { price: '10', payWhatYouWant: 'true', suggestedPrice: '5' });
    expect(below.status).toBe(400);
    expect(below.body.error).toEqual({ code: 'suggested_below_minimum', message: PRODUCT_MESSAGES.suggestedBelowMinimum });
    const garbage = await upload(creator.cookie, { price: '10', payWhatYouWant: 'maybe' });
    expect(garbage.body.error).toMatchObject({ code: 'invalid_pay_what_you_want', message: PRODUCT_MESSAGES.invalidPayWhatYouWant });

    // An edit that raises the minimum over the suggested price is refused too; switching it off keeps a fixed price.
    const edit = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const response = await fetch(`${app.base}/api/products/${made.id}`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
      return { status: response.status, body: await response.json() };
    };
    expect((await edit({ price: '20' })).body.error.code).toBe('suggested_below_minimum');
    const fixed = await edit({ payWhatYouWant: 'false', price: '20' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.product).toMatchObject({ priceCents: 2000, payWhatYouWant: false });
    // Another creator cannot switch it on.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const form = new FormData();
    form.append('payWhatYouWant', 'true');
    const foreign = await fetch(`${app.base}/api/products/${made.id}`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie: other.cookie }, body: form });
    expect(foreign.status).toBe(403);
  });

  it('charges the amount the buyer names, the suggested price when none, and refuses less than the minimum', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '5', payWhatYouWant: true, suggestedPrice: '12.50' });
    const fixed = await createProduct(app.base, creator.cookie, { price: '3' });

    const named = await checkout(app.test, { email: uniqueEmail('fan'), productIds: [product.id, fixed.id], prices: [{ productId: product.id, amountCents: 2000 }, { productId: fixed.id, amountCents: 1 }] } as never);
    expect(named.statusCode, named.body).toBe(201);
    // A named amount counts only for pay-what-you-want products.
    expect(named.json().totalCents).toBe(2300);
    expect((await pay(app.test, named.json().orderId)).statusCode).toBe(200);
    const sales = await salesOf(app.test, named.json().orderId);
    expect(sales.find((sale) => sale.product_id === product.id)).toMatchObject({ amount_cents: 2000, fee_cents: 20 });

    const suggested = await checkout(app.test, { email: uniqueEmail('fan'), productIds: [product.id] });
    expect(suggested.json().totalCents).toBe(1250);

    const tooLittle = await checkout(app.test, { email: uniqueEmail('fan'), productIds: [product.id], prices: [{ productId: product.id, amountCents: 499 }] } as never);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().error).toEqual({
      code: 'price_below_minimum',
      message: ORDER_MESSAGES.priceBelowMinimum('$5.00', product.name),
      params: { minimum: '$5.00', product: product.name },
    });
  });

  it('with a minimum of 0, takes nothing and still needs the buyer’s e-mail', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '0', payWhatYouWant: true, suggestedPrice: '4' });
    const noEmail = await checkout(app.test, { email: '', productIds: [product.id], prices: [{ productId: product.id, amountCents: 0 }] } as never);
    expect(noEmail.statusCode).toBe(400);
    const email = uniqueEmail('free-fan');
    const free = await checkout(app.test, { email, productIds: [product.id], prices: [{ productId: product.id, amountCents: 0 }] } as never);
    expect(free.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    expect(await salesOf(app.test, free.json().orderId)).toMatchObject([{ buyer_email: email, amount_cents: 0 }]);
  });

  it('prices a discount code on the amount named', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '5', payWhatYouWant: true });
    const code = `PWYW${randomBytes(3).toString('hex')}`;
    expect((await request(app.test.app, { method: 'POST', url: '/api/discounts', payload: { code, kind: 'percent', amount: 50 }, cookie: creator.cookie })).statusCode).toBe(201);
    const quote = await request(app.test.app, { method: 'POST', url: '/api/discounts/quote', payload: { code, productIds: [product.id], prices: [{ productId: product.id, amountCents: 3000 }] } });
    expect(quote.json()).toMatchObject({ discountCents: 1500 });
    const started = await checkout(app.test, { email: uniqueEmail('fan'), productIds: [product.id], prices: [{ productId: product.id, amountCents: 3000 }], discountCode: code } as never);
    expect(started.json().totalCents).toBe(1500);
  });
});
