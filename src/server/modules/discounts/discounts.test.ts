import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '#shared/discounts.ts';
import { createSignedInUser, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { createOrder, NEW_ORDER } from '../orders/service.ts';
import { checkout, createProduct, pay, salesOf } from '../orders/test-helpers.ts';
import { discountUse } from './service.ts';

const app = listeningTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie?: string) => request(app.test.app, { method, url, payload, cookie });

async function creatorWithProducts(...prices: string[]) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const products = [];
  for (const price of prices) products.push(await createProduct(app.base, creator.cookie, { price }));
  return { creator, products };
}

async function createCode(cookie: string, body: Record<string, unknown>) {
  const response = await call('POST', '/api/discounts', { kind: 'percent', amount: 20, ...body }, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; code: string; uses: number };
}

const uniqueCode = (prefix = 'SAVE') => `${prefix}${randomUUID().slice(0, 8)}`;

describe('a creator’s discount codes', () => {
  it('are made, listed and deleted by their creator only, with the rules checked', async () => {
    const { creator, products } = await creatorWithProducts('10.00');
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const code = uniqueCode();
    expect((await call('POST', '/api/discounts', { code, kind: 'percent', amount: 20 })).statusCode).toBe(401);

    const made = await createCode(creator.cookie, { code, productIds: [products[0]!.id], maxUses: 3, oncePerEmail: true, minOrderCents: 500 });
    expect(made).toMatchObject({ code, kind: 'percent', amount: 20, productIds: [products[0]!.id], maxUses: 3, oncePerEmail: true, minOrderCents: 500, uses: 0 });
    // Codes are compared without case: the same code again, in lower case, is taken.
    const taken = await call('POST', '/api/discounts', { code: code.toLowerCase(), kind: 'fixed', amount: 100 }, creator.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'discount_code_taken', message: DISCOUNT_MESSAGES.codeTaken });
    // Another creator may use the same word for their own code.
    await createCode(other.cookie, { code });

    const refusals: [Record<string, unknown>, string][] = [
      [{ code: 'a b' }, DISCOUNT_MESSAGES.codeInvalid],
      [{ code: 'XY' }, DISCOUNT_MESSAGES.codeInvalid],
      [{ code: uniqueCode(), amount: 101 }, DISCOUNT_MESSAGES.percentInvalid],
      [{ code: uniqueCode(), amount: 0 }, DISCOUNT_MESSAGES.amountInvalid],
      [{ code: uniqueCode(), maxUses: 0 }, DISCOUNT_MESSAGES.usesInvalid],
      [{ code: uniqueCode(), startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, DISCOUNT_MESSAGES.datesInvalid],
    ];
    for (const [body, message] of refusals) {
      const refused = await call('POST', '/api/discounts', { kind: 'percent', amount: 20, ...body }, creator.cookie);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(message);
    }
    // Only the creator's own products.
    const { products: foreign } = await creatorWithProducts('3.00');
    const notOwn = await call('POST', '/api/discounts', { code: uniqueCode(), kind: 'percent', amount: 20, productIds: [foreign[0]!.id] }, creator.cookie);
    expect(notOwn.json().error).toMatchObject({ code: 'discount_products_invalid', message: DISCOUNT_MESSAGES.productsInvalid });

    const listResponse = await call('GET', '/api/discounts', undefined, creator.cookie);
    expect(listResponse.statusCode).toBe(200);
    const listed = listResponse.json().items as { id: string }[];
    expect(listed.map((item) => item.id)).toEqual([made.id]);
    expect((await call('GET', '/api/discounts', undefined, other.cookie)).json().items.map((item: { id: string }) => item.id)).not.toContain(made.id);
    // Another creator cannot delete it.
    expect((await call('DELETE', `/api/discounts/${made.id}`, undefined, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/discounts/${made.id}`, undefined, creator.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/discounts', undefined, creator.cookie)).json().items).toEqual([]);
  });
});

describe('a code at checkout', () => {
  it('takes its percentage off the creator’s products only, and the sale records the code and the discount', async () => {
    const { creator, products } = await creatorWithProducts('10.00', '4.99');
    const { products: others } = await creatorWithProducts('7.00');
    const code = uniqueCode();
    await createCode(creator.cookie, { code, amount: 25 });
    const ids = [products[0]!.id, products[1]!.id, others[0]!.id];

    const quote = await call('POST', '/api/discounts/quote', { code: code.toLowerCase(), productIds: ids });
    expect(quote.statusCode, quote.body).toBe(200);
    // 25 % of 4.99 is 1.2475: rounded to the cent.
    expect(quote.json()).toMatchObject({ code, kind: 'percent', amount: 25, discountCents: 375, lines: [{ productId: ids[0], discountCents: 250 }, { productId: ids[1], discountCents: 125 }] });

    const email = uniqueEmail('buyer');
    const started = await checkout(app.test, { email, productIds: ids, discountCode: ` ${code.toLowerCase()} ` } as never);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().totalCents).toBe(1000 + 499 + 700 - 375);
    const { orderId } = started.json();
    expect((await pay(app.test, orderId)).statusCode).toBe(200);
    const sales = await salesOf(app.test, orderId);
    const byProduct = new Map(sales.map((sale) => [sale.product_id, sale as typeof sale & { discount_code: string | null; discount_cents: number }]));
    expect(byProduct.get(ids[0]!)).toMatchObject({ amount_cents: 750, discount_code: code, discount_cents: 250 });
    expect(byProduct.get(ids[1]!)).toMatchObject({ amount_cents: 374, discount_code: code, discount_cents: 125 });
    expect(byProduct.get(ids[2]!)).toMatchObject({ amount_cents: 700, discount_code: null, discount_cents: 0 });
    // The receipt says what the code took off each line it applies to.
    await mailSent(app.test.database);
    const { rows: mails } = await app.test.database.pool.query(`SELECT text FROM dev_mailbox WHERE "to" = $1`, [email]);
    const receipt = (mails[0] as { text: string }).text;
    expect(receipt).toContain(`Discount code ${code}: $2.50 off`);
    expect(receipt).toContain(`Discount code ${code}: $1.25 off`);
    expect(receipt.match(/Discount code/g)).toHaveLength(2);
    // The creator's sales list shows the code and the discount.
    const mine = (await call('GET', '/api/my/sales', undefined, creator.cookie)).json().items as { productId: string }[];
    expect(mine.find((sale) => sale.productId === ids[0])).toMatchObject({ amountCents: 750, discountCode: code, discountCents: 250 });
  });

  it('takes a fixed amount off each product, never below zero; a free order is paid at once', async () => {
    const { creator, products } = await creatorWithProducts('3.00', '8.00');
    const code = uniqueCode('OFF');
    await createCode(creator.cookie, { code, kind: 'fixed', amount: 500 });
    const started = await checkout(app.test, { email: uniqueEmail('buyer'), productIds: [products[0]!.id], discountCode: code } as never);
    expect(started.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    const two = await checkout(app.test, { email: uniqueEmail('buyer'), productIds: products.map((p) => p.id), discountCode: code } as never);
    expect(two.json()).toMatchObject({ status: 'pending', totalCents: 300 });
  });

  it('says clearly why a code cannot be used, and makes no order', async () => {
    const { creator, products } = await creatorWithProducts('10.00', '20.00');
    const [cheap, dear] = products.map((p) => p.id) as [string, string];
    const future = await createCode(creator.cookie, { code: uniqueCode('SOON'), startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const past = await createCode(creator.cookie, { code: uniqueCode('OLD'), endsAt: new Date(Date.now() - 1000).toISOString() });
    const onlyDear = await createCode(creator.cookie, { code: uniqueCode('DEAR'), productIds: [dear] });
    const minimum = await createCode(creator.cookie, { code: uniqueCode('MIN'), minOrderCents: 1500 });
    const cases: [string, string[], string, string, number][] = [
      ['NOPE-NOT-A-CODE', [cheap], 'discount_unknown', DISCOUNT_MESSAGES.unknown, 404],
      [future.code, [cheap], 'discount_not_started', DISCOUNT_MESSAGES.notStarted, 400],
      [past.code, [cheap], 'discount_expired', DISCOUNT_MESSAGES.expired, 400],
      [onlyDear.code, [cheap], 'discount_not_for_products', DISCOUNT_MESSAGES.notForProducts, 400],
      [minimum.code, [cheap], 'discount_minimum_not_met', DISCOUNT_MESSAGES.minimumNotMet('$15.00'), 400],
    ];
    const orders = async () => Number((await app.test.database.pool.query('SELECT count(*) FROM orders')).rows[0].count);
    for (const [code, productIds, errorCode, message, status] of cases) {
      const quote = await call('POST', '/api/discounts/quote', { code, productIds });
      expect(quote.statusCode, code).toBe(status);
      expect(quote.json().error).toMatchObject({ code: errorCode, message });
      const before = await orders();
      const started = await checkout(app.test, { email: uniqueEmail('buyer'), productIds, discountCode: code } as never);
      expect(started.statusCode).toBe(status);
      expect(started.json().error.code).toBe(errorCode);
      expect(await orders()).toBe(before);
    }
    // Over the minimum, and for the product it names, the same codes work.
    expect((await call('POST', '/api/discounts/quote', { code: minimum.code, productIds: [cheap, dear] })).statusCode).toBe(200);
    expect((await call('POST', '/api/discounts/quote', { code: onlyDear.code, productIds: [cheap, dear] })).json()).toMatchObject({ lines: [{ productId: dear, discountCents: 400 }] });
  });

  it('is used once per e-mail when asked; a failed order gives its use back', async () => {
    const { creator, products } = await creatorWithProducts('10.00');
    const productIds = [products[0]!.id];
    const code = (await createCode(creator.cookie, { code: uniqueCode('ONCE'), oncePerEmail: true, maxUses: 1 })).code;
    const email = uniqueEmail('buyer');
    const first = await checkout(app.test, { email, productIds, discountCode: code } as never);
    expect(first.statusCode).toBe(201);
    const again = await checkout(app.test, { email: email.toUpperCase(), productIds, discountCode: code } as never);
    expect(again.json().error).toMatchObject({ code: 'discount_already_used', message: DISCOUNT_MESSAGES.alreadyUsed });
    const someoneElse = await checkout(app.test, { email: uniqueEmail('buyer'), productIds, discountCode: code } as never);
    expect(someoneElse.json().error).toMatchObject({ code: 'discount_used_up', message: DISCOUNT_MESSAGES.usedUp });
    // The pending order is given up (expiry): its use is free again.
    await app.test.database.pool.query(`UPDATE orders SET status = 'failed' WHERE id = $1`, [first.json().orderId]);
    expect((await checkout(app.test, { email, productIds, discountCode: code } as never)).statusCode).toBe(201);
  });

  it('with 10 uses left, is used exactly 10 times when 20 buyers try it at once', async () => {
    const { creator, products } = await creatorWithProducts('10.00');
    const { id, code } = await createCode(creator.cookie, { code: uniqueCode('RUSH'), maxUses: 10 });
    const tries = await Promise.all(
      Array.from({ length: 20 }, () => checkout(app.test, { email: uniqueEmail('rush'), productIds: [products[0]!.id], discountCode: code } as never)),
    );
    const made = tries.filter((response) => response.statusCode === 201);
    const refused = tries.filter((response) => response.statusCode !== 201);
    expect(made).toHaveLength(10);
    expect(refused.map((response) => response.json().error.code)).toEqual(Array(10).fill('discount_used_up'));
    const { rows } = await app.test.database.pool.query('SELECT count(*)::int AS n FROM discount_redemptions WHERE discount_id = $1', [id]);
    expect(rows[0].n).toBe(10);
    // Refused tries left no order behind.
    const orders = await app.test.database.pool.query(`SELECT count(*)::int AS n FROM orders WHERE discount_code = $1`, [code]);
    expect(orders.rows[0].n).toBe(10);
    expect((await call('GET', '/api/discounts', undefined, creator.cookie)).json().items[0]).toMatchObject({ uses: 10 });
  });

  it('once per e-mail, is used once when the same buyer checks out five times at once', async () => {
    const { creator, products } = await creatorWithProducts('10.00');
    const { code } = await createCode(creator.cookie, { code: uniqueCode('SOLO'), oncePerEmail: true });
    const email = uniqueEmail('twice');
    const tries = await Promise.all(Array.from({ length: 5 }, () => checkout(app.test, { email, productIds: [products[0]!.id], discountCode: code } as never)));
    expect(tries.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(tries.filter((response) => response.statusCode !== 201).map((response) => response.json().error.code)).toEqual(Array(4).fill('discount_already_used'));
    // Other buyers are not held back by it.
    expect((await checkout(app.test, { email: uniqueEmail('other'), productIds: [products[0]!.id], discountCode: code } as never)).statusCode).toBe(201);
  });

  it('counts the last use under a lock: a checkout waits for the code’s row, then sees a use taken meanwhile', async () => {
    const { creator, products } = await creatorWithProducts('10.00');
    const { id, code } = await createCode(creator.cookie, { code: uniqueCode('LOCK'), maxUses: 1 });
    const holder = await app.test.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM discount_codes WHERE id = $1 FOR UPDATE', [id]);
      const started = checkout(app.test, { email: uniqueEmail('late'), productIds: [products[0]!.id], discountCode: code } as never);
      // The checkout passed the first look (a use was left) and now waits for the row.
      for (;;) {
        const { rows } = await app.test.database.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%discount_codes%' AND pid <> pg_backend_pid()`,
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Meanwhile another order takes the last use.
      const orderId = `ord_lock${randomUUID().replaceAll('-', '').slice(0, 20)}`;
      await holder.query(`INSERT INTO orders (id, kind, buyer_email, total_cents, provider) VALUES ($1, 'products', 'first@example.com', 800, 'test')`, [orderId]);
      await holder.query(`INSERT INTO discount_redemptions (discount_id, order_id, email) VALUES ($1, $2, 'first@example.com')`, [id, orderId]);
      await holder.query('COMMIT');
      const answer = await started;
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('discount_used_up');
    } finally {
      holder.release();
    }
  });
});

describe('a use written with its order', () => {
  it('writes neither the order nor the use when the code was deleted after it was priced', async () => {
    const email = uniqueEmail();
    for (const discount of [
      { id: randomUUID(), maxUses: null, oncePerEmail: false }, // no lock: the use is written in the order's statement
      { id: randomUUID(), maxUses: 5, oncePerEmail: false }, // under a lock, in the order's transaction
    ]) {
      const writing = createOrder(app.test.app.zerri, {
        kind: 'products',
        buyerEmail: email,
        totalCents: 800,
        currency: 'USD',
        discountCode: 'GONE',
        ...discountUse(discount, email, new Date(), NEW_ORDER),
        successPath: '/checkout/{orderId}',
        cancelPath: '/cart',
      });
      await expect(writing).rejects.toMatchObject({ statusCode: 404, code: 'discount_unknown' });
    }
    const { rows } = await app.test.database.pool.query('SELECT count(*)::int AS n FROM orders WHERE buyer_email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });
});
