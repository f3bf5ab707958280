// Abandoned checkouts (issue #44, decision 033): one reminder an hour after a checkout left unpaid,
// for stores that turned them on, checked again when it is sent; mailed through a real SMTP server
// and timed by the app's clock, moved forward by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../../platform/clock.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, logIn, mailSent, request, signUp, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { CHECKOUT_REMINDER_TASK, queueCheckoutReminders } from './checkout-reminders.ts';
import { checkout, createProduct, pay } from './test-helpers.ts';

const clock = new MovableClock();
let peer: SmtpPeer;
let test: TestApp;
let base: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  // Mail goes to the SMTP peer only; the many guest checkouts of one test visitor stay under the mail limit.
  test = await createTestApp({ SMTP_URL: peer.url, MAIL_RATE_LIMIT_VISITOR: '200', MAIL_RATE_LIMIT_USER: '200' }, { clock });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await test?.close();
  await peer?.close();
});

const call = (method: 'GET' | 'HEAD' | 'POST' | 'PATCH', url: string, options: { cookie?: string; payload?: object; headers?: Record<string, string> } = {}) =>
  request(test.app, { method, url, ...options });

/** A signed-in account (its address confirmed in the database: the sign-up mail went to the SMTP peer). */
async function account(role: 'creator' | 'user', name: string) {
  const email = uniqueEmail(role);
  const response = await signUp(test.app, { email, name, role: role === 'creator' ? 'creator' : undefined });
  expect(response.statusCode, response.body).toBe(200);
  await test.database.pool.query(`UPDATE users SET email_verified = true WHERE email = $1`, [email]);
  const id = (response.json() as { user: { id: string } }).user.id;
  return { id, email, cookie: await logIn(test.app, email) };
}

