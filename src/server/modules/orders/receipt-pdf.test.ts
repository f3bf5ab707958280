// Issue #44, receipts and invoices as PDF for buyers: one PDF receipt per store of a paid order, opened by
// the receipt page's token like the page; the store's order number ("MAYA-0001") from a gapless counter
// per store; the buyer's name and address kept on the order; the seller details of the creator's Settings.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/test-helpers.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { createProduct, pay } from './test-helpers.ts';

const app = listeningTestApp({ env: { TAX_RATES: 'DE:19,FR:20' } });
const get = (url: string, headers: Record<string, string> = {}) => request(app.test.app, { method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, cookie?: string) => request(app.test.app, { method, url, ...(payload ? { payload } : {}), cookie });

/** A creator whose storefront slug starts with `word` (so their numbers read `WORD-0001`), with a product. */
async function store(word: string, options: { name?: string; price?: string } = {}) {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: options.name ?? `${word} Maker` });
  const slug = `${word.toLowerCase()}-${randomBytes(4).toString('hex')}`;
  // A custom address is a paid plan's: set in the database, as an upgraded creator would have it.
  await app.test.database.pool.query('UPDATE user_profiles SET storefront_slug = $1 WHERE id = $2', [slug, creator.id]);
  const product = await createProduct(app.base, creator.cookie, { price: options.price ?? '10.00', name: `${word} guide` });
  return { creator, product };
}

/** A guest's paid order of these products (from DE, so 19% tax): its id and the receipt token of its mail. */
async function paidOrder(productIds: string[], country = 'DE') {
  const email = uniqueEmail('pdf-buyer');
  const started = await send('POST', '/api/checkout', { email, productIds, country });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await pay(app.test, orderId)).statusCode).toBe(200);
  const mail = (await latestMailTo(app.test.database, email))!;
  const token = /\/receipt\/([\w-]{43})\b/.exec(mail.text)![1]!;
  return { orderId, token, email, mail };
}

const numbersOf = async (token: string) =>
  Object.fromEntries(((await get(`/api/receipts/${token}`)).json().sellers as { storeId: string; orderNumber: string }[]).map((seller) => [seller.storeId, seller.orderNumber]));

const pdfOf = (token: string, storeId: string) => get(`/api/receipts/${token}/stores/${storeId}/pdf`);

