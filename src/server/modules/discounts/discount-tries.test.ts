// Hole 7 of issue #42: codes were guessed through checkout (only the quote was limited). One budget
// per client address counts every request carrying a code, on the quote and on checkout.
import { describe, expect, it } from 'vitest';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { createProduct } from '../orders/test-helpers.ts';

const MAX = 4;
const app = listeningTestApp({ env: { DISCOUNT_RATE_LIMIT_MAX: String(MAX) } });

let next = 0;
/** Each test from its own client address, so the budgets do not meet. */
const address = () => `203.0.113.${(next += 1)}`;

const guess = (n: number) => `GUESS${n}X`;
const checkoutWith = (from: string, productId: string, discountCode?: string, headers: Record<string, string> = {}) =>
  request(app.test.app, {
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: from,
    headers,
    payload: { email: uniqueEmail('guesser'), productIds: [productId], ...(discountCode ? { discountCode } : {}) },
  });
const quoteWith = (from: string, productId: string, code: string) =>
  request(app.test.app, { method: 'POST', url: '/api/discounts/quote', remoteAddress: from, payload: { code, productIds: [productId] } });

async function paidProduct() {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  return createProduct(app.base, creator.cookie, { price: '10' });
}

describe('discount codes tried', () => {
  it('on checkout: the try after the budget is 429, by a guest, a signed-in user or a bot alike', async () => {
    const product = await paidProduct();
    const from = address();
    const user = await createSignedInUser(app.test);
    for (let n = 0; n < MAX; n += 1) {
      const tried = await checkoutWith(from, product.id, guess(n), n % 2 ? { cookie: user.cookie } : { 'user-agent': 'curl/8.5.0' });
      expect(tried.statusCode, tried.body).toBe(404);
      expect(tried.json().error.code).toBe('discount_unknown');
    }
    const refused = await checkoutWith(from, product.id, guess(MAX), { cookie: user.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.code).toBe('rate_limited');
    // Any code waits now; a checkout without a code is not a try and goes through.
    expect((await checkoutWith(from, product.id, guess(MAX + 1))).statusCode).toBe(429);
    expect((await checkoutWith(from, product.id)).statusCode).toBe(201);
    // Another client address has its own budget.
    expect((await checkoutWith(address(), product.id, guess(0))).statusCode).toBe(404);
  });

  it('is one budget for the quote and checkout together', async () => {
    const product = await paidProduct();
    const from = address();
    for (let n = 0; n < MAX / 2; n += 1) {
      expect((await quoteWith(from, product.id, guess(n))).statusCode).toBe(404);
      expect((await checkoutWith(from, product.id, guess(n))).statusCode).toBe(404);
    }
    expect((await quoteWith(from, product.id, guess(MAX))).statusCode).toBe(429);
    expect((await checkoutWith(from, product.id, guess(MAX))).statusCode).toBe(429);
    // And the other way round: a budget used on checkout refuses the quote.
    const other = address();
    for (let n = 0; n < MAX; n += 1) expect((await checkoutWith(other, product.id, guess(n))).statusCode).toBe(404);
    expect((await quoteWith(other, product.id, guess(MAX))).statusCode).toBe(429);
  });
});
