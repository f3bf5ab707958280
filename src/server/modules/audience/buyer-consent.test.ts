// Hole 1 of issue #42: a free "purchase" with any address made that address a customer mailed the
// creator's posts. Only a sale of money (a paid gift included), a confirmed free purchase, a follow or
// a confirmed sign-up count, never the creator's own addresses (decision 020).
import { describe, expect, it } from 'vitest';
import { AUDIENCE_BUYER_CONFIRM_PATH } from '#shared/audience.ts';
import type { AudiencePost } from '#shared/audience-api.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, checkout, createProduct } from '../orders/test-helpers.ts';
import { AudienceTokens } from './tokens.ts';

const app = listeningTestApp();

const call = (method: 'GET' | 'POST' | 'HEAD' | 'PUT', url: string, options: { cookie?: string; payload?: object; headers?: Record<string, string> } = {}) =>
  request(app.test.app, { method, url, ...options });
const creator = (name = 'Flora Free') => createSignedInUser(app.test, { role: 'creator', name });

/** A guest's checkout of a free product, paid at once: 201. */
async function getFree(email: string, productId: string) {
  const started = await checkout(app.test, { email, productIds: [productId] });
  expect(started.statusCode, started.body).toBe(201);
  expect(started.json()).toMatchObject({ status: 'paid', totalCents: 0 });
}

/** The confirm link of the latest receipt mailed to `email`, as a path, or undefined. */
async function confirmPath(email: string) {
  const mail = await latestMailTo(app.test.database, email);
  const link = new RegExp(`https?://\\S+${AUDIENCE_BUYER_CONFIRM_PATH}\\?token=\\S+`).exec(mail?.text ?? '')?.[0];
  if (!link) return undefined;
  const url = new URL(link);
  return url.pathname + url.search;
}

async function customers(cookie: string) {
  const count = await call('POST', '/api/audience/count', { cookie, payload: { kind: 'customers' } });
  expect(count.statusCode, count.body).toBe(200);
  const overview = await call('GET', '/api/audience', { cookie });
  return { mailed: (count.json() as { count: number }).count, shown: (overview.json() as { customers: number }).customers };
}

/** Sends a post to the creator's customers; the addresses it was mailed to. */
async function sendToCustomers(cookie: string, subject: string) {
  const created = await call('POST', '/api/audience/posts', { cookie, payload: { subject, body: 'News.', audience: { kind: 'customers' } } });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as AudiencePost).id;
  expect((await call('POST', `/api/audience/posts/${id}/send`, { cookie, payload: {} })).statusCode).toBe(200);
  await app.test.app.zerri.tasks.drain({ names: ['audience.send'] });
  await mailSent(app.test.database);
  const { rows } = await app.test.database.pool.query<{ to: string }>(`SELECT "to" FROM dev_mailbox WHERE text LIKE '%' || $1 || '%' ORDER BY "to"`, [subject]);
  return rows.map((row) => row.to);
}

