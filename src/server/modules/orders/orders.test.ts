import { REVIEW_MESSAGES } from '#shared/products-reviews.ts';
import { payoutEntries } from '#shared/ledger.ts';
import { postToLedger } from '../ledger/ledger.ts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { downloadLinks } from './fulfilment.ts';
import { buy, checkout, createProduct, DECLINED_CARD, pay, receiptDownloadPath, salesOf } from './test-helpers.ts';

const app = listeningTestApp();

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, payload: unknown, cookie?: string) => request(app.test.app, { method: 'POST', url, payload: payload as object, cookie });

async function creatorWithProduct(options: { price?: string } = {}) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const product = await createProduct(app.base, creator.cookie, { price: options.price });
  return { creator, product };
}

describe('cart', () => {
  it('keeps a signed-in buyer’s cart on the server, with the total', async () => {
    const { product } = await creatorWithProduct({ price: '10.00' });
    const { product: other } = await creatorWithProduct({ price: '2.50' });
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    expect((await get('/api/cart')).statusCode).toBe(401);
    await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${product.id}`, cookie: buyer.cookie });
    await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${product.id}`, cookie: buyer.cookie }); // once only
    const added = await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${other.id}`, cookie: buyer.cookie });
    expect(added.json()).toMatchObject({ totalCents: 1250, items: [{ id: product.id, priceCents: 1000 }, { id: other.id }] });
    const removed = await request(app.test.app, { method: 'DELETE', url: `/api/cart/items/${product.id}`, cookie: buyer.cookie });
    expect(removed.json()).toMatchObject({ totalCents: 250, items: [{ id: other.id }] });
    expect((await get('/api/cart', buyer.cookie)).json().items).toHaveLength(1);
    const missing = await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${randomUUID()}`, cookie: buyer.cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('prices a guest cart and merges it into the account at login', async () => {
    const { product } = await creatorWithProduct({ price: '4.00' });
    const gone = randomUUID();
    const quote = await post('/api/cart/quote', { productIds: [product.id, gone, product.id] });
    expect(quote.json()).toMatchObject({ totalCents: 400, items: [{ id: product.id }], unavailable: [gone] });
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    const merged = await post('/api/cart/merge', { productIds: [product.id, gone] }, buyer.cookie);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ totalCents: 400, items: [{ id: product.id }] });
  });
});

