import { describe, expect, it } from 'vitest';
import type { Customer, CustomerHistory, CustomersPage } from '#shared/customers-api.ts';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, checkout, createProduct, pay, salesOf } from '../orders/test-helpers.ts';

const app = listeningTestApp();

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie: string | undefined, payload: object = {}) => request(app.test.app, { method: 'POST', url, cookie, payload });

async function list(cookie: string, query = ''): Promise<CustomersPage> {
  const response = await get(`/api/my/customers${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CustomersPage;
}

const byEmail = (page: CustomersPage, email: string): Customer | undefined => page.items.find((item) => item.email === email);

/** The figures of an address straight from the sales rows: what every figure must equal. */
async function fromSales(creatorId: string, email: string) {
  const { rows } = await app.test.database.pool.query<{ spent: string; n: number; first: Date | null; last: Date | null }>(
    `SELECT coalesce(sum(amount_cents - refunded_cents), 0) AS spent, count(*)::int AS n, min(created_at) AS first, max(created_at) AS last
     FROM sales WHERE creator_id = $1 AND lower(buyer_email) = lower($2)`,
    [creatorId, email],
  );
  const row = rows[0]!;
  return { totalSpentCents: Number(row.spent), purchases: row.n, firstPurchaseAt: row.first?.toISOString() ?? null, lastPurchaseAt: row.last?.toISOString() ?? null };
}

describe('customers', () => {
  it('lists buyers and followers with figures that are the sums of their sales rows (refunds and discounts included)', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Cora Creator' });
    const brushes = await createProduct(app.base, creator.cookie, { name: 'Brushes', price: '10' });
    const fonts = await createProduct(app.base, creator.cookie, { name: 'Fonts', price: '30' });
    const code = `SAVE${Date.now()}`;
    expect((await post('/api/discounts', creator.cookie, { code, kind: 'percent', amount: 20, productIds: [fonts.id] })).statusCode).toBe(201);

    // Ana has an account: her name comes from it. She buys both (Fonts with 20% off), then gets 5.00 of Brushes back.
    const ana = await createSignedInUser(app.test, { name: 'Ana Buyer' });
    await buy(app.test, ana.email, [brushes.id], ana.cookie);
    const started = await checkout(app.test, { email: ana.email.toUpperCase(), productIds: [fonts.id], discountCode: code } as never, ana.cookie);
    expect(started.statusCode, started.body).toBe(201);
    expect((await pay(app.test, (started.json() as { orderId: string }).orderId)).statusCode).toBe(200);
    const brushSale = (await app.test.database.pool.query(`SELECT id FROM sales WHERE product_id = $1 AND lower(buyer_email) = $2`, [brushes.id, ana.email])).rows[0] as { id: string };
    expect((await post(`/api/sales/${brushSale.id}/refund`, creator.cookie, { amountCents: 500 })).statusCode).toBe(200);
    // Ben buys Brushes and is refunded in full.
    const ben = uniqueEmail('ben');
    const [benSale] = await salesOf(app.test, await buy(app.test, ben, [brushes.id]));
    expect((await post(`/api/sales/${benSale!.id}/refund`, creator.cookie, {})).statusCode).toBe(200);
    // A follower with an account, and a "Get updates" sign-up not yet confirmed.
    const follower = await createSignedInUser(app.test, { name: 'Fay Follower' });
    expect((await request(app.test.app, { method: 'PUT', url: `/api/users/${creator.id}/follow`, cookie: follower.cookie })).statusCode).toBe(200);
    const pending = uniqueEmail('pending');
    expect((await post('/api/audience/subscribe', undefined, { creatorId: creator.id, email: pending })).statusCode).toBe(202);
    // Fay has a membership in a free trial (its record, as the subscription engine writes it).
    await app.test.database.pool.query(
      `INSERT INTO subscriptions (id, product_id, product_name, creator_id, subscriber_user_id, subscriber_email, interval, price_cents, status, provider, current_period_start, current_period_end)
       VALUES ('sub_customers_test_0000000001', $1, 'Fonts', $2, $3, $4, 'month', 3000, 'trialing', 'test', now(), now() + interval '7 days')`,
      [fonts.id, creator.id, follower.id, follower.email],
    );

    const page = await list(creator.cookie);
    expect(page.items.map((item) => item.email).sort()).toEqual([ana.email, ben, follower.email, pending].sort());
    expect(page.currency).toBe('USD');
    const anaRow = byEmail(page, ana.email)!;
    expect(anaRow).toMatchObject({ name: 'Ana Buyer', kinds: ['buyer'], products: ['Brushes', 'Fonts'], membership: 'none', subscription: 'subscribed', ...(await fromSales(creator.id, ana.email)) });
    expect(anaRow.totalSpentCents).toBe(1000 - 500 + 2400); // 10.00 less 5.00 refunded, 30.00 less 20%
    const benRow = byEmail(page, ben)!;
    expect(benRow).toMatchObject({ name: null, kinds: ['buyer'], subscription: 'not_subscribed', ...(await fromSales(creator.id, ben)) });
    expect(benRow.totalSpentCents).toBe(0);
    expect(byEmail(page, follower.email)).toMatchObject({ name: 'Fay Follower', kinds: ['follower', 'member'], membership: 'trialing', subscription: 'subscribed', totalSpentCents: 0, purchases: 0, firstPurchaseAt: null });
    expect(byEmail(page, pending)).toMatchObject({ kinds: ['follower'], subscription: 'pending', confirmedAt: null, products: [] });
    // The creator's own address, even confirmed for their own updates, is never someone posts reach.
    await app.test.database.pool.query(`INSERT INTO audience_subscribers (creator_id, email, confirmed_at) VALUES ($1, lower($2), now())`, [creator.id, creator.email]);
    expect(byEmail(await list(creator.cookie), creator.email.toLowerCase())).toMatchObject({ kinds: ['follower'], subscription: 'not_subscribed' });
    await app.test.database.pool.query(`DELETE FROM audience_subscribers WHERE creator_id = $1 AND email = lower($2)`, [creator.id, creator.email]);
    // Newest activity first.
    const times = page.items.map((item) => Date.parse(item.lastActivityAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Search, filters.
    expect((await list(creator.cookie, `?q=${encodeURIComponent('ANA BUY')}`)).items.map((item) => item.email)).toEqual([ana.email]);
    expect((await list(creator.cookie, `?q=${encodeURIComponent(ben.slice(0, 8))}`)).items.map((item) => item.email)).toEqual([ben]);
    expect((await list(creator.cookie, `?productId=${fonts.id}`)).items.map((item) => item.email)).toEqual([ana.email]);
    expect((await list(creator.cookie, '?kind=buyer')).items.map((item) => item.email).sort()).toEqual([ana.email, ben].sort());
    expect((await list(creator.cookie, '?kind=member')).items.map((item) => item.email)).toEqual([follower.email]);
    expect((await list(creator.cookie, '?kind=follower')).items.map((item) => item.email).sort()).toEqual([follower.email, pending].sort());
    expect((await list(creator.cookie, '?subscribed=yes')).items.map((item) => item.email).sort()).toEqual([ana.email, follower.email].sort());
    expect((await list(creator.cookie, '?subscribed=no')).items.map((item) => item.email).sort()).toEqual([ben, pending].sort());

    // Pages of one, walked by cursor: everyone once, in the same order.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const one: CustomersPage = await list(creator.cookie, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...one.items.map((item) => item.email));
      cursor = one.next;
    } while (cursor);
    expect(walked).toEqual(page.items.map((item) => item.email));
    expect((await get('/api/my/customers?cursor=nonsense', creator.cookie)).statusCode).toBe(400);

    // A person's history: each sale with its refunds, the membership, the subscription.
    const history = await get(`/api/my/customers/${encodeURIComponent(ana.email.toUpperCase())}`, creator.cookie);
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json() as CustomerHistory;
    expect(body.customer).toEqual(anaRow);
    expect(body.sales.map((sale) => [sale.productName, sale.amountCents, sale.discountCents, sale.refundedCents, sale.refunds.map((refund) => refund.amountCents)])).toEqual([
      ['Fonts', 2400, 600, 0, []],
      ['Brushes', 1000, 0, 500, [500]],
    ]);
    expect(body.sales.reduce((sum, sale) => sum + sale.amountCents - sale.refundedCents, 0)).toBe(anaRow.totalSpentCents);
    const fay = (await get(`/api/my/customers/${encodeURIComponent(follower.email)}`, creator.cookie)).json() as CustomerHistory;
    expect(fay.memberships).toMatchObject([{ productName: 'Fonts', status: 'trialing' }]);
    expect(fay.followedAt).not.toBeNull();
    const signUp = (await get(`/api/my/customers/${encodeURIComponent(pending)}`, creator.cookie)).json() as CustomerHistory;
    expect(signUp.signUp).toMatchObject({ confirmedAt: null });
    expect((await get(`/api/my/customers/${encodeURIComponent(uniqueEmail('stranger'))}`, creator.cookie)).statusCode).toBe(404);

    // Another creator reaches none of them; a guest is asked to sign in; a buyer has no customers.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    expect((await list(other.cookie)).items).toEqual([]);
    expect((await list(other.cookie, `?q=${encodeURIComponent(ana.email)}`)).items).toEqual([]);
    const foreign = await get(`/api/my/customers/${encodeURIComponent(ana.email)}`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Ana');
    expect((await get('/api/my/customers')).statusCode).toBe(401);
    expect((await get(`/api/my/customers/${encodeURIComponent(ana.email)}`)).statusCode).toBe(401);
    const buyerAccount = await createSignedInUser(app.test, { role: 'user' });
    expect((await get('/api/my/customers', buyerAccount.cookie)).statusCode).toBe(403);
  });

  it('exports the audience as CSV with the same figures, formula-safe', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { name: '=cmd|calc', price: '12.50' });
    const buyer = uniqueEmail('csv');
    const [sale] = await salesOf(app.test, await buy(app.test, buyer, [product.id]));
    expect((await post(`/api/sales/${sale!.id}/refund`, creator.cookie, { amountCents: 250 })).statusCode).toBe(200);
    const named = await createSignedInUser(app.test, { name: '=SUM(A1:A9)' });
    await buy(app.test, named.email, [product.id], named.cookie);
    // Bought while signed in to that account, for another address: the account's name is not this address's.
    const alias = uniqueEmail('alias');
    const second = await createProduct(app.base, creator.cookie, { name: 'Second', price: '1' });
    await buy(app.test, alias, [second.id], named.cookie);

    const response = await get('/api/audience/export.csv', creator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audience-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,name,kind,subscribed,confirmed_at,total_spent,currency,purchases,first_purchase,last_purchase,membership');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(alias))).toMatch(new RegExp(`^${alias},,buyer,`));
    const row = lines.find((line) => line.startsWith(buyer))!;
    const figures = await fromSales(creator.id, buyer);
    expect(row).toBe(`${buyer},,buyer,subscribed,,10.00,USD,1,${figures.firstPurchaseAt},${figures.lastPurchaseAt},none`);
    expect(lines.find((line) => line.startsWith(named.email))).toContain(`,'=SUM(A1:A9),`);

    const other = await createSignedInUser(app.test, { role: 'creator' });
    const empty = await get('/api/audience/export.csv', other.cookie);
    expect(empty.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1);
    expect((await get('/api/audience/export.csv')).statusCode).toBe(401);
    const buyerAccount = await createSignedInUser(app.test, { role: 'user' });
    expect((await get('/api/audience/export.csv', buyerAccount.cookie)).statusCode).toBe(403);
  });
});
