// Affiliates (issue #23, docs/decisions/028-affiliates.md): a creator opens a product with a commission,
// another user joins and gets their own short link, and a sale through it credits them the commission,
// taken off the creator's share; refunds give back their part. Real HTTP for the link's redirect.
import { describe, expect, it } from 'vitest';
import type { MyAffiliations, ProductAffiliates } from '#shared/affiliates-api.ts';
import type { Notifications } from '#shared/notifications-api.ts';
import { PAYOUT_MESSAGES } from '#shared/payouts.ts';
import { userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

const app = listeningTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

const open = (cookie: string | undefined, productId: string, commissionPercent: unknown) =>
  request(app.test.app, { method: 'PUT', url: `/api/affiliates/products/${productId}`, cookie, payload: { commissionPercent } });
const close = (cookie: string | undefined, productId: string) => request(app.test.app, { method: 'DELETE', url: `/api/affiliates/products/${productId}`, cookie });
const join = (cookie: string | undefined, productId: string) => request(app.test.app, { method: 'POST', url: `/api/affiliates/products/${productId}/join`, cookie });
const programOf = async (productId: string, cookie?: string) =>
  (await request(app.test.app, { method: 'GET', url: `/api/affiliates/products/${productId}`, cookie })).json() as ProductAffiliates;
const affiliatesPage = async (cookie: string) => (await request(app.test.app, { method: 'GET', url: '/api/affiliates', cookie })).json() as MyAffiliations;
const affiliationsOf = async (cookie: string) => (await affiliatesPage(cookie)).items;
const balanceOf = async (cookie: string) => (await request(app.test.app, { method: 'GET', url: '/api/payouts', cookie })).json() as { balanceCents: number; currency: string };
const notificationsOf = async (cookie: string) =>
  ((await request(app.test.app, { method: 'GET', url: '/api/notifications', cookie })).json() as Notifications).items.map(({ kind, data }) => ({ kind, data }));
const setCurrency = (cookie: string, currency: string) => request(app.test.app, { method: 'PATCH', url: '/api/profile', payload: { currency }, cookie });

/** Joins as the affiliate and answers their link's code. */
async function joined(cookie: string, productId: string) {
  const response = await join(cookie, productId);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ProductAffiliates).link!;
}