describe('who counts as a customer for audience posts', () => {
  it('a free guest purchase only once its buyer confirms; a paid one at once; never the creator’s own addresses', async () => {
    const seller = await creator();
    const member = await createSignedInUser(app.test, { name: 'Team Tom' });
    await app.test.database.pool.query(`INSERT INTO team_members (owner_id, member_id) VALUES ($1, $2)`, [seller.id, member.id]);
    const free = await createProduct(app.base, seller.cookie, { name: 'Free sampler', price: '0' });
    const paid = await createProduct(app.base, seller.cookie, { name: 'Paid pack', price: '4' });

    // The attack: the creator "buys" their free product as a guest for addresses that never agreed.
    const stranger = uniqueEmail('stranger');
    await getFree(stranger, free.id);
    await getFree(seller.email, free.id);
    await getFree(member.email, free.id);
    const payer = uniqueEmail('payer');
    await buy(app.test, payer, [paid.id]);
    // The creator paying for their own product as a guest does not make them their own customer either.
    await buy(app.test, seller.email.toUpperCase(), [paid.id]);

    expect(await customers(seller.cookie)).toEqual({ mailed: 1, shown: 1 });
    expect(await sendToCustomers(seller.cookie, 'Before any yes')).toEqual([payer]);

    // The stranger's receipt asks; the creator's own receipts do not (they never count).
    const path = await confirmPath(stranger);
    expect(path).toBeDefined();
    expect(await confirmPath(seller.email)).toBeUndefined();
    expect((await latestMailTo(app.test.database, payer))?.text).not.toContain(AUDIENCE_BUYER_CONFIRM_PATH);

    // Opening the link (a mail scanner, a bot, HEAD) only asks: nothing is recorded.
    const page = await call('GET', path!, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Flora Free');
    expect(page.body).toContain('method="post"');
    expect((await call('HEAD', path!)).statusCode).toBe(200);
    expect(await customers(seller.cookie)).toEqual({ mailed: 1, shown: 1 });

    // The yes, from the page's button (a guest, no cookie).
    const yes = await call('POST', path!);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.body).toContain('You will get this creator');
    expect(await customers(seller.cookie)).toEqual({ mailed: 2, shown: 2 });
    expect(await sendToCustomers(seller.cookie, 'After the yes')).toEqual([payer, stranger].sort());
    // A second free purchase by a confirmed customer asks nothing more.
    await getFree(stranger, (await createProduct(app.base, seller.cookie, { name: 'Another freebie', price: '0' })).id);
    expect(await confirmPath(stranger)).toBeUndefined();
  });

  it('a confirm link is for its purpose, creator and address only, and cannot be forged', async () => {
    const seller = await creator('Gus Gate');
    const other = await creator('Olga Other');
    const free = await createProduct(app.base, seller.cookie, { name: 'Gate freebie', price: '0' });
    const buyer = uniqueEmail('buyer');
    await getFree(buyer, free.id);
    const path = (await confirmPath(buyer))!;
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    const [payload] = token.split('.');
    const refused = async (url: string) => {
      const response = await call('POST', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('This link is not valid.');
    };
    // Another address or creator in the payload with the old signature; a bare payload; nonsense.
    const forged = (value: unknown[]) => `${Buffer.from(JSON.stringify(value)).toString('base64url')}.${token.split('.')[1]}`;
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=${forged([seller.id, uniqueEmail('victim'), ''])}`);
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=${forged([other.id, buyer, ''])}`);
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=${payload}`);
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=nonsense`);
    // The same value signed for another purpose (a "Get updates" or unsubscribe link) is not a yes here, nor the other way round.
    const tokens = new AudienceTokens(app.test.app.zerri.auth.options.secret);
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=${tokens.sign('confirm', { creatorId: seller.id, email: buyer })}`);
    await refused(`${AUDIENCE_BUYER_CONFIRM_PATH}?token=${tokens.sign('unsubscribe', { creatorId: seller.id, email: buyer })}`);
    expect((await call('GET', `/api/audience/confirm?token=${token}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/audience/unsubscribe?token=${token}`)).statusCode).toBe(404);
    expect((await customers(seller.cookie)).mailed).toBe(0);
    // A signed-in visitor (another user's cookie) confirming through the page works like anyone holding the link.
    const visitor = await createSignedInUser(app.test);
    expect((await call('POST', path, { cookie: visitor.cookie })).statusCode).toBe(200);
    expect(await customers(seller.cookie)).toEqual({ mailed: 1, shown: 1 });
    expect((await customers(other.cookie)).mailed).toBe(0);
  });

  it('a free purchase enrols no one in the creator’s workflows until confirmed; a paid one does', async () => {
    const seller = await creator('Wes Workflow');
    const free = await createProduct(app.base, seller.cookie, { name: 'Flow freebie', price: '0' });
    const paid = await createProduct(app.base, seller.cookie, { name: 'Flow paid', price: '3' });
    const flow = await call('POST', '/api/audience/workflows', {
      cookie: seller.cookie,
      payload: { name: 'Welcome', productId: null, steps: [{ delayDays: 0, subject: 'Welcome aboard', body: 'Hi.' }] },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const [unconfirmed, confirmed, payer] = [uniqueEmail('flow-free'), uniqueEmail('flow-confirmed'), uniqueEmail('flow-payer')];
    await getFree(unconfirmed, free.id);
    await getFree(seller.email, free.id);
    await getFree(confirmed, free.id);
    expect((await call('POST', (await confirmPath(confirmed))!)).statusCode).toBe(200);
    // Bought again after the yes: now a customer, so enrolled.
    await getFree(confirmed, (await createProduct(app.base, seller.cookie, { name: 'Flow freebie 2', price: '0' })).id);
    await buy(app.test, payer, [paid.id]);
    const { rows } = await app.test.database.pool.query<{ email: string }>(
      `SELECT e.email FROM audience_workflow_enrollments e JOIN audience_workflows w ON w.id = e.workflow_id WHERE w.creator_id = $1 ORDER BY e.email`,
      [seller.id],
    );
    expect(rows.map((row) => row.email)).toEqual([confirmed, payer].sort());
  });
});
