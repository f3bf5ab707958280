import { describe, expect, it } from 'vitest';
import type { AudiencePost } from '#shared/audience-api.ts';
import { createSignedInUser, firstLink, latestMailTo, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, createProduct, salesOf } from '../orders/test-helpers.ts';

// Buyers are made by writing sales straight into the table (an audience, not money): no ledger check.
const app = listeningTestApp({ ledgerCheck: false });

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie?: string, payload: object = {}) => request(app.test.app, { method: 'POST', url, cookie, payload });
const creator = (name = 'Cora Creator') => createSignedInUser(app.test, { role: 'creator', name });

async function sendTo(cookie: string, audience: object, subject = 'Spring update') {
  const created = await post('/api/audience/posts', cookie, { subject, body: 'Hello **friends**! <script>alert(1)</script> [site](javascript:alert(1))', audience });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as AudiencePost).id;
  const sent = await post(`/api/audience/posts/${id}/send`, cookie, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await app.test.app.zerri.tasks.drain({ names: ['audience.send'] });
  await mailSent(app.test.database);
  return id;
}

async function mailsOfPost(emails: string[]) {
  const { rows } = await app.test.database.pool.query<{ to: string; subject: string; text: string; html: string }>(
    `SELECT "to", subject, text, html FROM dev_mailbox WHERE "to" = ANY($1) AND text LIKE '%Spring update%' ORDER BY id`,
    [emails],
  );
  return rows;
}

/** A visitor's "Get updates" sign-up; confirmed by following the mailed link when `confirm`. */
async function signUpForUpdates(creatorId: string, email: string, confirm: boolean) {
  const response = await post('/api/audience/subscribe', undefined, { creatorId, email });
  expect(response.statusCode, response.body).toBe(202);
  const mail = await latestMailTo(app.test.database, email);
  expect(mail?.subject).toBe('Confirm your sign-up on Zerri');
  if (!confirm) return;
  const link = new URL(firstLink(mail!.text));
  const page = await get(link.pathname + link.search);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('You will get this creator');
}

