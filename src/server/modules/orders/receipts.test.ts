// Issue #44, the buyer keeps it: a paid order's receipt page opens by a long secret token that lasts; the
// mail names who sold it and its download links are signed when clicked; a refund shows, a revoked
// token opens nothing; Buy now's quote is the price the order charges.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { MovableClock } from '../../platform/clock.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { createProduct, pay } from './test-helpers.ts';

// Moved forward once, by the payer's test, past the thank-you moment (download links are signed by the real time).
const clock = new MovableClock();
const app = listeningTestApp({ env: { TAX_RATES: 'DE:19' }, clock });
const get = (url: string, headers: Record<string, string> = {}) => request(app.test.app, { method: 'GET', url, headers });
const post = (url: string, payload?: object, cookie?: string) => request(app.test.app, { method: 'POST', url, ...(payload ? { payload } : {}), cookie });

/** A paid order of one product by a guest: its receipt mail, the token in it, and the product. */
async function paidOrder(options: { creatorName?: string; price?: string } = {}) {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: options.creatorName ?? 'Maya Patel' });
  const product = await createProduct(app.base, creator.cookie, { price: options.price ?? '12.00' });
  const email = uniqueEmail('receipt-buyer');
  const started = await post('/api/checkout', { email, productIds: [product.id], country: 'DE' });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await pay(app.test, orderId)).statusCode).toBe(200);
  const mail = (await latestMailTo(app.test.database, email))!;
  const token = /\/receipt\/([\w-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no receipt link in: ${mail.text}`);
  return { creator, product, email, orderId, mail, token };
}

const saleIdOf = async (orderId: string) =>
  (await app.test.database.pool.query<{ id: string }>('SELECT id FROM sales WHERE order_id = $1', [orderId])).rows[0]!.id;

describe('receipt pages', () => {
  it('are mailed by the store’s name with a lasting link; the page signs downloads when opened, the mail’s links when clicked', async () => {
    const { product, email, orderId, mail, token } = await paidOrder({ creatorName: 'Łukasz Żółć' });
    expect(mail.subject).toBe('Your purchase from Łukasz Żółć');
    // No link in the mail carries an expiry: its downloads go through the receipt's token.
    expect(mail.text).not.toMatch(/expires=/);
    const mailed = /https?:\/\/\S+(\/api\/receipts\/[\w-]{43}\/downloads\/[\w-]+)/.exec(mail.text)?.[1];
    expect(mailed).toBeDefined();

    const opened = await get(`/api/receipts/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const receipt = opened.json();
    expect(receipt).toMatchObject({
      orderId,
      buyerEmail: email,
      status: 'paid',
      currency: 'USD',
      totalCents: 1428,
      taxCents: 228,
      refundedCents: 0,
      sellers: [{ name: 'Łukasz Żółć' }],
      items: [{ productId: product.id, productName: product.name, amountCents: 1200, status: 'completed', membership: false, giftEmail: null }],
    });
    const file = await get(receipt.items[0].downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(product.bytes)).toBe(true);

    // The mailed link holds no signature: clicked, whenever that is, it signs one for the next hour.
    const clicked = await get(mailed!);
    expect(clicked.statusCode).toBe(303);
    const signed = new URL(clicked.headers.location as string, 'http://zerri.test');
    expect(Number(signed.searchParams.get('expires')) * 1000).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    expect((await get(signed.pathname + signed.search)).rawPayload.equals(product.bytes)).toBe(true);
  });

  it('name no creator whose name reads like an address in the subject', async () => {
    const { mail } = await paidOrder({ creatorName: 'Verify at evil.example now' });
    expect(mail.subject).toBe('Your purchase from Zerri');
  });

  it('open nothing for an unknown token, and another order’s sale through a token is not found', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const unknown = await get(`/api/receipts/${randomBytes(32).toString('base64url')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'receipt_not_found', message: ORDER_MESSAGES.receiptNotFound });
    expect((await get(`/api/receipts/not-a-token`)).statusCode).toBe(400);
    const crossed = await get(`/api/receipts/${first.token}/downloads/${await saleIdOf(second.orderId)}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.headers.location).toBeUndefined();
  });

  it('say refunded after a refund, with no file to download from the page or the mail', async () => {
    const { creator, orderId, mail, token } = await paidOrder();
    const saleId = await saleIdOf(orderId);
    expect((await post(`/api/sales/${saleId}/refund`, {}, creator.cookie)).statusCode).toBe(200);
    const receipt = (await get(`/api/receipts/${token}`)).json();
    expect(receipt).toMatchObject({ status: 'refunded', refundedCents: 1200, items: [{ status: 'refunded', downloadUrl: null }] });
    const mailed = /https?:\/\/\S+(\/api\/receipts\/\S+\/downloads\/\S+)/.exec(mail.text)![1]!;
    const signed = (await get(mailed)).headers.location as string;
    const refused = await get(signed);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe('sale_refunded');
  });

  it('are revoked by the sale’s creator alone (or an admin); a revoked token opens nothing, to anyone', async () => {
    const { creator, orderId, token, email } = await paidOrder();
    const saleId = await saleIdOf(orderId);
    const revoke = (id: string, cookie?: string) => post(`/api/sales/${id}/receipt-links/revoke`, undefined, cookie);
    expect((await revoke(saleId)).statusCode).toBe(401);
    const stranger = await createSignedInUser(app.test, { role: 'creator' });
    expect((await revoke(saleId, stranger.cookie)).statusCode).toBe(404);
    const buyer = await createSignedInUser(app.test, { role: 'user', email });
    expect((await revoke(saleId, buyer.cookie)).statusCode).toBe(404);
    expect((await get(`/api/receipts/${token}`)).statusCode).toBe(200);

    expect((await revoke(saleId, creator.cookie)).statusCode).toBe(204);
    const asBot: Record<string, string> = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    for (const headers of [{}, asBot]) {
      expect((await get(`/api/receipts/${token}`, headers)).statusCode).toBe(404);
    }
    expect((await request(app.test.app, { method: 'HEAD', url: `/api/receipts/${token}` })).statusCode).toBe(404);
    expect((await get(`/api/receipts/${token}/downloads/${saleId}`)).statusCode).toBe(404);

    const other = await paidOrder();
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await revoke(await saleIdOf(other.orderId), admin.cookie)).statusCode).toBe(204);
    expect((await get(`/api/receipts/${other.token}`)).statusCode).toBe(404);
  });

  it('open for the payer by the order’s id at the thank-you moment only, and only once paid', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '3.00' });
    const started = await post('/api/checkout', { email: uniqueEmail('payer'), productIds: [product.id], country: 'US' });
    const { orderId } = started.json() as { orderId: string };
    expect((await post(`/api/orders/${orderId}/receipt-link`)).statusCode).toBe(404);
    await pay(app.test, orderId);
    const link = await post(`/api/orders/${orderId}/receipt-link`);
    expect(link.statusCode).toBe(200);
    const path = link.json().path as string;
    expect(path).toMatch(/^\/receipt\/[\w-]{43}$/);
    expect((await get(`/api/receipts/${path.slice('/receipt/'.length)}`)).json().orderId).toBe(orderId);
    clock.advanceDays(2);
    const late = await post(`/api/orders/${orderId}/receipt-link`);
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toMatchObject({ code: 'receipt_link_expired', message: ORDER_MESSAGES.receiptLinkExpired });
  });
});