describe('PDF receipts', () => {
  it('print the buyer’s name and address in any script, the seller details, the number, lines, tax by rate and total', async () => {
    const { creator, product } = await store('Maya', { name: 'Maya Patel' });
    const settings = { sellerName: 'Maya Studio Łódź', sellerAddress: 'ul. Piotrkowska 1\n90-001 Łódź', sellerTaxId: 'PL1234567890' };
    expect((await send('PATCH', '/api/profile', settings, creator.cookie)).json().profile).toMatchObject(settings);
    const { token, email, mail } = await paidOrder([product.id]);
    expect(mail.text).toContain('Order MAYA-0001');

    const saved = await send('PUT', `/api/receipts/${token}/buyer`, { name: '  山田太郎 Łukasz Żółć ', address: '東京都千代田区 1-1\nTokyo 100-0001' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ name: '山田太郎 Łukasz Żółć', address: '東京都千代田区 1-1\nTokyo 100-0001', vatNumber: null, country: 'DE' });
    expect((await get(`/api/receipts/${token}`)).json().buyer).toEqual(saved.json());

    const response = await pdfOf(token, creator.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment; filename="receipt-MAYA-0001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { text } = await pdfText(response.rawPayload);
    for (const shown of ['RECEIPT', 'MAYA-0001', 'Maya Studio Łódź', '90-001 Łódź', 'Tax ID: PL1234567890', '山田太郎 Łukasz Żółć', '東京都千代田区 1-1', email, 'Country: DE', 'Maya guide', 'Tax 19%', '$1.90', '$11.90', 'USD', 'Paid']) {
      expect(text).toContain(shown);
    }
    // A second download prints the same details.
    expect((await pdfText((await pdfOf(token, creator.id)).rawPayload)).text).toContain('山田太郎 Łukasz Żółć');
    // Cleared, the e-mail stands for the buyer.
    expect((await send('PUT', `/api/receipts/${token}/buyer`, { name: '', address: '' })).json()).toMatchObject({ name: null, address: null });
    expect((await pdfText((await pdfOf(token, creator.id)).rawPayload)).text).not.toContain('山田太郎');
  });

  it('number each store’s orders from 0001 without gaps, a cart of two stores getting a number in each', async () => {
    const maya = await store('Maya');
    const leo = await store('Leo');
    const first = await paidOrder([maya.product.id]);
    const second = await paidOrder([leo.product.id]);
    const both = await paidOrder([maya.product.id, leo.product.id], 'FR');
    expect(await numbersOf(first.token)).toEqual({ [maya.creator.id]: 'MAYA-0001' });
    expect(await numbersOf(second.token)).toEqual({ [leo.creator.id]: 'LEO-0001' });
    expect(await numbersOf(both.token)).toEqual({ [maya.creator.id]: 'MAYA-0002', [leo.creator.id]: 'LEO-0002' });
    expect(both.mail.text).toMatch(/Order (MAYA-0002, LEO-0002|LEO-0002, MAYA-0002)/);
    // The creator's sales list names each sale's order by the store's number.
    const mayaSales = (await request(app.test.app, { method: 'GET', url: '/api/my/sales', cookie: maya.creator.cookie })).json().items as { orderNumber: string }[];
    expect(mayaSales.map((sale) => sale.orderNumber)).toEqual(['MAYA-0002', 'MAYA-0001']);

    // Each store's receipt holds its own line and number only.
    const leoPdf = (await pdfText((await pdfOf(both.token, leo.creator.id)).rawPayload)).text;
    expect(leoPdf).toContain('LEO-0002');
    expect(leoPdf).toContain('Leo guide');
    expect(leoPdf).toContain('Tax 20%');
    expect(leoPdf).not.toContain('Maya guide');

    // Payments at once take the next numbers in turn, none twice.
    const orders = await Promise.all(
      [0, 1, 2].map(async () => {
        const started = await send('POST', '/api/checkout', { email: uniqueEmail('pdf-rush'), productIds: [maya.product.id], country: 'DE' });
        return (started.json() as { orderId: string }).orderId;
      }),
    );
    const paid = await Promise.all(orders.map((orderId) => pay(app.test, orderId)));
    expect(paid.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const { rows } = await app.test.database.pool.query<{ number: number }>('SELECT number FROM store_order_numbers WHERE store_id = $1 ORDER BY number', [maya.creator.id]);
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('open by the receipt’s token alone: not another store’s, not another order’s, not a revoked token; a refund says Refunded', async () => {
    const maya = await store('Maya');
    const leo = await store('Leo');
    const { orderId, token } = await paidOrder([maya.product.id]);
    const other = await paidOrder([leo.product.id]);
    // A store that sold nothing in this order, another order's token, an unknown token: not found.
    expect((await pdfOf(token, leo.creator.id)).statusCode).toBe(404);
    expect((await pdfOf(other.token, maya.creator.id)).statusCode).toBe(404);
    expect((await pdfOf(randomBytes(32).toString('base64url'), maya.creator.id)).json().error.code).toBe('receipt_not_found');
    expect((await send('PUT', `/api/receipts/${randomBytes(32).toString('base64url')}/buyer`, { name: 'X', address: '' })).statusCode).toBe(404);
    // Signed in as someone else changes nothing: the token is the key, a session is none.
    const stranger = await createSignedInUser(app.test, { role: 'creator' });
    expect((await request(app.test.app, { method: 'GET', url: `/api/receipts/${other.token}/stores/${maya.creator.id}/pdf`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await send('PUT', `/api/receipts/${token}/buyer`, { name: 'x'.repeat(121), address: '' })).statusCode).toBe(400);

    const saleId = (await app.test.database.pool.query<{ id: string }>('SELECT id FROM sales WHERE order_id = $1', [orderId])).rows[0]!.id;
    expect((await send('POST', `/api/sales/${saleId}/refund`, {}, maya.creator.cookie)).statusCode).toBe(200);
    const refunded = (await pdfText((await pdfOf(token, maya.creator.id)).rawPayload)).text;
    expect(refunded).toContain('Refunded');
    expect(refunded).toContain('−$11.90');

    expect((await send('POST', `/api/sales/${saleId}/receipt-links/revoke`, undefined, maya.creator.cookie)).statusCode).toBe(204);
    const asBot = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    for (const headers of [{}, asBot]) expect((await get(`/api/receipts/${token}/stores/${maya.creator.id}/pdf`, headers)).statusCode).toBe(404);
    expect((await request(app.test.app, { method: 'HEAD', url: `/api/receipts/${token}/stores/${maya.creator.id}/pdf` })).statusCode).toBe(404);
    expect((await send('PUT', `/api/receipts/${token}/buyer`, { name: 'X', address: '' })).statusCode).toBe(404);
  });
});