describe('checkout with the test provider', () => {
  it('makes one sale with the plan’s fee, mails the receipt, and the link downloads the exact bytes', async () => {
    const { creator, product } = await creatorWithProduct({ price: '19.99' });
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${product.id}`, cookie: buyer.cookie });
    const events: RealtimeEvent[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(creator.id)], (event) => events.push(event));

    const started = await checkout(app.test, { email: buyer.email, productIds: [product.id] }, buyer.cookie);
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ status: 'pending', totalCents: 1999, start: { type: 'card_form' } });
    const { orderId } = started.json();
    expect(orderId).toMatch(/^ord_[A-Za-z0-9]{24}$/);
    expect((await pay(app.test, orderId)).json()).toEqual({ status: 'paid' });

    const [sale, ...more] = await salesOf(app.test, orderId);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ product_id: product.id, creator_id: creator.id, buyer_email: buyer.email, amount_cents: 1999, fee_cents: 20, status: 'completed' });
    const order = (await get(`/api/orders/${orderId}`)).json().order;
    expect(order).toMatchObject({ status: 'paid', kind: 'products', totalCents: 1999, items: [{ productId: product.id, priceCents: 1999 }] });
    expect(JSON.stringify(order)).not.toContain(buyer.email);
    expect((await get('/api/cart', buyer.cookie)).json().items).toEqual([]);
    const { rows } = await app.test.database.pool.query('SELECT sales_count FROM products WHERE id = $1', [product.id]);
    expect(rows[0].sales_count).toBe(1);

    const download = await get(await receiptDownloadPath(app.test, buyer.email));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(product.bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename="guide.pdf"');
    expect((await salesOf(app.test, orderId))[0]!.download_count).toBe(1);

    await expect.poll(() => events.map((event) => event.type)).toContain(SALES_CHANGED_EVENT);
    expect(events[0]!.data).toMatchObject({ action: 'created', saleId: sale!.id, amountCents: 1999 });
    stop();
  });

  it('a declined card makes no sale and says so; another card then pays', async () => {
    const { product } = await creatorWithProduct();
    const started = await checkout(app.test, { email: uniqueEmail('guest'), productIds: [product.id] });
    const { orderId } = started.json();
    const declined = await pay(app.test, orderId, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'card_declined', message: ORDER_MESSAGES.cardDeclined });
    expect(await salesOf(app.test, orderId)).toEqual([]);
    expect((await get(`/api/orders/${orderId}`)).json().order).toMatchObject({ status: 'pending', failureMessage: ORDER_MESSAGES.cardDeclined });
    expect((await pay(app.test, orderId)).statusCode).toBe(200);
    expect(await salesOf(app.test, orderId)).toHaveLength(1);
  });

  it('refuses a malformed card with a clear message', async () => {
    const { product } = await creatorWithProduct();
    const { orderId } = (await checkout(app.test, { email: uniqueEmail('guest'), productIds: [product.id] })).json();
    const bad = await pay(app.test, orderId, { number: '4242 4242 4242 4241', expiry: '12/40', cvc: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ORDER_MESSAGES.cardNumberInvalid);
    const expired = await pay(app.test, orderId, { number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' });
    expect(expired.json().error.message).toBe(ORDER_MESSAGES.cardExpired);
    expect(await salesOf(app.test, orderId)).toEqual([]);
  });

  it('a replayed or doubled confirmation makes one sale', async () => {
    const { product } = await creatorWithProduct();
    const { orderId } = (await checkout(app.test, { email: uniqueEmail('guest'), productIds: [product.id] })).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(app.test, orderId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await pay(app.test, orderId)).json()).toEqual({ status: 'paid' });
    expect(await salesOf(app.test, orderId)).toHaveLength(1);
    const { rows } = await app.test.database.pool.query('SELECT sales_count FROM products WHERE id = $1', [product.id]);
    expect(rows[0].sales_count).toBe(1);
  });

  it('50 concurrent checkouts make exactly 50 sales', async () => {
    const { product } = await creatorWithProduct({ price: '3.00' });
    const orders = await Promise.all(Array.from({ length: 50 }, (_, index) => buy(app.test, `buyer-${index}-${randomUUID()}@example.com`, [product.id])));
    expect(new Set(orders).size).toBe(50);
    const { rows } = await app.test.database.pool.query(
      'SELECT count(*)::int AS n, sum(amount_cents)::int AS cents, (SELECT sales_count FROM products WHERE id = $1) AS counted FROM sales WHERE product_id = $1',
      [product.id],
    );
    expect(rows[0]).toEqual({ n: 50, cents: 15_000, counted: 50 });
  });

  it('refuses unknown products and bad e-mails; a free product needs no payment', async () => {
    const missing = await checkout(app.test, { email: uniqueEmail('guest'), productIds: [randomUUID()] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(ORDER_MESSAGES.productUnavailable);
    const { product } = await creatorWithProduct({ price: '0' });
    expect((await checkout(app.test, { email: 'not-an-email', productIds: [product.id] })).json().error.message).toBe(ORDER_MESSAGES.emailInvalid);
    const free = await checkout(app.test, { email: uniqueEmail('guest'), productIds: [product.id] });
    expect(free.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    expect(await salesOf(app.test, free.json().orderId)).toHaveLength(1);
    expect((await get('/api/orders/ord_doesnotexist00000000')).statusCode).toBe(404);
  });
});

describe('downloads', () => {
  it('expire, and a link for one sale opens no other', async () => {
    const { product } = await creatorWithProduct();
    const [sale] = await salesOf(app.test, await buy(app.test, uniqueEmail('a'), [product.id]));
    const [other] = await salesOf(app.test, await buy(app.test, uniqueEmail('b'), [product.id]));
    const links = downloadLinks(app.test.app.zerri);
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await get(links.path(sale!.id, past));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(ORDER_MESSAGES.downloadExpired);

    const valid = new URL(links.path(sale!.id), 'http://x');
    expect(valid.searchParams.get('expires')! > String(Math.floor(Date.now() / 1000) + 3500)).toBe(true);
    const swapped = await get(valid.pathname.replace(sale!.id, other!.id) + valid.search);
    expect(swapped.statusCode).toBe(403);
    const guessed = await get(valid.pathname.replace(sale!.id, randomUUID()) + valid.search);
    expect(guessed.statusCode).toBe(403);
    const longer = await get(`${valid.pathname}?expires=${Number(valid.searchParams.get('expires')) + 3600}&signature=${valid.searchParams.get('signature')}`);
    expect(longer.statusCode).toBe(403);
    const { rows } = await app.test.database.pool.query('SELECT download_count FROM sales WHERE id = $1', [other!.id]);
    expect(rows[0].download_count).toBe(0);
    expect((await get(valid.pathname + valid.search)).statusCode).toBe(200);
  });
});

describe('refunds', () => {
  it('by the sale’s creator or an admin only; the buyer loses the download', async () => {
    const { creator, product } = await creatorWithProduct();
    const buyer = uniqueEmail('refund');
    const [sale] = await salesOf(app.test, await buy(app.test, buyer, [product.id]));
    const link = await receiptDownloadPath(app.test, buyer);
    const stranger = await createSignedInUser(app.test, { role: 'creator' });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await post(`/api/sales/${sale!.id}/refund`, {})).statusCode).toBe(401);
    expect((await post(`/api/sales/${sale!.id}/refund`, {}, stranger.cookie)).statusCode).toBe(404);
    expect((await post(`/api/sales/${randomUUID()}/refund`, {}, creator.cookie)).statusCode).toBe(404);
    const refunded = await post(`/api/sales/${sale!.id}/refund`, {}, creator.cookie);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().sale).toMatchObject({ status: 'refunded', id: sale!.id });
    expect((await post(`/api/sales/${sale!.id}/refund`, {}, admin.cookie)).statusCode).toBe(409);
    const download = await get(link);
    expect(download.statusCode).toBe(410);
    expect(download.json().error.message).toBe(ORDER_MESSAGES.downloadRefunded);
    const { rows } = await app.test.database.pool.query('SELECT sales_count FROM products WHERE id = $1', [product.id]);
    expect(rows[0].sales_count).toBe(0);

    const [second] = await salesOf(app.test, await buy(app.test, uniqueEmail('refund'), [product.id]));
    expect((await post(`/api/sales/${second!.id}/refund`, {}, admin.cookie)).statusCode).toBe(200);
  });
});

describe('library', () => {
  it('lists purchases made with the signed-in user’s e-mail, in any case, and nobody else’s', async () => {
    const { product } = await creatorWithProduct();
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    await buy(app.test, buyer.email.toUpperCase(), [product.id]); // bought as a guest, e-mail typed in capitals
    const other = await createSignedInUser(app.test, { role: 'user' });
    expect((await get('/api/library')).statusCode).toBe(401);
    expect((await get('/api/library', other.cookie)).json().items).toEqual([]);
    const library = (await get('/api/library', buyer.cookie)).json().items;
    expect(library).toHaveLength(1);
    expect(library[0]).toMatchObject({ productId: product.id, productName: product.name, status: 'completed', reviewed: false });
    const download = await get(library[0].downloadUrl);
    expect(download.rawPayload.equals(product.bytes)).toBe(true);
  });
});

describe('reviews', () => {
  it('only buyers review, once; the product shows the average', async () => {
    const { creator, product } = await creatorWithProduct();
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    const second = await createSignedInUser(app.test, { role: 'user' });
    const stranger = await createSignedInUser(app.test, { role: 'user' });
    await buy(app.test, buyer.email, [product.id], buyer.cookie);
    await buy(app.test, second.email, [product.id]);
    const url = `/api/products/${product.id}/reviews`;

    expect((await post(url, { rating: 5, body: 'x' })).statusCode).toBe(401);
    const notBought = await post(url, { rating: 5, body: 'x' }, stranger.cookie);
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json().error.message).toBe(REVIEW_MESSAGES.reviewNeedsPurchase);
    expect((await post(url, { rating: 5 }, creator.cookie)).json().error.message).toBe(REVIEW_MESSAGES.reviewOwnProduct);
    expect((await post(url, { rating: 6 }, buyer.cookie)).statusCode).toBe(400);
    expect((await get(url, buyer.cookie)).json().viewer).toEqual({ signedIn: true, reviewed: false, canReview: true, canReply: false });

    expect((await post(url, { rating: 5, body: 'Lovely guide.' }, buyer.cookie)).statusCode).toBe(201);
    const duplicate = await post(url, { rating: 1, body: 'again' }, buyer.cookie);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(REVIEW_MESSAGES.reviewDuplicate);
    expect((await post(url, { rating: 4 }, second.cookie)).statusCode).toBe(201);

    const listed = (await get(url)).json();
    expect(listed).toMatchObject({ averageRating: 4.5, ratingCount: 2, viewer: { signedIn: false, canReview: false } });
    expect(listed.items.map((item: { rating: number }) => item.rating)).toEqual([4, 5]);
    expect((await get(url, stranger.cookie)).json().viewer.canReview).toBe(false);
    const library = (await get('/api/library', buyer.cookie)).json().items;
    expect(library[0].reviewed).toBe(true);
    const card = (await get(`/api/store/products?creator=${creator.id}`)).json().items[0];
    expect(card).toMatchObject({ id: product.id, rating: { average: 4.5, count: 2 } });
    expect((await get(`/api/products/${product.id}`)).json().product.rating).toEqual({ average: 4.5, count: 2 });
  });
});

describe('overviews', () => {
  it('gives a creator their earnings, sales, products, chart and recent activity', async () => {
    const { creator, product } = await creatorWithProduct({ price: '10.00' });
    await createProduct(app.base, creator.cookie, { price: '1.00' });
    for (let index = 0; index < 6; index += 1) await buy(app.test, uniqueEmail('fan'), [product.id]);
    const [refund] = await salesOf(app.test, await buy(app.test, uniqueEmail('fan'), [product.id]));
    await post(`/api/sales/${refund!.id}/refund`, {}, creator.cookie);

    const overview = (await get('/api/my/overview', creator.cookie)).json();
    // Earnings are net of the platform fee (src/shared/sales-money.ts).
    expect(overview).toMatchObject({ plan: 'free', feeBps: 100, totalEarningsCents: 6000 - 60, totalFeesCents: 60, totalSales: 6, uploadedProducts: 2 });
    expect(overview.recentSales).toHaveLength(5);
    expect(overview.recentSales[0]).toMatchObject({ id: refund!.id, status: 'refunded' });
    expect(overview.earningsByDay).toHaveLength(30);
    expect(overview.earningsByDay.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), amountCents: 6000 - 60, sales: 6 });
    expect(overview.products.find((row: { id: string }) => row.id === product.id)).toMatchObject({ sales: 6 });
    const sales = (await get('/api/my/sales?limit=3', creator.cookie)).json();
    expect(sales.items).toHaveLength(3);
    expect(sales.nextCursor).toEqual(expect.any(String));
    expect(sales.items[0]).toMatchObject({ id: refund!.id, productName: product.name, amountCents: 1000 });
    expect((await get('/api/my/overview')).statusCode).toBe(401);
  });

  it('keeps admin totals from everyone but admins', async () => {
    const { product } = await creatorWithProduct({ price: '7.00' });
    await buy(app.test, uniqueEmail('fan'), [product.id]);
    for (const role of ['creator', 'user']) {
      const { cookie } = await createSignedInUser(app.test, { role });
      expect((await get('/api/admin/overview', cookie)).statusCode).toBe(403);
    }
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const made = await app.test.database.pool.query<{ id: string; amount_cents: number; status: string }>(
      `INSERT INTO payouts (user_id, amount_cents, method, status, idempotency_key) VALUES ($1, 500, '{"type":"paypal","email":"a@b.c"}', 'processing', 'k1'),
        ($1, 700, '{"type":"paypal","email":"a@b.c"}', 'completed', 'k2') RETURNING id, amount_cents, status`,
      [admin.id],
    );
    // Into the books as requesting and completing them would have posted them.
    await app.test.database.db.transaction(async (tx) => {
      for (const payout of made.rows) {
        const steps = payout.status === 'completed' ? (['payout', 'payout_completed'] as const) : (['payout'] as const);
        for (const step of steps) await postToLedger(tx, { kind: step, currency: 'USD', payoutId: payout.id }, payoutEntries(step, admin.id, payout.amount_cents));
      }
    });
    const overview = (await get('/api/admin/overview', admin.cookie)).json();
    const { rows } = await app.test.database.pool.query(
      `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT coalesce(sum(amount_cents), 0)::int FROM sales WHERE status = 'completed') AS revenue`,
    );
    expect(overview).toMatchObject({ totalProducts: rows[0].products, byCurrency: [{ currency: 'USD', totalRevenueCents: rows[0].revenue }], pendingApprovals: 1 });
    expect(overview.recentTransactions).toHaveLength(5);
    expect(overview.recentTransactions[0]).toMatchObject({ productName: product.name, amountCents: 700, creatorName: 'Test Person' });
  });
});