describe('a gift recipient’s receipt', () => {
  it('opens the gifts alone, with their downloads, from a lasting link; the buyer’s receipt says where they went', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Maya Patel' });
    const kept = await createProduct(app.base, creator.cookie, { price: '5.00' });
    const given = await createProduct(app.base, creator.cookie, { price: '7.00' });
    const buyer = uniqueEmail('gift-buyer');
    const friend = uniqueEmail('gift-friend');
    const started = await post('/api/checkout', { email: buyer, productIds: [kept.id, given.id], gifts: [{ productId: given.id, email: friend }], country: 'US' });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json() as { orderId: string };
    expect((await pay(app.test, orderId)).statusCode).toBe(200);

    const mail = (await latestMailTo(app.test.database, friend))!;
    expect(mail.text).not.toMatch(/expires=/);
    const token = /\/receipt\/([\w-]{43})\b/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const receipt = (await get(`/api/receipts/${token}`)).json();
    expect(receipt).toMatchObject({ orderId, buyerEmail: friend, giftFrom: buyer, totalCents: 700, items: [{ productId: given.id, giftEmail: null }] });
    expect(receipt.items).toHaveLength(1);
    expect((await get(receipt.items[0].downloadUrl)).rawPayload.equals(given.bytes)).toBe(true);
    // The buyer's own line is not the recipient's to open, by the page or by a mailed link.
    const keptSale = (await app.test.database.pool.query<{ id: string }>('SELECT id FROM sales WHERE order_id = $1 AND product_id = $2', [orderId, kept.id])).rows[0]!.id;
    expect((await get(`/api/receipts/${token}/downloads/${keptSale}`)).statusCode).toBe(404);

    const buyers = (await get(`/api/receipts/${/\/receipt\/([\w-]{43})\b/.exec((await latestMailTo(app.test.database, buyer))!.text)![1]}`)).json();
    expect(buyers).toMatchObject({ buyerEmail: buyer, giftFrom: null, totalCents: 1200 });
    expect(buyers.items.find((item: { productId: string }) => item.productId === given.id)).toMatchObject({ giftEmail: friend, downloadUrl: null });
  });
});

