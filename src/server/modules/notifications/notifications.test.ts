import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Notifications } from '#shared/notifications-api.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';
import { createInvoice, payOrder, seedSale, startPayment } from '../invoices/test-helpers.ts';

const app = listeningTestApp();

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie?: string, payload: object = {}) => request(app.test.app, { method: 'POST', url, cookie, payload });
const inbox = async (cookie: string) => {
  const response = await get('/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Notifications;
};
const creator = (name = 'Cora Creator') => createSignedInUser(app.test, { role: 'creator', name });
const setEmailSwitch = (cookie: string, on: boolean) =>
  request(app.test.app, { method: 'PATCH', url: '/api/profile', cookie, payload: { notifications: { emailNotifications: on, pushNotifications: false } } });
/** The first line of each mail to `email`: a notification's own line (its subject is the same for all). */
const mailsTo = async (email: string) => {
  await mailSent(app.test.database);
  const { rows } = await app.test.database.pool.query<{ text: string }>(`SELECT text FROM dev_mailbox WHERE "to" = $1 ORDER BY id`, [email]);
  return rows.map((row) => row.text.split('\n')[0]!);
};

/** A creator with one sale of a product named `name` to a guest. */
async function creatorWithSale(name: string) {
  const seller = await creator();
  const product = await createProduct(app.base, seller.cookie, { name, price: '12.50' });
  await buy(app.test, uniqueEmail('buyer'), [product.id]);
  return { ...seller, product };
}

describe('notifications', () => {
  it('tells the creator of a sale, in their inbox and by e-mail while the switch is on', async () => {
    const seller = await creatorWithSale('Sunset Presets');
    const { items, unreadCount } = await inbox(seller.cookie);
    expect(unreadCount).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'sale', readAt: null, data: { productName: 'Sunset Presets', amountCents: 1250, currency: 'USD', link: '/dashboard' } }),
    ]);
    const mail = await latestMailTo(app.test.database, seller.email);
    // The product's name (the creator's text) is never in a subject: the line is in the body.
    expect(mail?.subject).toBe('New activity on your Zerri account');
    expect(mail?.text).toContain('New sale: Sunset Presets for $12.50');
    expect(mail?.text).toContain('/dashboard/settings');
  });

  it('sends no e-mail once the switch is off, and still lists the notification', async () => {
    const seller = await creator();
    expect((await setEmailSwitch(seller.cookie, false)).statusCode).toBe(200);
    const product = await createProduct(app.base, seller.cookie, { name: 'Quiet Brushes' });
    await buy(app.test, uniqueEmail('buyer'), [product.id]);
    expect((await inbox(seller.cookie)).items.map((item) => item.kind)).toEqual(['sale']);
    expect((await mailsTo(seller.email)).filter((subject) => subject.startsWith('New sale'))).toEqual([]);
  });

  it('marks one read, then all read', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie);
    await buy(app.test, uniqueEmail('buyer'), [product.id]);
    await buy(app.test, uniqueEmail('buyer'), [product.id]);
    const before = await inbox(seller.cookie);
    expect(before.unreadCount).toBe(2);
    expect((await post(`/api/notifications/${before.items[0]!.id}/read`, seller.cookie)).statusCode).toBe(204);
    const after = await inbox(seller.cookie);
    expect(after.unreadCount).toBe(1);
    expect(after.items[0]!.readAt).not.toBeNull();
    expect((await post('/api/notifications/read-all', seller.cookie)).statusCode).toBe(204);
    const all = await inbox(seller.cookie);
    expect(all.unreadCount).toBe(0);
    expect(all.items.every((item) => item.readAt)).toBe(true);
  });

  it('is only its user’s: another user neither sees nor marks them', async () => {
    const seller = await creatorWithSale('Private Pack');
    const other = await createSignedInUser(app.test);
    const [notification] = (await inbox(seller.cookie)).items;
    expect((await inbox(other.cookie)).items).toEqual([]);
    const marked = await post(`/api/notifications/${notification!.id}/read`, other.cookie);
    expect(marked.statusCode).toBe(404);
    expect(marked.json().error.code).toBe('notification_not_found');
    expect((await post(`/api/notifications/${randomUUID()}/read`, seller.cookie)).statusCode).toBe(404);
    expect((await post('/api/notifications/read-all', other.cookie)).statusCode).toBe(204);
    expect((await inbox(seller.cookie)).unreadCount).toBe(1);
    expect((await get('/api/notifications')).statusCode).toBe(401);
  });

  it('tells the buyer with an account of a refund, without a second mail beside the refund notice', async () => {
    const seller = await creator();
    const buyer = await createSignedInUser(app.test);
    const product = await createProduct(app.base, seller.cookie, { name: 'Refunded Fonts', price: '10.00' });
    const orderId = await buy(app.test, buyer.email, [product.id], buyer.cookie);
    const { rows } = await app.test.database.pool.query<{ id: string }>(`SELECT id FROM sales WHERE order_id = $1`, [orderId]);
    expect((await post(`/api/sales/${rows[0]!.id}/refund`, seller.cookie, { amountCents: 400 })).statusCode).toBe(200);
    expect((await inbox(buyer.cookie)).items).toEqual([
      expect.objectContaining({ kind: 'refund', data: { productName: 'Refunded Fonts', amountCents: 400, currency: 'USD', link: '/library' } }),
    ]);
    expect((await mailsTo(buyer.email)).filter((subject) => subject.startsWith('Your purchase of'))).toEqual([]);
  });

  it('tells the creator of a review, named by its reviewer', async () => {
    const seller = await creator();
    const buyer = await createSignedInUser(app.test, { name: 'Rita Reviewer' });
    const product = await createProduct(app.base, seller.cookie, { name: 'Reviewed Kit' });
    await buy(app.test, buyer.email, [product.id], buyer.cookie);
    expect((await post(`/api/products/${product.id}/reviews`, buyer.cookie, { rating: 5, body: 'Great kit, works well.' })).statusCode).toBe(201);
    const [latest] = (await inbox(seller.cookie)).items;
    expect(latest).toMatchObject({ kind: 'review', data: { productName: 'Reviewed Kit', actorName: 'Rita Reviewer', link: `/store/product/${product.slug}` } });
  });

  it('tells the creator of a paid invoice and of a processed payout', async () => {
    const seller = await creator();
    const invoice = await createInvoice(app.test.app, seller.cookie);
    expect((await payOrder(app.test.app, await startPayment(app.test.app, invoice.id))).statusCode).toBe(200);
    await seedSale(app.test.database, seller.id, 5000, 'completed', 0);
    const method = { type: 'paypal', email: 'cora@paypal.test' };
    expect((await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: seller.cookie, payload: method })).statusCode).toBe(200);
    const requested = await request(app.test.app, { method: 'POST', url: '/api/payouts', cookie: seller.cookie, headers: { 'idempotency-key': randomUUID() }, payload: {} });
    expect(requested.statusCode, requested.body).toBe(201);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await post(`/api/admin/payouts/${requested.json().payout.id}/fail`, admin.cookie)).statusCode).toBe(200);
    const { items } = await inbox(seller.cookie);
    expect(items.map((item) => item.kind)).toEqual(['payout_failed', 'invoice_paid']);
    expect(items[1]!.data).toMatchObject({ title: invoice.id, amountCents: invoice.totalCents, actorName: 'Acme Ltd' });
    expect(await mailsTo(seller.email)).toEqual(expect.arrayContaining([`Invoice ${invoice.id} paid: $349.99`, expect.stringMatching(/^Payout of \$.+ failed$/)]));
  });
});
