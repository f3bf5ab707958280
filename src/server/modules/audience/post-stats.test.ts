// A post's stats (delivered, opened with the opt-in pixel, clicked through the post's own links,
// unsubscribed) and the files a post attaches to a product for its buyers (issue #22).
import { describe, expect, it } from 'vitest';
import type { AudiencePost } from '#shared/audience-api.ts';
import { AudienceTokens } from './tokens.ts';
import { createSignedInUser, listeningTestApp, mailSent, request, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';

const app = listeningTestApp();
/** The test apps' secret (test-app.ts): the tests sign tokens the app would never put in a mail. */
const tokens = new AudienceTokens('test-secret-'.padEnd(40, 'x'));

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie?: string, payload: object = {}) => request(app.test.app, { method: 'POST', url, cookie, payload });
const creator = (name = 'Stella Stats') => createSignedInUser(app.test, { role: 'creator', name });

const BODY = 'Read [the guide](https://example.com/guide?x=1) and [the shop](https://shop.example.org/). Mail [us](mailto:hi@example.com).';

async function draft(cookie: string, body: object) {
  const created = await post('/api/audience/posts', cookie, { subject: 'Stats update', body: BODY, audience: { kind: 'customers' }, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as AudiencePost;
}

async function send(cookie: string, id: string) {
  const sent = await post(`/api/audience/posts/${id}/send`, cookie, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await app.test.app.zerri.tasks.drain({ names: ['audience.send'] });
  await mailSent(app.test.database);
}

async function htmlTo(email: string) {
  const { rows } = await app.test.database.pool.query<{ html: string }>(`SELECT html FROM dev_mailbox WHERE "to" = $1 AND text LIKE '%Stats update%' ORDER BY id`, [email]);
  expect(rows).toHaveLength(1);
  return rows[0]!.html;
}

const stats = async (cookie: string, id: string) => ((await get(`/api/audience/posts/${id}`, cookie)).json() as AudiencePost).stats;
const deliveryOf = async (postId: string, email: string) =>
  Number((await app.test.database.pool.query<{ id: string }>(`SELECT id FROM audience_deliveries WHERE post_id = $1 AND email = $2`, [postId, email])).rows[0]!.id);

describe('post stats', () => {
  it('count delivered mails and clicks through the post’s own links; no pixel unless asked for', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await buy(app.test, first, [product.id]);
    await buy(app.test, second, [product.id]);
    const created = await draft(seller.cookie, {});
    expect(created.trackOpens).toBe(false); // off by default
    await send(seller.cookie, created.id);

    const html = await htmlTo(first);
    expect(html).not.toContain('/api/audience/o/');
    expect(html).not.toContain('https://example.com/guide'); // rewritten through the click redirect
    expect(html).toContain('href="mailto:hi@example.com"'); // only http(s) links are counted
    const clicks = [...html.matchAll(/href="http:\/\/[^"]*(\/api\/audience\/c\/[^"]+)"/g)].map((match) => match[1]!);
    expect(clicks).toHaveLength(2);
    expect(await stats(seller.cookie, created.id)).toMatchObject({ recipients: 2, sent: 2, delivered: 2, opened: 0, clicked: 0 });

    const followed = await get(clicks[1]!);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://shop.example.org/');
    expect((await get(clicks[0]!)).headers.location).toBe('https://example.com/guide?x=1');
    expect(await stats(seller.cookie, created.id)).toMatchObject({ clicked: 1 }); // per recipient: two clicks of one count once

    // A pixel hit for a post without tracking counts nothing, even with a valid token.
    const pixel = await get(`/api/audience/o/${tokens.signTrack(await deliveryOf(created.id, second))}.gif`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(await stats(seller.cookie, created.id)).toMatchObject({ opened: 0 });
  });

  it('refuse to be an open redirect: only a link of the post the signed token names', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    const buyer = uniqueEmail('redirect');
    await buy(app.test, buyer, [product.id]);
    const created = await draft(seller.cookie, {});
    await send(seller.cookie, created.id);
    const delivery = await deliveryOf(created.id, buyer);
    const [click] = [...(await htmlTo(buyer)).matchAll(/(\/api\/audience\/c\/[^"]+)"/g)].map((match) => match[1]!);
    // A destination in the query is not read.
    const withUrl = await get(`${click}?url=https://evil.example/&to=https://evil.example/`);
    expect(withUrl.headers.location).toBe('https://example.com/guide?x=1');
    // A link number the post does not have, a forged signature, another app's token, a URL: 404, no redirect.
    for (const bad of [
      tokens.signTrack(delivery, 2), // the mailto link is not a redirect target
      tokens.signTrack(delivery, 99),
      `${delivery}-0.${'A'.repeat(43)}`,
      new AudienceTokens('another-app-secret-'.padEnd(40, 'y')).signTrack(delivery, 0),
      'https%3A%2F%2Fevil.example%2F',
    ]) {
      const response = await get(`/api/audience/c/${bad}`);
      expect(response.statusCode, bad).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    expect(await stats(seller.cookie, created.id)).toMatchObject({ clicked: 1 });
  });

  it('count opens through the pixel when the post turns it on', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '5' });
    const buyer = uniqueEmail('opens');
    await buy(app.test, buyer, [product.id]);
    const created = await draft(seller.cookie, { trackOpens: true });
    await send(seller.cookie, created.id);
    const pixel = /src="http:\/\/[^"]*(\/api\/audience\/o\/[^"]+\.gif)"/.exec(await htmlTo(buyer))![1]!;
    expect((await get(pixel)).statusCode).toBe(200);
    expect((await get(pixel)).statusCode).toBe(200);
    expect(await stats(seller.cookie, created.id)).toMatchObject({ delivered: 1, opened: 1, clicked: 0 });
    // The creator's list shows the same stats; another creator sees neither.
    const list = (await get('/api/audience/posts', seller.cookie)).json() as { items: AudiencePost[] };
    expect(list.items.find((item) => item.id === created.id)?.stats).toMatchObject({ opened: 1 });
    const other = await creator('Other Stats');
    expect((await get(`/api/audience/posts/${created.id}`, other.cookie)).statusCode).toBe(404);
  });
});

async function attach(cookie: string, postId: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${app.base}/api/audience/posts/${postId}/files`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

describe('a post’s attached product update', () => {
  it('gives the product’s buyers the new files in their library, and nobody else', async () => {
    const seller = await creator('Fiona Files');
    const brushes = await createProduct(app.base, seller.cookie, { name: 'Brushes', price: '5' });
    const fonts = await createProduct(app.base, seller.cookie, { name: 'Fonts', price: '5' });
    const owner = await createSignedInUser(app.test, { name: 'Owner' });
    const otherBuyer = await createSignedInUser(app.test, { name: 'Fonts Buyer' });
    const stranger = await createSignedInUser(app.test, { name: 'Stranger' });
    await buy(app.test, owner.email, [brushes.id], owner.cookie);
    await buy(app.test, otherBuyer.email, [fonts.id], otherBuyer.cookie);

    // Files need an update product of the creator's own.
    const plain = await draft(seller.cookie, { audience: { kind: 'customers' } });
    const refused = await attach(seller.cookie, plain.id, 'v2.zip', Buffer.from('nope'));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('update_product_required');
    const other = await creator('Not Fiona');
    const foreign = await post('/api/audience/posts', other.cookie, { subject: 'X', body: 'Y', audience: { kind: 'customers' }, updateProductId: brushes.id });
    expect(foreign.statusCode).toBe(404);

    const update = await draft(seller.cookie, { audience: { kind: 'customers' }, updateProductId: brushes.id });
    const bytes = Buffer.from('brushes version 2 '.repeat(100));
    const attached = await attach(seller.cookie, update.id, 'brushes-v2.zip', bytes);
    expect(attached.status).toBe(200);
    const withFile = (await attached.json()) as AudiencePost;
    expect(withFile.files).toMatchObject([{ name: 'brushes-v2.zip', size: bytes.length }]);
    // Another creator cannot attach to it; signed out neither.
    expect((await attach(other.cookie, update.id, 'x.zip', Buffer.from('x'))).status).toBe(404);
    expect((await fetch(`${app.base}/api/audience/posts/${update.id}/files`, { method: 'POST', headers: { origin: TEST_ORIGIN }, body: new FormData() })).status).toBe(401);
    // The quota counts it.
    const usage = (await get('/api/profile/storage', seller.cookie)).json() as { usedBytes: number };
    expect(usage.usedBytes).toBeGreaterThanOrEqual(bytes.length);

    await send(seller.cookie, update.id);
    expect((await attach(seller.cookie, update.id, 'late.zip', Buffer.from('late'))).status).toBe(409);

    const ownerUpdates = (await get('/api/audience/updates', owner.cookie)).json() as { items: { id: string; files: { url: string; productName: string }[] }[] };
    const mine = ownerUpdates.items.find((item) => item.id === update.id)!;
    expect(mine.files).toMatchObject([{ name: 'brushes-v2.zip', productName: 'Brushes', size: bytes.length }]);
    const download = await fetch(`${app.base}${mine.files[0]!.url}`, { headers: { cookie: owner.cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);

    // The fonts buyer got the post (a customer) but not the brushes' files; strangers get 404, signed out 401.
    const theirs = ((await get('/api/audience/updates', otherBuyer.cookie)).json() as { items: { id: string; files: unknown[] }[] }).items.find((item) => item.id === update.id)!;
    expect(theirs.files).toEqual([]);
    for (const cookie of [otherBuyer.cookie, stranger.cookie]) expect((await get(mine.files[0]!.url, cookie)).statusCode).toBe(404);
    expect((await get(mine.files[0]!.url)).statusCode).toBe(401);

    // A later buyer of the product sees the update in the library too.
    const later = await createSignedInUser(app.test, { name: 'Later' });
    await buy(app.test, later.email, [brushes.id], later.cookie);
    const laterUpdates = (await get('/api/audience/updates', later.cookie)).json() as { items: { id: string; files: unknown[] }[] };
    expect(laterUpdates.items.find((item) => item.id === update.id)?.files).toHaveLength(1);
  });
});
