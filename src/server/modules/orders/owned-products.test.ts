import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { createSignedInUser, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, checkout, createProduct, pay, receiptDownloadPath, salesOf } from './test-helpers.ts';

const app = listeningTestApp();

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });

async function ownedProduct(name?: string) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const product = await createProduct(app.base, creator.cookie, { price: '7.00', name });
  const buyer = await createSignedInUser(app.test, { role: 'user' });
  const orderId = await buy(app.test, buyer.email, [product.id], buyer.cookie);
  return { creator, product, buyer, orderId };
}

async function mailsTo(email: string) {
  await mailSent(app.test.database);
  const { rows } = await app.test.database.pool.query(`SELECT subject, text FROM dev_mailbox WHERE "to" = $1 ORDER BY id`, [email]);
  return rows as { subject: string; text: string }[];
}

describe('owned products', () => {
  it('tell each viewer whether they own the product: page, store cards and cart', async () => {
    const { product, buyer, creator } = await ownedProduct();
    const other = await createSignedInUser(app.test, { role: 'user' });
    expect((await get(`/api/products/${product.id}`, buyer.cookie)).json().product).toMatchObject({ owned: true, isOwner: false });
    expect((await get(`/api/products/${product.id}`, other.cookie)).json().product.owned).toBe(false);
    expect((await get(`/api/products/${product.id}`)).json().product.owned).toBe(false);
    const card = async (cookie?: string) =>
      ((await get(`/api/store/products?creator=${creator.id}`, cookie)).json().items as { id: string; owned: boolean }[]).find((item) => item.id === product.id);
    expect(await card(buyer.cookie)).toMatchObject({ owned: true });
    expect(await card(other.cookie)).toMatchObject({ owned: false });
    expect(await card()).toMatchObject({ owned: false });
    await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${product.id}`, cookie: buyer.cookie });
    await request(app.test.app, { method: 'PUT', url: `/api/cart/items/${product.id}`, cookie: other.cookie });
    expect((await get('/api/cart', buyer.cookie)).json().items).toMatchObject([{ id: product.id, owned: true }]);
    expect((await get('/api/cart', other.cookie)).json().items).toMatchObject([{ id: product.id, owned: false }]);
  });

  it('refuses a second purchase by the same account, naming the product; another user and a guest buy it', async () => {
    const { product, buyer } = await ownedProduct('Field Guide');
    const again = await checkout(app.test, { email: buyer.email, productIds: [product.id] }, buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'already_owned', message: ORDER_MESSAGES.alreadyOwned('Field Guide'), params: { products: 'Field Guide' } });
    // Another address typed at checkout is still the same account.
    expect((await checkout(app.test, { email: uniqueEmail('other-address'), productIds: [product.id] }, buyer.cookie)).statusCode).toBe(409);
    const other = await createSignedInUser(app.test, { role: 'user' });
    await buy(app.test, other.email, [product.id], other.cookie);
    await buy(app.test, buyer.email, [product.id]); // a guest is not asked
  });

  it('takes it as a gift: the gift gets the receipt with the download, once; the buyer a confirmation, and no second copy', async () => {
    const { product, buyer } = await ownedProduct('Gift Guide');
    const friend = uniqueEmail('friend');
    const invalid = await checkout(app.test, { email: buyer.email, productIds: [product.id], gifts: [{ productId: product.id, email: 'not-an-email' }] } as never, buyer.cookie);
    expect(invalid.statusCode).toBe(400);
    const started = await request(app.test.app, {
      method: 'POST',
      url: '/api/checkout',
      payload: { email: buyer.email, productIds: [product.id], gifts: [{ productId: product.id, email: friend }] },
      cookie: buyer.cookie,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json() as { orderId: string };
    expect((await pay(app.test, orderId)).statusCode).toBe(200);
    expect((await pay(app.test, orderId)).statusCode).toBe(200); // a repeated confirmation sends nothing more
    const [sale] = await salesOf(app.test, orderId);
    expect(sale).toMatchObject({ buyer_email: friend, status: 'completed' });
    const gifts = await mailsTo(friend);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]!.text).toContain(`${buyer.email} sent you a gift!`);
    const download = await get(await receiptDownloadPath(app.test, friend));
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(product.bytes)).toBe(true);
    const receipts = (await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Your purchase from'));
    expect(receipts).toHaveLength(2); // the first purchase's and this one's
    expect(receipts[1]!.text).toContain(`Sent as a gift to ${friend}.`);
    expect(receipts[1]!.text).not.toContain('/api/downloads/');
    const library = (await get('/api/library', buyer.cookie)).json().items as { productId: string }[];
    expect(library.filter((item) => item.productId === product.id)).toHaveLength(1);
  });

  it('a refunded purchase can be bought again', async () => {
    const { product, buyer, creator, orderId } = await ownedProduct();
    const [sale] = await salesOf(app.test, orderId);
    expect((await request(app.test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, payload: {}, cookie: creator.cookie })).statusCode).toBe(200);
    expect((await get(`/api/products/${product.id}`, buyer.cookie)).json().product.owned).toBe(false);
    await buy(app.test, buyer.email, [product.id], buyer.cookie);
  });
});