describe('audience', () => {
  it('is buyers (refunded left out), followers and confirmed subscribers, less the unsubscribed', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { name: 'Brushes', price: '10' });
    const other = await createProduct(app.base, seller.cookie, { name: 'Fonts', price: '30' });
    const [kept, refunded, unsubscribed, fontBuyer] = ['kept', 'refunded', 'unsub', 'fonts'].map((name) => uniqueEmail(name));
    await buy(app.test, kept!, [product.id]);
    const refundedOrder = await buy(app.test, refunded!, [product.id]);
    await buy(app.test, unsubscribed!, [product.id]);
    await buy(app.test, fontBuyer!, [other.id]);
    const [refundedSale] = await salesOf(app.test, refundedOrder);
    expect((await post(`/api/sales/${refundedSale!.id}/refund`, seller.cookie, {})).statusCode).toBe(200);
    await app.test.database.pool.query(`INSERT INTO audience_unsubscribes (creator_id, email) VALUES ($1, $2)`, [seller.id, unsubscribed]);
    const follower = await createSignedInUser(app.test);
    expect((await request(app.test.app, { method: 'PUT', url: `/api/users/${seller.id}/follow`, cookie: follower.cookie })).statusCode).toBe(200);
    const confirmed = uniqueEmail('confirmed');
    const unconfirmed = uniqueEmail('unconfirmed');
    await signUpForUpdates(seller.id, confirmed, true);
    await signUpForUpdates(seller.id, unconfirmed, false);

    const count = async (audience: object) => {
      const response = await post('/api/audience/count', seller.cookie, audience);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { count: number }).count;
    };
    expect(await count({ kind: 'customers' })).toBe(2); // kept and the fonts buyer
    expect(await count({ kind: 'product', productId: product.id })).toBe(1);
    expect(await count({ kind: 'customers', minSpentCents: 2000 })).toBe(1);
    expect(await count({ kind: 'customers', boughtAfter: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    expect(await count({ kind: 'followers' })).toBe(2);
    expect(await count({ kind: 'everyone' })).toBe(4);
    const overview = (await get('/api/audience', seller.cookie)).json();
    expect(overview).toMatchObject({ customers: 3, followers: 1, subscribers: 1, unsubscribed: 1, sending: { paused: false, monthlyLimit: 1000, sentThisMonth: 0 } });

    const everyone = [kept!, refunded!, unsubscribed!, fontBuyer!, follower.email, confirmed, unconfirmed];
    const id = await sendTo(seller.cookie, { kind: 'everyone' });
    const mails = await mailsOfPost(everyone);
    expect(mails.map((mail) => mail.to).sort()).toEqual([kept!, fontBuyer!, follower.email, confirmed].sort());
    // The subject is fixed: the creator's subject opens the body (decision 020); the body is sanitised.
    expect(mails[0]!.subject).toBe('A new update from a creator on Zerri');
    expect(mails[0]!.text).toContain('From Cora Creator:\n\nSpring update');
    expect(mails[0]!.html).toContain('<strong>friends</strong>');
    expect(mails[0]!.html).toContain('&lt;script&gt;');
    expect(mails[0]!.html).not.toContain('javascript:');
    expect(mails[0]!.html).not.toContain('<script');
    const stats = (await get(`/api/audience/posts/${id}`, seller.cookie)).json() as AudiencePost;
    expect(stats).toMatchObject({ status: 'sent', stats: { recipients: 4, sent: 4, unsubscribed: 0 } });
  });

  it('one-click unsubscribe: a bare POST to the mail’s List-Unsubscribe address, and the post counts it', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    const buyer = uniqueEmail('buyer');
    await buy(app.test, buyer, [product.id]);
    const id = await sendTo(seller.cookie, { kind: 'customers' });
    const [mail] = await mailsOfPost([buyer]);
    const link = /Unsubscribe: (\S+)/.exec(mail!.text)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe('/api/audience/unsubscribe');
    // The page of the link asks first; opening it unsubscribes nobody.
    const page = await get(url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await get(`/api/audience/posts/${id}`, seller.cookie)).json().stats.unsubscribed).toBe(0);
    // A mail provider's POST: no cookie, no Origin, a form body.
    const bare = await app.test.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await get(`/api/audience/posts/${id}`, seller.cookie)).json().stats.unsubscribed).toBe(1);
    expect((await post('/api/audience/count', seller.cookie, { kind: 'customers' })).json().count).toBe(0);
    // Even from a foreign page carrying a session cookie (a web mail client), this one route is exempt.
    const foreign = await app.test.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', cookie: seller.cookie },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(foreign.statusCode).toBe(200);
    // A token changed by one character is refused.
    const forged = url.search.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await app.test.app.inject({ method: 'POST', url: url.pathname + forged, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    // Another creator's posts still reach the address.
    const second = await creator('Other Creator');
    const secondProduct = await createProduct(app.base, second.cookie, { price: '5' });
    await buy(app.test, buyer, [secondProduct.id]);
    expect((await post('/api/audience/count', second.cookie, { kind: 'customers' })).json().count).toBe(1);
  });

  it('a buyer sees the posts sent to them in their library’s Updates', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    const buyer = await createSignedInUser(app.test);
    await buy(app.test, buyer.email, [product.id], buyer.cookie);
    await sendTo(seller.cookie, { kind: 'product', productId: product.id });
    const updates = await get('/api/audience/updates', buyer.cookie);
    expect(updates.statusCode).toBe(200);
    expect(updates.json().items).toEqual([expect.objectContaining({ subject: 'Spring update', creatorName: 'Cora Creator' })]);
    expect(updates.json().items[0].html).toContain('<strong>friends</strong>');
    const stranger = await createSignedInUser(app.test);
    expect((await get('/api/audience/updates', stranger.cookie)).json().items).toEqual([]);
  });

  it('sends a test to the creator alone', async () => {
    const seller = await creator();
    const created = await post('/api/audience/posts', seller.cookie, { subject: 'Draft news', body: 'Soon.', audience: { kind: 'everyone' } });
    const id = (created.json() as AudiencePost).id;
    expect((await post(`/api/audience/posts/${id}/test`, seller.cookie)).statusCode).toBe(204);
    const mail = await latestMailTo(app.test.database, seller.email);
    expect(mail?.text).toContain('This is a test: only you received it.');
    expect(mail?.text).toContain('Draft news');
    expect((await get(`/api/audience/posts/${id}`, seller.cookie)).json().status).toBe('draft');
  });

  it('keeps each creator’s posts their own (404), and asks to sign in (401)', async () => {
    const seller = await creator();
    const created = await post('/api/audience/posts', seller.cookie, { subject: 'Mine', body: 'Text', audience: { kind: 'everyone' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as AudiencePost).id;
    const other = await creator('Other');
    expect((await get(`/api/audience/posts/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await post(`/api/audience/posts/${id}/send`, other.cookie)).statusCode).toBe(404);
    expect((await post(`/api/audience/posts/${id}/test`, other.cookie)).statusCode).toBe(404);
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/audience/posts/${id}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await get('/api/audience/posts', other.cookie)).json().items).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/audience'],
      ['GET', '/api/audience/posts'],
      ['POST', '/api/audience/posts'],
      ['GET', `/api/audience/posts/${id}`],
      ['POST', `/api/audience/posts/${id}/send`],
      ['POST', '/api/audience/count'],
      ['GET', '/api/audience/updates'],
    ] as const) {
      const response = await request(app.test.app, { method, url, ...(method === 'POST' ? { payload: { kind: 'everyone', subject: 'x', body: 'y', audience: { kind: 'everyone' } } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('an admin pauses a creator’s sending; the plan’s monthly limit holds', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    await buy(app.test, uniqueEmail('buyer'), [product.id]);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const pause = (paused: boolean, cookie = admin.cookie) =>
      request(app.test.app, { method: 'PUT', url: `/api/admin/users/${seller.id}/audience-sending`, cookie, payload: { paused } });
    expect((await pause(true, seller.cookie)).statusCode).toBe(403);
    const paused = await pause(true);
    expect(paused.statusCode, paused.body).toBe(200);
    const created = await post('/api/audience/posts', seller.cookie, { subject: 'Paused', body: 'Text', audience: { kind: 'customers' } });
    const id = (created.json() as AudiencePost).id;
    const refused = await post(`/api/audience/posts/${id}/send`, seller.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('sending_paused');
    expect((await pause(false)).statusCode).toBe(200);
    // A month's mails already at the free plan's limit.
    await app.test.database.pool.query(
      `INSERT INTO audience_posts (id, creator_id, subject, body, audience, status) VALUES (gen_random_uuid(), $1, 'Old', 'Old', '{"kind":"everyone"}', 'sent')`,
      [seller.id],
    );
    await app.test.database.pool.query(
      `INSERT INTO audience_deliveries (post_id, email, sent_at) SELECT p.id, 'old-' || n || '@example.com', now() FROM audience_posts p, generate_series(1, 1000) n WHERE p.creator_id = $1 AND p.subject = 'Old'`,
      [seller.id],
    );
    const limited = await post(`/api/audience/posts/${id}/send`, seller.cookie);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error).toMatchObject({ code: 'sending_limit', params: { limit: 1000 } });
  });

  it('a pause stops a send at its next step, and a resume carries it on without repeating anyone', async () => {
    const seller = await creator();
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    // 150 buyers: the default pace (600 a minute) sends 100, then the rest ten seconds later.
    await app.test.database.pool.query(
      `WITH o AS (
         INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider, paid_at)
         SELECT 'ord_pause_' || $1 || '_' || n, 'products', 'pause-' || $1 || '-' || n || '@example.test', 500, 'paid', 'test', now() FROM generate_series(1, 150) n
         RETURNING id, buyer_email)
       INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents) SELECT id, 'Pack', $1, buyer_email, 500 FROM o`,
      [seller.id],
    );
    const created = await post('/api/audience/posts', seller.cookie, { subject: 'Paced', body: 'Text', audience: { kind: 'customers' } });
    const id = (created.json() as AudiencePost).id;
    expect((await post(`/api/audience/posts/${id}/send`, seller.cookie, {})).statusCode).toBe(200);
    const drain = () => app.test.app.zerri.tasks.drain({ names: ['audience.send'] });
    const state = async () => (await get(`/api/audience/posts/${id}`, seller.cookie)).json() as AudiencePost;
    await drain();
    expect(await state()).toMatchObject({ status: 'sending', stats: { recipients: 150, sent: 100 } });
    const pause = (paused: boolean) => request(app.test.app, { method: 'PUT', url: `/api/admin/users/${seller.id}/audience-sending`, cookie: admin.cookie, payload: { paused } });
    expect((await pause(true)).statusCode).toBe(200);
    await app.test.database.pool.query(`UPDATE tasks SET run_at = now() WHERE name = 'audience.send' AND payload->>'postId' = $1`, [id]);
    await drain();
    expect(await state()).toMatchObject({ status: 'paused', stats: { sent: 100 } });
    expect((await get('/api/audience', seller.cookie)).json().sending.paused).toBe(true);
    expect((await pause(false)).statusCode).toBe(200);
    await drain();
    expect(await state()).toMatchObject({ status: 'sent', stats: { recipients: 150, sent: 150 } });
    await mailSent(app.test.database);
    const { rows } = await app.test.database.pool.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT "to")::int AS distinct FROM dev_mailbox WHERE "to" ILIKE $1`,
      [`pause-${seller.id}-%`],
    );
    expect(rows[0]).toEqual({ n: 150, distinct: 150 });
  });
});