async function setReminders(cookie: string, on: boolean) {
  const response = await call('PATCH', '/api/profile', { cookie, payload: { checkoutReminders: on } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().profile.checkoutReminders).toBe(on);
}

/** A creator's store with one product, reminders on or off. */
async function store(name: string, on: boolean) {
  const creator = await account('creator', name);
  if (on) await setReminders(creator.cookie, true);
  const product = await createProduct(base, creator.cookie, { name: `${name}’s Brushes`, price: '12' });
  return { ...creator, product };
}

async function startCheckout(email: string, productIds: string[], options: { cookie?: string; buyNow?: boolean } = {}) {
  const started = options.buyNow
    ? await call('POST', '/api/checkout', { cookie: options.cookie, payload: { email, productIds, buyNow: true } })
    : await checkout(test, { email, productIds }, options.cookie);
  expect(started.statusCode, started.body).toBe(201);
  return (started.json() as { orderId: string }).orderId;
}

/** What the recurring sweep does at the clock's time, then the reminders it queued, and their mails. */
async function sweep() {
  await queueCheckoutReminders(test.app.zerri);
  await runReminders();
}

async function runReminders() {
  await test.app.zerri.tasks.drain({ names: [CHECKOUT_REMINDER_TASK] });
  await mailSent(test.database);
}

/** The text of a received mail: headers unfolded, quoted-printable undone, UTF-8 read. */
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/\r\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The reminders the SMTP server received for an address (the only mails here with the one-click unsubscribe header). */
const remindersTo = (email: string) => peer.received.filter((mail) => mail.to.includes(email) && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(mail.raw)).map((mail) => decoded(mail.raw));

async function reminderStatus(orderId: string) {
  const { rows } = await test.database.pool.query<{ status: string }>(`SELECT status FROM checkout_reminders WHERE order_id = $1`, [orderId]);
  return rows.map((row) => row.status);
}

/** A reminder queued earlier (before a payment or a change of the store's mind), run now. */
async function queuedEarlier(orderId: string, creatorId: string) {
  await test.database.pool.query(`INSERT INTO checkout_reminders (order_id, creator_id) VALUES ($1, $2)`, [orderId, creatorId]);
  await enqueueTask(test.database.db, CHECKOUT_REMINDER_TASK, { orderId, creatorId });
  await runReminders();
}

describe('checkout reminders', () => {
  it('are off by default, and only the store itself turns them on', async () => {
    const creator = await account('creator', 'Default Dora');
    expect((await call('GET', '/api/profile', { cookie: creator.cookie })).json().profile.checkoutReminders).toBe(false);
    expect((await call('PATCH', '/api/profile', { payload: { checkoutReminders: true } })).statusCode).toBe(401);
    await setReminders(creator.cookie, true);
    await setReminders(creator.cookie, false);
  });

  it('mails a guest one reminder an hour after an unpaid checkout, not before, and never twice', async () => {
    const maya = await store('Maya Patel', true);
    const email = uniqueEmail('guest');
    const orderId = await startCheckout(email, [maya.product.id]);

    clock.advanceMinutes(59);
    await sweep();
    expect(remindersTo(email)).toHaveLength(0);
    expect(await reminderStatus(orderId)).toEqual([]);

    clock.advanceMinutes(2);
    await sweep();
    const [mail] = remindersTo(email);
    expect(remindersTo(email)).toHaveLength(1);
    expect(mail).toContain('Subject: You did not finish your purchase on Zerri');
    expect(mail).toContain('You started a purchase from Maya Patel on Zerri and did not finish it.');
    expect(mail).toContain('Maya Patel’s Brushes');
    expect(mail).toContain(`/store/product/${maya.product.id}`);
    expect(mail).toContain(`Finish your purchase: ${test.app.zerri.config.PUBLIC_URL}/checkout/${orderId}`);
    expect(mail).toContain('Maya Patel sends one reminder for each checkout');
    expect(mail).toMatch(/^List-Unsubscribe: <\S+\/api\/audience\/unsubscribe\?token=\S+>/m);
    expect(mail).toMatch(/No more e-mails from Maya Patel: \S+\/api\/audience\/unsubscribe\?token=/);
    expect(await reminderStatus(orderId)).toEqual(['sent']);

    // Later sweeps, and the task run again (after a crash), send nothing more.
    clock.advanceMinutes(10);
    await sweep();
    await enqueueTask(test.database.db, CHECKOUT_REMINDER_TASK, { orderId, creatorId: maya.id });
    await runReminders();
    expect(remindersTo(email)).toHaveLength(1);
  });

  it('mails a signed-in Buy now buyer in their language, only the products of the store that turned it on', async () => {
    const lea = await store('Léa Martin', true);
    const quiet = await store('Quiet Store', false);
    const buyer = await account('user', 'Fabienne');
    await test.database.pool.query(`UPDATE users SET locale = 'fr' WHERE id = $1`, [buyer.id]);
    const buyNow = await startCheckout(buyer.email, [lea.product.id], { cookie: buyer.cookie, buyNow: true });
    const cart = await startCheckout(buyer.email, [quiet.product.id], { cookie: buyer.cookie });

    clock.advanceMinutes(61);
    await sweep();
    const mails = remindersTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Vous avez commencé un achat auprès de Léa Martin sur Zerri sans le terminer.');
    expect(mails[0]).toContain(`/checkout/${buyNow}`);
    expect(mails[0]).not.toContain('Quiet Store');
    expect(await reminderStatus(cart)).toEqual([]);
  });

  it('sends nothing once the order was paid, or the buyer paid a newer order for the product', async () => {
    const leo = await store('Leo Ito', true);
    const paidFirst = uniqueEmail('paid');
    const paidOrder = await startCheckout(paidFirst, [leo.product.id]);
    expect((await pay(test, paidOrder)).statusCode).toBe(200);

    const again = uniqueEmail('again');
    const abandoned = await startCheckout(again, [leo.product.id]);
    const newer = await startCheckout(again, [leo.product.id]);
    expect((await pay(test, newer)).statusCode).toBe(200);

    // Paid after its reminder was queued: checked when it is sent.
    const late = uniqueEmail('late');
    const lateOrder = await startCheckout(late, [leo.product.id]);

    clock.advanceMinutes(61);
    await sweep();
    expect(await reminderStatus(paidOrder)).toEqual([]);
    expect(await reminderStatus(abandoned)).toEqual(['bought_since']);
    expect(remindersTo(paidFirst)).toHaveLength(0);
    expect(remindersTo(again)).toHaveLength(0);

    // The sweep queued one for lateOrder and sent it; a second buyer's order paid before its task ran gets none.
    expect(remindersTo(late)).toHaveLength(1);
    const racing = uniqueEmail('racing');
    const racingOrder = await startCheckout(racing, [leo.product.id]);
    expect((await pay(test, racingOrder)).statusCode).toBe(200);
    await queuedEarlier(racingOrder, leo.id);
    expect(await reminderStatus(racingOrder)).toEqual(['paid']);
    expect(remindersTo(racing)).toHaveLength(0);
    expect(await reminderStatus(lateOrder)).toEqual(['sent']);
  });

  it('names only the store’s products still on sale, and sends nothing when none is', async () => {
    const sam = await store('Sam Shop', true);
    const kept = sam.product;
    const hidden = await createProduct(base, sam.cookie, { name: 'Soon Hidden Pack', price: '8' });
    const both = uniqueEmail('both');
    const bothOrder = await startCheckout(both, [kept.id, hidden.id]);
    const only = uniqueEmail('only');
    const onlyOrder = await startCheckout(only, [hidden.id]);
    await test.database.pool.query(`UPDATE products SET hidden_at = now() WHERE id = $1`, [hidden.id]);
    clock.advanceMinutes(61);
    await sweep();
    expect(await reminderStatus(bothOrder)).toEqual(['sent']);
    const [mail] = remindersTo(both);
    expect(mail).toContain(`/store/product/${kept.id}`);
    expect(mail).not.toContain('Soon Hidden Pack');
    expect(await reminderStatus(onlyOrder)).toEqual(['withdrawn']);
    expect(remindersTo(only)).toHaveLength(0);
  });

  it('sends nothing for a store that is off, or that turned it off after the reminder was queued', async () => {
    const off = await store('Never On', false);
    const email = uniqueEmail('off');
    const orderId = await startCheckout(email, [off.product.id]);
    const changed = await store('Changed Mind', true);
    const other = uniqueEmail('changed');
    const changedOrder = await startCheckout(other, [changed.product.id]);
    clock.advanceMinutes(61);
    await setReminders(changed.cookie, false);
    await sweep();
    expect(await reminderStatus(orderId)).toEqual([]);
    expect(await reminderStatus(changedOrder)).toEqual([]);

    await queuedEarlier(changedOrder, changed.id);
    expect(await reminderStatus(changedOrder)).toEqual(['turned_off']);
    expect(remindersTo(email)).toHaveLength(0);
    expect(remindersTo(other)).toHaveLength(0);
  });

  it('never mails an address that unsubscribed from the store', async () => {
    const nina = await store('Nina Store', true);
    const email = uniqueEmail('unsubscribed');
    await test.database.pool.query(`INSERT INTO audience_unsubscribes (creator_id, email) VALUES ($1, $2)`, [nina.id, email.toLowerCase()]);
    const orderId = await startCheckout(email, [nina.product.id]);
    clock.advanceMinutes(61);
    await sweep();
    expect(await reminderStatus(orderId)).toEqual(['unsubscribed']);
    expect(remindersTo(email)).toHaveLength(0);
  });

  it('unsubscribes in one click (a bare POST, not a GET or HEAD) and stops that store’s later reminders only', async () => {
    const omar = await store('Omar Shop', true);
    const ines = await store('Ines Shop', true);
    const email = uniqueEmail('oneclick');
    await startCheckout(email, [omar.product.id]);
    clock.advanceMinutes(61);
    await sweep();
    const [mail] = remindersTo(email);
    const url = new URL(/^List-Unsubscribe: <(\S+)>/m.exec(mail!)![1]!);
    const path = url.pathname + url.search;
    const unsubscribed = async () => (await test.database.pool.query(`SELECT 1 FROM audience_unsubscribes WHERE creator_id = $1 AND email = $2`, [omar.id, email.toLowerCase()])).rowCount;

    // A link scanner or a bot's preview only opens it.
    const scanned = await call('GET', path, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(scanned.statusCode).toBe(200);
    expect((await call('HEAD', path)).statusCode).toBe(200);
    expect(await unsubscribed()).toBe(0);
    // Another token (tampered) unsubscribes nobody.
    const tampered = await call('POST', `${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}xx`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tampered.statusCode).toBe(404);

    const clicked = await test.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(await unsubscribed()).toBe(1);

    // A later checkout at the same store: no reminder; at another store: reminded as before.
    const later = await startCheckout(email, [omar.product.id]);
    const elsewhere = await startCheckout(email, [ines.product.id]);
    clock.advanceMinutes(61);
    await sweep();
    expect(await reminderStatus(later)).toEqual(['unsubscribed']);
    expect(await reminderStatus(elsewhere)).toEqual(['sent']);
    const mails = remindersTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Ines Shop');
  });
});