describe('resend my receipt', () => {
  it('mails an address new links to each of its receipts, whatever its case; an address without purchases gets the same answer and no mail', async () => {
    const first = await paidOrder();
    // A second purchase by the same address, from another store.
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '2.00' });
    const started = await post('/api/checkout', { email: first.email, productIds: [product.id], country: 'US' });
    const second = (started.json() as { orderId: string }).orderId;
    await pay(app.test, second);

    const asked = await post('/api/receipts/resend', { email: first.email.toUpperCase() });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ sent: true });
    const mail = (await latestMailTo(app.test.database, first.email.toUpperCase()))!;
    expect(mail.subject).toBe('Your receipts on Zerri');
    const tokens = [...mail.text.matchAll(/\/receipt\/([\w-]{43})\b/g)].map((match) => match[1]!);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map(async (token) => (await get(`/api/receipts/${token}`)).json().orderId as string));
    // Newest first; new links, the mailed one still works too.
    expect(opened).toEqual([second, first.orderId]);
    expect(tokens).not.toContain(first.token);
    expect((await get(`/api/receipts/${first.token}`)).statusCode).toBe(200);

    const stranger = uniqueEmail('never-bought');
    const none = await post('/api/receipts/resend', { email: stranger });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ sent: true });
    expect(await latestMailTo(app.test.database, stranger)).toBeUndefined();
    const bad = await post('/api/receipts/resend', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ORDER_MESSAGES.emailInvalid);
  });
});

describe('Buy now’s quote', () => {
  it('is what the order then charges: the amount named, the code, the tax', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '5.00', payWhatYouWant: true });
    const code = `SAVE${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await post('/api/discounts', { code, kind: 'percent', amount: 20, productIds: [product.id] }, creator.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const body = { productIds: [product.id], prices: [{ productId: product.id, amountCents: 850 }], discountCode: code, country: 'DE' };
    const quote = await post('/api/checkout/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    // 8.50 less 20 % is 6.80; 19 % of it is 1.292 → 1.29.
    expect(quote.json()).toEqual({
      lines: [{ productId: product.id, name: product.name, versionName: null, priceCents: 850, discountCents: 170, taxCents: 129 }],
      subtotalCents: 850,
      discountCents: 170,
      taxCents: 129,
      totalCents: 809,
      currency: 'USD',
    });
    const started = await post('/api/checkout', { ...body, email: uniqueEmail('quoted'), buyNow: true });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ totalCents: quote.json().totalCents, taxCents: quote.json().taxCents });
    // Under the minimum, the quote says so as checkout would.
    const low = await post('/api/checkout/quote', { ...body, prices: [{ productId: product.id, amountCents: 100 }] });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.code).toBe('price_below_minimum');
    expect((await post('/api/checkout/quote', { productIds: [product.id] })).json().error.code).toBe('country_required');
  });
});
