// Issue #44, "Add to my library": a receipt's buyer gets a one-time sign-in link by mail that makes a
// buyer's account for the receipt's address (or opens the one it has) and lands on the library with the
// purchase in it; accounts with a second step, and admins, are sent to log in instead.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, latestMailTo, listeningTestApp, request, signUp, uniqueEmail } from '../../test/test-app.ts';
import { createProduct, pay } from './test-helpers.ts';

const app = listeningTestApp();
const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, payload?: object, cookie?: string) => request(app.test.app, { method: 'POST', url, ...(payload ? { payload } : {}), cookie });

/** A guest's paid order of one product and the receipt token its mail holds. */
async function paidOrder(email = uniqueEmail('library-buyer')) {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Maya Patel' });
  const product = await createProduct(app.base, creator.cookie);
  const started = await post('/api/checkout', { email, productIds: [product.id] });
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  expect((await pay(app.test, orderId)).statusCode).toBe(200);
  const token = /\/receipt\/([\w-]{43})\b/.exec((await latestMailTo(app.test.database, email))!.text)?.[1];
  if (!token) throw new Error('no receipt link');
  return { email, product, token };
}

/** Asks for the link from the receipt and returns the one the mail holds (a path with its query). */
async function libraryLink(token: string, email: string) {
  const asked = await post(`/api/receipts/${token}/library-link`);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json()).toEqual({ sent: true });
  const mail = (await latestMailTo(app.test.database, email))!;
  expect(mail.subject).toBe('Your Zerri library: sign in');
  const url = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no sign-in link in: ${mail.text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

const sessionCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith('zerri.session_token='))?.split(';')[0];

describe('Add to my library', () => {
  it('makes a buyer account for a guest’s address, signed in on the library with the purchase; the link works once', async () => {
    const { email, product, token } = await paidOrder();
    const link = await libraryLink(token, email);
    const opened = await get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toMatch(/\/library$/);
    const cookie = sessionCookie(opened.headers['set-cookie']);
    expect(cookie).toBeDefined();

    const me = (await get('/api/me', cookie)).json().user;
    expect(me).toMatchObject({ email, role: 'user', emailVerified: true });
    const library = await get('/api/library', cookie);
    expect(library.statusCode).toBe(200);
    expect(JSON.stringify(library.json())).toContain(product.id);

    const again = await get(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/\/auth\?library=1&error=INVALID_TOKEN$/);
    expect(sessionCookie(again.headers['set-cookie'])).toBeUndefined();
  });

  it('opens the account the address already has, without a second one', async () => {
    const email = uniqueEmail('library-member');
    const member = await createSignedInUser(app.test, { role: 'creator', email });
    const { token } = await paidOrder(email);
    const opened = await get(await libraryLink(token, email));
    const me = (await get('/api/me', sessionCookie(opened.headers['set-cookie']))).json().user;
    expect(me).toMatchObject({ id: member.id, role: 'creator' });
    const { rows } = await app.test.database.pool.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]);
    expect(rows[0].n).toBe(1);
  });

  it('sends an account with two-factor sign-in, or an admin, to log in instead of signing it in', async () => {
    for (const kind of ['two-factor', 'admin'] as const) {
      const email = uniqueEmail(`library-${kind}`);
      await createSignedInUser(app.test, { role: kind === 'admin' ? 'admin' : 'creator', email });
      if (kind === 'two-factor') await app.test.database.pool.query('UPDATE users SET two_factor_enabled = true WHERE email = $1', [email]);
      const { token } = await paidOrder(email);
      const opened = await get(await libraryLink(token, email));
      expect(opened.statusCode, kind).toBe(302);
      expect(opened.headers.location, kind).toMatch(/\/auth\?library=1&error=LOG_IN_REQUIRED$/);
      expect(sessionCookie(opened.headers['set-cookie']), kind).toBeUndefined();
    }
  });

  it('is asked only through a receipt: an unknown token is not found and the sign-in endpoint is closed from outside', async () => {
    const unknown = await post(`/api/receipts/${randomBytes(32).toString('base64url')}/library-link`);
    expect(unknown.statusCode).toBe(404);
    const email = uniqueEmail('library-direct');
    const direct = await request(app.test.app, { method: 'POST', url: '/api/auth/sign-in/magic-link', payload: { email, callbackURL: '/library' } });
    expect(direct.statusCode).toBe(404);
    expect(await latestMailTo(app.test.database, email)).toBeUndefined();
    // A password account made later is untouched by any of it.
    expect((await signUp(app.test.app, { email })).statusCode).toBe(200);
  });
});