/** Follows the short link over real HTTP; answers the remembered click as a Cookie header. */
async function click(code: string) {
  const response = await fetch(`${app.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  expect(response.status).toBe(302);
  return { location: response.headers.get('location'), cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

/** A paid checkout of `productIds` by `email`, with the remembered click and/or a session in `cookie`; answers its sales by product. */
async function buy(cookie: string | undefined, email: string, productIds: string[]) {
  const started = await request(app.test.app, { method: 'POST', url: '/api/checkout', headers: cookie ? { cookie } : {}, payload: { email, productIds } });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await request(app.test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } })).statusCode).toBe(200);
  const { rows } = await app.test.database.pool.query<{ id: string; product_id: string; affiliate_id: string | null; commission_cents: number; fee_cents: number; currency: string }>(
    'SELECT id, product_id, affiliate_id, commission_cents, fee_cents, currency FROM sales WHERE order_id = $1',
    [orderId],
  );
  return new Map(rows.map((row) => [row.product_id, row]));
}

const refund = (saleId: string, cookie: string, payload: object = {}) => request(app.test.app, { method: 'POST', url: `/api/sales/${saleId}/refund`, cookie, payload });

/** A creator (free plan: 1 % fee) with a $20.00 product open to affiliates at 30 %, and an affiliate who joined it. */
async function openProduct(priceCents = 2000) {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Cora Creator' });
  const affiliate = await createSignedInUser(app.test, { role: 'creator', name: 'Abe Affiliate' });
  const product = await createProduct(app.test, creator.id, { priceCents, name: 'Affiliate Guide' });
  expect((await open(creator.cookie, product.id, 30)).statusCode).toBe(200);
  const link = await joined(affiliate.cookie, product.id);
  return { creator, affiliate, product, link };
}

describe('opening a product to affiliates', () => {
  it('is its creator’s alone, from 1 to 90 %, and closing it is too', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const stranger = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.test, creator.id);
    expect(await programOf(product.id)).toEqual({ productId: product.id, commissionPercent: null, currency: 'USD', isOwner: false, link: null });

    const refused = await open(stranger.cookie, product.id, 30);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'affiliate_not_owner' });
    expect((await open(undefined, product.id, 30)).statusCode).toBe(401);
    for (const wrong of [0, 91, 12.5, '30']) expect((await open(creator.cookie, product.id, wrong)).statusCode).toBe(400);
    expect((await programOf(product.id)).commissionPercent).toBeNull();

    const opened = await open(creator.cookie, product.id, 30);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ productId: product.id, commissionPercent: 30, currency: 'USD', isOwner: true, link: null });
    expect((await open(creator.cookie, product.id, 90)).json()).toMatchObject({ commissionPercent: 90 });
    expect(await programOf(product.id, stranger.cookie)).toMatchObject({ commissionPercent: 90, isOwner: false });

    expect((await close(stranger.cookie, product.id)).statusCode).toBe(403);
    expect((await programOf(product.id)).commissionPercent).toBe(90);
    expect((await close(creator.cookie, product.id)).json()).toMatchObject({ commissionPercent: null });
    expect((await open(creator.cookie, '00000000-0000-4000-8000-000000000000', 30)).statusCode).toBe(404);
    const unknown = await request(app.test.app, { method: 'GET', url: '/api/affiliates/products/not-a-product' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'affiliate_product_not_found' });
  });
});

describe('joining', () => {
  it('gives any other signed-in user their own short link to the product page, once; not its creator, not while closed', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const affiliate = await createSignedInUser(app.test, { role: 'user' });
    const product = await createProduct(app.test, creator.id);

    const closed = await join(affiliate.cookie, product.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'affiliate_not_open' });
    expect((await open(creator.cookie, product.id, 25)).statusCode).toBe(200);
    const own = await join(creator.cookie, product.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'affiliate_own_product' });
    expect((await join(undefined, product.id)).statusCode).toBe(401);

    const link = await joined(affiliate.cookie, product.id);
    expect(link.shortUrl).toBe(`${TEST_ORIGIN}/z/${link.code}`);
    expect(await joined(affiliate.cookie, product.id)).toEqual(link);
    expect((await programOf(product.id, affiliate.cookie)).link).toEqual(link);
    // A real ZerriLink link of the affiliate's, in their links list.
    const { rows } = await app.test.database.pool.query('SELECT user_id, original_url FROM short_links WHERE short_code = $1', [link.code]);
    expect(rows).toEqual([{ user_id: affiliate.id, original_url: `${TEST_ORIGIN}/store/product/${product.id}` }]);
    const links = (await request(app.test.app, { method: 'GET', url: '/api/links', cookie: affiliate.cookie })).json().items as { code: string }[];
    expect(links.map((item) => item.code)).toContain(link.code);
  });
});

describe('a sale through an affiliate’s link', () => {
  it('credits the commission to the affiliate’s balance and takes it off the creator’s; refunds give it back in part and whole', async () => {
    const { creator, affiliate, product, link } = await openProduct();
    const other = await createProduct(app.test, creator.id, { priceCents: 1000 });

    // The click names the product's creator: their checkout takes it.
    const clicked = await click(link.code);
    expect(clicked.location).toBe(`${TEST_ORIGIN}/store/product/${product.id}`);
    const { rows: linkRows } = await app.test.database.pool.query<{ id: number }>('SELECT id FROM short_links WHERE short_code = $1', [link.code]);
    expect(clicked.cookie).toBe(`zerri_src=${creator.id}~link:${linkRows[0]!.id}`);

    // The affiliate's open pages hear of the sale, as the creator's do.
    const events: RealtimeEvent[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(affiliate.id)], (event) => events.push(event));
    const sales = await buy(clicked.cookie, uniqueEmail('fan'), [product.id, other.id]);
    await expect.poll(() => events.filter((event) => event.type === SALES_CHANGED_EVENT).map((event) => (event.data as { saleId: string }).saleId)).toEqual([sales.get(product.id)!.id]);
    // And their bell, of the commission's notification.
    await expect.poll(() => events.filter((event) => event.type === 'notifications.changed').map((event) => event.data)).toEqual([{ unreadCount: 1 }]);
    stop();
    // $20.00, fee $0.20: 30 % of $19.80 = $5.94. The creator's other product earns the affiliate nothing.
    expect(sales.get(product.id)).toMatchObject({ affiliate_id: affiliate.id, commission_cents: 594, fee_cents: 20 });
    expect(sales.get(other.id)).toMatchObject({ affiliate_id: null, commission_cents: 0 });
    expect(await balanceOf(affiliate.cookie)).toMatchObject({ balanceCents: 594, currency: 'USD' });
    // 2000 − 20 − 594 + 1000 − 10.
    expect((await balanceOf(creator.cookie)).balanceCents).toBe(2376);
    // The affiliate hears of their commission, in their inbox and by e-mail; the creator of their sales only.
    const commission = { productName: 'Affiliate Guide', amountCents: 594, currency: 'USD', link: '/dashboard/affiliates' };
    expect(await notificationsOf(affiliate.cookie)).toEqual([{ kind: 'commission', data: commission }]);
    expect((await notificationsOf(creator.cookie)).map(({ kind }) => kind)).toEqual(['sale', 'sale']);
    expect((await latestMailTo(app.test.database, affiliate.email))?.text).toContain('You earned $5.94 commission on a sale of Affiliate Guide');
    const overview = (await request(app.test.app, { method: 'GET', url: '/api/my/overview', cookie: creator.cookie })).json();
    expect(overview.totalEarningsCents).toBe(2376);
    // The creator's sales list shows what the affiliate took.
    const listed = (await request(app.test.app, { method: 'GET', url: '/api/my/sales', cookie: creator.cookie })).json().items as { productId: string; commissionCents: number }[];
    expect(listed.find((item) => item.productId === product.id)).toMatchObject({ commissionCents: 594 });
    expect(listed.find((item) => item.productId === other.id)).toMatchObject({ commissionCents: 0 });
    // And its export: fee, commission, what is left.
    const csv = await fetch(`${app.base}/api/sales/export.csv`, { headers: { origin: TEST_ORIGIN, cookie: creator.cookie } });
    expect(await csv.text()).toContain(',20.00,,0.00,0.00,0.00,0.20,5.94,13.86,USD,completed,');

    await app.test.app.zerri.buffers.flushAll();
    expect(await affiliationsOf(affiliate.cookie)).toEqual([
      expect.objectContaining({ productId: product.id, productName: 'Affiliate Guide', commissionPercent: 30, currency: 'USD', code: link.code, clicks: 1, sales: 1, earningsCents: 594 }),
    ]);

    // The affiliate's link, like any of their links, shows the funnel up to the sale it brought.
    const funnel = (await request(app.test.app, { method: 'GET', url: `/api/links/${link.code}/stats`, cookie: affiliate.cookie })).json().funnel;
    expect(funnel).toEqual({ productViews: 0, checkouts: 1, sales: 1, revenueCents: 2000, currency: 'USD' });

    // Half refunded: half the commission goes back to the creator's share.
    const sale = sales.get(product.id)!;
    expect((await refund(sale.id, creator.cookie, { amountCents: 1000 })).statusCode).toBe(200);
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(297);
    // 1000 − 10 − 297 + 990.
    expect((await balanceOf(creator.cookie)).balanceCents).toBe(1683);
    expect((await affiliationsOf(affiliate.cookie))[0]).toMatchObject({ sales: 1, earningsCents: 297 });
    const halfRefunded = (await request(app.test.app, { method: 'GET', url: '/api/my/sales', cookie: creator.cookie })).json().items as { id: string; commissionCents: number }[];
    expect(halfRefunded.find((item) => item.id === sale.id)).toMatchObject({ commissionCents: 297 });

    // The rest: nothing left for anyone.
    expect((await refund(sale.id, creator.cookie)).statusCode).toBe(200);
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(0);
    expect((await balanceOf(creator.cookie)).balanceCents).toBe(990);
    expect((await affiliationsOf(affiliate.cookie))[0]).toMatchObject({ sales: 0, earningsCents: 0 });
  });

  it('tells the creator’s webhooks the commission with the sale', async () => {
    const { creator, product, link } = await openProduct();
    const hook = await request(app.test.app, { method: 'POST', url: '/api/webhooks', cookie: creator.cookie, payload: { url: 'https://hooks.example.com/zerri', events: ['sale.created'] } });
    expect(hook.statusCode, hook.body).toBe(201);
    await buy((await click(link.code)).cookie, uniqueEmail('fan'), [product.id]);
    const { rows } = await app.test.database.pool.query<{ payload: { data: Record<string, unknown> } }>('SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1', [
      hook.json().endpoint.id,
    ]);
    expect(rows.map((row) => row.payload.data)).toEqual([expect.objectContaining({ amountCents: 2000, feeCents: 20, commissionCents: 594 })]);
  });

  it('is paid out like any balance', async () => {
    const { affiliate, link, product } = await openProduct(5000);
    await buy((await click(link.code)).cookie, uniqueEmail('fan'), [product.id]);
    // $50.00, fee $0.50: 30 % of $49.50 = $14.85.
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(1485);
    expect((await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: affiliate.cookie, payload: { type: 'paypal', email: 'abe@example.com' } })).statusCode).toBe(200);
    const paid = await request(app.test.app, { method: 'POST', url: '/api/payouts', cookie: affiliate.cookie, headers: { 'idempotency-key': 'affiliate-payout-1' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ payout: { amountCents: 1485, currency: 'USD' }, balanceCents: 0 });
  });

  it('earns nothing by self-referral: the affiliate buying through their own link, signed in or by their e-mail', async () => {
    const { creator, affiliate, product, link } = await openProduct();
    const { cookie } = await click(link.code);
    const signedIn = await buy(`${cookie}; ${affiliate.cookie}`, affiliate.email, [product.id]);
    expect(signedIn.get(product.id)).toMatchObject({ affiliate_id: null, commission_cents: 0 });
    const byEmail = await buy(cookie, affiliate.email.toUpperCase(), [product.id]);
    expect(byEmail.get(product.id)).toMatchObject({ affiliate_id: null, commission_cents: 0 });
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(0);
    // The creator cannot be their own product's affiliate (refused at join), and their own link to it credits nobody.
    const made = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: `${TEST_ORIGIN}/store/product/${product.id}` } });
    const theirs = await buy((await click(made.json().code)).cookie, uniqueEmail('fan'), [product.id]);
    expect(theirs.get(product.id)).toMatchObject({ affiliate_id: null, commission_cents: 0 });
  });

  it('stops once the product is closed to affiliates; the commissions already earned stay', async () => {
    const { creator, affiliate, product, link } = await openProduct();
    const { cookie } = await click(link.code);
    expect((await buy(cookie, uniqueEmail('fan'), [product.id])).get(product.id)).toMatchObject({ commission_cents: 594 });
    expect((await close(creator.cookie, product.id)).statusCode).toBe(200);
    expect((await buy(cookie, uniqueEmail('fan'), [product.id])).get(product.id)).toMatchObject({ affiliate_id: null, commission_cents: 0 });
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(594);
    expect((await affiliationsOf(affiliate.cookie))[0]).toMatchObject({ commissionPercent: null, sales: 1, earningsCents: 594 });
    expect((await join(affiliate.cookie, product.id)).statusCode).toBe(409);
  });
});

describe('a refund after the commission was paid out (issue #42, hole 11)', () => {
  const setMethod = async (cookie: string) =>
    expect((await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie, payload: { type: 'paypal', email: 'abe@example.com' } })).statusCode).toBe(200);
  const payout = (cookie: string, key: string, payload?: object) =>
    request(app.test.app, { method: 'POST', url: '/api/payouts', cookie, headers: { 'idempotency-key': key }, ...(payload ? { payload } : {}) });

  it('leaves a negative balance, exact to the cent, that holds payouts until new commissions cover it, then pays the net', async () => {
    const { creator, affiliate, product, link } = await openProduct(5000);
    const { cookie } = await click(link.code);
    const sale = (await buy(cookie, uniqueEmail('fan'), [product.id])).get(product.id)!;
    // $50.00, fee $0.50: 30 % of $49.50 = $14.85, paid out at once; the creator takes out their $34.65 too.
    expect(sale).toMatchObject({ commission_cents: 1485, fee_cents: 50 });
    await setMethod(affiliate.cookie);
    await setMethod(creator.cookie);
    expect((await payout(affiliate.cookie, 'hole-11-affiliate-1')).json()).toMatchObject({ payout: { amountCents: 1485 }, balanceCents: 0 });
    expect((await payout(creator.cookie, 'hole-11-creator-1')).json()).toMatchObject({ payout: { amountCents: 3465 }, balanceCents: 0 });

    // Half refunded: the sale keeps round(1485 × 2500 / 5000) = 743 of the commission, 742 is owed back.
    expect((await refund(sale.id, creator.cookie, { amountCents: 2500 })).statusCode).toBe(200);
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(-742);
    // The creator's balance is not floored either: 2500 − 25 − 743 kept, 3465 paid out.
    expect((await balanceOf(creator.cookie)).balanceCents).toBe(1732 - 3465);

    // Wholly refunded: the whole commission is owed back, and the affiliate's page says so.
    expect((await refund(sale.id, creator.cookie)).statusCode).toBe(200);
    expect(await balanceOf(affiliate.cookie)).toMatchObject({ balanceCents: -1485, currency: 'USD' });
    expect((await balanceOf(creator.cookie)).balanceCents).toBe(-3465);
    const page = await affiliatesPage(affiliate.cookie);
    expect(page.balance).toEqual({ balanceCents: -1485, currency: 'USD' });
    expect(page.items[0]).toMatchObject({ sales: 0, earningsCents: 0 });

    // No payout while the balance is negative, whole or in part, with the message and its values.
    const held = { code: 'balance_negative', message: PAYOUT_MESSAGES.balanceNegative('-$14.85'), params: { balance: '-$14.85', balanceCents: -1485 } };
    for (const [key, body] of [['hole-11-affiliate-2', undefined], ['hole-11-affiliate-3', { amountCents: 1000 }]] as const) {
      const refused = await payout(affiliate.cookie, key, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual(held);
    }
    expect(PAYOUT_MESSAGES.balanceNegative('-$14.85')).toBe(
      'Payouts On Hold: Refunds or adjustments after earlier payouts left your balance at -$14.85. Payouts resume once new earnings cover it.',
    );

    // A new commission pays the debt first: $14.85 − $14.85 leaves nothing to pay out.
    await buy(cookie, uniqueEmail('fan'), [product.id]);
    expect((await balanceOf(affiliate.cookie)).balanceCents).toBe(0);
    const empty = await payout(affiliate.cookie, 'hole-11-affiliate-4');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('no_funds');
    // Another one: the net, $14.85, goes out; a request above it is refused.
    await buy(cookie, uniqueEmail('fan'), [product.id]);
    expect((await affiliatesPage(affiliate.cookie)).balance).toEqual({ balanceCents: 1485, currency: 'USD' });
    const above = await payout(affiliate.cookie, 'hole-11-affiliate-5', { amountCents: 1486 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toMatchObject({ code: 'payout_above_balance', params: { balance: '$14.85' } });
    const paid = await payout(affiliate.cookie, 'hole-11-affiliate-6');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ payout: { amountCents: 1485, currency: 'USD' }, balanceCents: 0 });
    // Every payout the affiliate asked for: the first and the net, nothing while they owed.
    const { rows } = await app.test.database.pool.query<{ amount_cents: number }>('SELECT amount_cents FROM payouts WHERE user_id = $1 ORDER BY requested_at', [affiliate.id]);
    expect(rows.map((row) => row.amount_cents)).toEqual([1485, 1485]);
  });

  it('shows the balance to its owner only: a guest, a bot and a HEAD get 401, another user their own', async () => {
    const { affiliate, product, link } = await openProduct(5000);
    await buy((await click(link.code)).cookie, uniqueEmail('fan'), [product.id]);
    expect((await affiliatesPage(affiliate.cookie)).balance.balanceCents).toBe(1485);
    const stranger = await createSignedInUser(app.test, { role: 'user' });
    expect(await affiliatesPage(stranger.cookie)).toEqual({ items: [], balance: { balanceCents: 0, currency: 'USD' } });
    expect((await balanceOf(stranger.cookie)).balanceCents).toBe(0);
    for (const url of ['/api/affiliates', '/api/payouts']) {
      expect((await request(app.test.app, { method: 'GET', url })).statusCode).toBe(401);
      expect((await request(app.test.app, { method: 'GET', url, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).statusCode).toBe(401);
      expect((await request(app.test.app, { method: 'HEAD', url })).statusCode).toBe(401);
    }
  });
});

describe('currencies', () => {
  it('keeps a balance in one currency: joining needs the product’s currency, the commission is in it, and it locks the affiliate’s', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const affiliate = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.test, creator.id, { priceCents: 2000 });
    expect((await setCurrency(creator.cookie, 'EUR')).statusCode).toBe(200);
    expect((await open(creator.cookie, product.id, 30)).json()).toMatchObject({ currency: 'EUR' });

    const mismatch = await join(affiliate.cookie, product.id);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({ code: 'affiliate_currency_mismatch' });

    expect((await setCurrency(affiliate.cookie, 'EUR')).statusCode).toBe(200);
    const link = await joined(affiliate.cookie, product.id);
    // Should the affiliate's balance move to another currency before a sale, the sale credits nothing.
    expect((await setCurrency(affiliate.cookie, 'GBP')).statusCode).toBe(200);
    const { cookie } = await click(link.code);
    expect((await buy(cookie, uniqueEmail('fan'), [product.id])).get(product.id)).toMatchObject({ affiliate_id: null, currency: 'EUR' });

    expect((await setCurrency(affiliate.cookie, 'EUR')).statusCode).toBe(200);
    expect((await buy(cookie, uniqueEmail('fan'), [product.id])).get(product.id)).toMatchObject({ affiliate_id: affiliate.id, commission_cents: 594, currency: 'EUR' });
    expect(await balanceOf(affiliate.cookie)).toMatchObject({ balanceCents: 594, currency: 'EUR' });
    // A commission on record keeps the affiliate's currency as a sale keeps a creator's.
    expect((await setCurrency(affiliate.cookie, 'USD')).statusCode).toBe(409);
  });
});
