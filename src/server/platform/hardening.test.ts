// Issue #16: each hole found by attacking a running build, replayed through real HTTP on a listening app.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { firstLink, TEST_PASSWORD, uniqueEmail, createTestApp, latestMailTo, mailSent, type TestApp } from '../test/test-app.ts';
import { createProduct } from '../modules/orders/test-helpers.ts';
import { EDGE_MESSAGES } from './security.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** One request with the path sent exactly as written (like `curl --path-as-is`); `ip` is the client's forwarded address. */
function send(base: string, method: string, path: string, options: { body?: unknown; raw?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(base);
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          origin: base,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let ipCounter = 0;
/** A fresh client address for each scenario, so the per-IP limits of one never touch another. */
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const cookieOf = (answer: Answer) => ((answer.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

/** A confirmed account, signed in, made from its own address. */
async function account(test: TestApp, base: string, options: { role?: string; name?: string } = {}) {
  const email = uniqueEmail('hard');
  const ip = nextIp();
  const signUp = await send(base, 'POST', '/api/auth/sign-up/email', { ip, body: { email, name: options.name ?? 'Hard Case', password: TEST_PASSWORD, role: options.role === 'admin' ? 'creator' : (options.role ?? 'creator') } });
  expect(signUp.status, signUp.text).toBe(200);
  const link = new URL(firstLink((await latestMailTo(test.database, email))!.text));
  await send(base, 'GET', link.pathname + link.search, { ip });
  // The link signs in too; these cases start from one password sign-in, so its session goes.
  await test.database.pool.query(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
  if (options.role === 'admin') await test.database.pool.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]);
  const signIn = await send(base, 'POST', '/api/auth/sign-in/email', { ip, body: { email, password: TEST_PASSWORD } });
  expect(signIn.status, signIn.text).toBe(200);
  return { email, ip, cookie: cookieOf(signIn), id: (signUp.json().user as { id: string }).id };
}

async function mailCount(test: TestApp, to: string, subject?: string) {
  await mailSent(test.database);
  const { rows } = await test.database.pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM dev_mailbox WHERE "to" = $1 AND ($2::text IS NULL OR subject = $2)`,
    [to, subject ?? null],
  );
  return Number(rows[0]!.n);
}

// One app with every limit low and TRUST_PROXY on, so each scenario is its own client address.
let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_MAX: '6',
    SIGN_IN_FAILURES_MAX: '4',
    MAIL_RATE_LIMIT_RECIPIENT: '3',
    MAIL_RATE_LIMIT_VISITOR: '4',
    MAIL_RATE_LIMIT_USER: '5',
  });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

describe('0. the development tools answer only this machine or an admin', () => {
  it.each(['/dev/mailbox', '/metrics', '/api/docs', '/api/docs/openapi.json'])('%s', async (path) => {
    expect((await send(base, 'GET', path)).status).toBe(200); // loopback, as on the developer's machine
    const remote = await send(base, 'GET', path, { ip: '203.0.113.7' });
    expect(remote.status).toBe(403);
    expect(remote.json().error?.code).toBe('local_only');
    expect(remote.text).not.toContain('reset');
    const user = await account(test, base);
    expect((await send(base, 'GET', path, { ip: '203.0.113.7', cookie: user.cookie })).status).toBe(403);
    const admin = await account(test, base, { role: 'admin' });
    expect((await send(base, 'GET', path, { ip: '203.0.113.7', cookie: admin.cookie })).status).toBe(200);
  });

  it('a forwarded request is not local unless TRUST_PROXY resolved it', async () => {
    const untrusting = await createTestApp();
    try {
      const untrustingBase = await untrusting.app.listen({ port: 0, host: '127.0.0.1' });
      // A reverse proxy on this machine without TRUST_PROXY: the socket is loopback, the client is not.
      expect((await send(untrustingBase, 'GET', '/dev/mailbox', { ip: '203.0.113.8' })).status).toBe(403);
      expect((await send(untrustingBase, 'GET', '/dev/mailbox')).status).toBe(200);
    } finally {
      await untrusting.close();
    }
  });
});

describe('1. credential limits see the path the router resolves', () => {
  it.each([
    '/api/auth/./sign-in/email',
    '/api/auth/sign-in/../sign-in/email',
    '/api/auth/sign-in/./email',
    '/api/auth/./request-password-reset',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/sign-in/%2E%2E/sign-in/email',
    '/api/auth/sign-in%2femail',
    '/api/auth/sign-in%5Cemail',
    '/z/%2e%2e/api/health',
  ])('refuses %s with 400 before routing', async (path) => {
    const user = await account(test, base);
    const answer = await send(base, 'POST', path, { ip: nextIp(), body: { email: user.email, password: TEST_PASSWORD } });
    expect(answer.status).toBe(400);
    expect(answer.json().error).toEqual({ code: 'invalid_path', message: EDGE_MESSAGES.invalidPath });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('counts every spelling of sign-in against one limit', async () => {
    const ip = nextIp();
    const user = await account(test, base);
    const paths = ['/api/auth/sign-in/email', '/api/auth/sign-in/email/', '/api/auth/Sign-In/Email', '/api/auth/sign-in//email', '/api/auth/sign-in/email?x=1', '/api/auth//sign-in/email'];
    for (const path of paths) {
      const answer = await send(base, 'POST', path, { ip, body: { email: uniqueEmail(), password: 'wrong-password-1' } });
      expect([401, 404]).toContain(answer.status); // a wrong password, or no such auth route: never a sign-in
    }
    const refused = await send(base, 'POST', '/api/auth/sign-in/email', { ip, body: { email: user.email, password: TEST_PASSWORD } });
    expect(refused.status).toBe(429);
    expect(refused.json().error?.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits every POST under /api/auth, send-verification-email included, and the GETs that store a challenge', async () => {
    const requests = [
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/auth/send-verification-email'],
      ['GET', '/api/auth/passkey/generate-authenticate-options'], // stores a challenge each time
    ] as const;
    for (const [method, path] of requests) {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await send(base, method, path, { ip, body: method === 'POST' ? { email: uniqueEmail() } : undefined })).status);
      expect(statuses.slice(0, 4)).not.toContain(429);
      expect(statuses[6]).toBe(429);
    }
  });

  it('locks an account after repeated wrong passwords from any network, and mails its owner once', async () => {
    const victim = await account(test, base, { name: 'Vic Tim' });
    const bystander = await account(test, base);
    for (let i = 0; i < 4; i++) {
      const wrong = await send(base, 'POST', '/api/auth/sign-in/email', { ip: nextIp(), body: { email: victim.email, password: `wrong-${i}-password` } });
      expect(wrong.status).toBe(401);
    }
    const right = await send(base, 'POST', '/api/auth/sign-in/email', { ip: nextIp(), body: { email: victim.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.json().error).toEqual({ code: 'account_locked', message: AUTH_MESSAGES.accountLocked(15), params: { minutes: 15 } });
    expect(right.headers['set-cookie']).toBeUndefined();
    await send(base, 'POST', '/api/auth/sign-in/email', { ip: nextIp(), body: { email: victim.email, password: 'yet-another-guess' } });
    expect(await mailCount(test, victim.email, 'Sign-ins to your Zerri account are paused')).toBe(1);
    // Another account is not touched, and a success clears an account's count.
    expect((await send(base, 'POST', '/api/auth/sign-in/email', { ip: nextIp(), body: { email: bystander.email, password: 'wrong-once-pw' } })).status).toBe(401);
    expect((await send(base, 'POST', '/api/auth/sign-in/email', { ip: nextIp(), body: { email: bystander.email, password: TEST_PASSWORD } })).status).toBe(200);
    const { count } = await test.app.zerri.counters.peek(`sign-in-failures:${bystander.email}`);
    expect(count).toBe(0);
  });
});

describe('3. mail cannot be used to spam anyone', () => {
  it('throttles confirmation mails to one inbox', async () => {
    const email = uniqueEmail('inbox');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(base, 'POST', '/api/auth/send-verification-email', { ip: nextIp(), body: { email } })).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const refused = await send(base, 'POST', '/api/auth/send-verification-email', { ip: nextIp(), body: { email } });
    expect(refused.json().error?.code).toBe('mail_rate_limited');
    expect(refused.json().error?.message).toMatch(/^Too many e-mails were sent to this address\. Please wait \d+ minutes? and try again\.$/);
  });

  it('throttles free-product receipts per visitor network, and keeps creator text out of the subject', async () => {
    const creator = await account(test, base);
    const product = await createProduct(base, creator.cookie, { name: 'Your account is locked - verify at https://evil.example/login', price: '0' });
    const ip = nextIp();
    const statuses: number[] = [];
    const recipients: string[] = [];
    for (let i = 0; i < 6; i++) {
      const to = uniqueEmail('victim');
      recipients.push(to);
      statuses.push((await send(base, 'POST', '/api/checkout', { ip, body: { email: to, productIds: [product.id] } })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const receipts = await Promise.all(recipients.map((to) => latestMailTo(test.database, to)));
    expect(receipts.filter(Boolean)).toHaveLength(4);
    expect(receipts[0]!.subject).toBe('Your purchase from Hard Case');
    await mailSent(test.database);
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM dev_mailbox WHERE subject LIKE '%evil.example%'`);
    expect(rows[0].n).toBe(0);
  });

  it('throttles invoice mails to one client, and never puts the creator name in the subject', async () => {
    const creator = await account(test, base, { name: 'Security Team Evil Corp' });
    const client = uniqueEmail('client');
    const created = await send(base, 'POST', '/api/invoices', {
      ip: creator.ip,
      cookie: creator.cookie,
      body: { clientName: 'Client', clientEmail: client, description: '', items: [{ name: 'Work', quantity: 1, unitPrice: '50.00' }] },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json().invoice as { id: string }).id;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(base, 'POST', `/api/invoices/${id}/send`, { ip: creator.ip, cookie: creator.cookie, body: {} })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailCount(test, client)).toBe(3);
    expect((await latestMailTo(test.database, client))!.subject).toBe(`Invoice ${id} on Zerri ($50.00)`);
  });
});

describe('4. sessions end, and sensitive changes ask for the password again', () => {
  it('a session used every day still ends 30 days after sign-in', async () => {
    const user = await account(test, base);
    // Signed in 29 days and 12 hours ago and used since: the next renewal may not reach past day 30.
    await test.database.pool.query(
      `UPDATE sessions SET created_at = now() - interval '29 days 12 hours', expires_at = now() + interval '5 days' WHERE user_id = $1`,
      [user.id],
    );
    const renewed = await send(base, 'GET', '/api/auth/get-session', { ip: user.ip, cookie: user.cookie });
    expect(renewed.status).toBe(200);
    const { rows } = await test.database.pool.query<{ hours: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(Number(rows[0]!.hours)).toBeLessThanOrEqual(12);
    expect(Number(rows[0]!.hours)).toBeGreaterThan(11);
    await test.database.pool.query(`UPDATE sessions SET created_at = now() - interval '31 days', expires_at = now() - interval '1 day' WHERE user_id = $1`, [user.id]);
    expect((await send(base, 'GET', '/api/me', { cookie: user.cookie })).json().user).toBeNull();
  });

  it('the idle and absolute lifetimes come from the configuration', async () => {
    const user = await account(test, base);
    const { rows } = await test.database.pool.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(Math.round(Number(rows[0]!.days))).toBe(7);
  });

  it('an app route renews a session a day after its last renewal, and refuses a cookie not signed with the secret', async () => {
    const user = await account(test, base);
    const hoursLeft = async () =>
      Number((await test.database.pool.query<{ hours: number }>(`SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessions WHERE user_id = $1`, [user.id])).rows[0]!.hours);
    // Read on the app's own path (platform/session.ts) while no renewal is due: the session stays as it is.
    await test.database.pool.query(`UPDATE sessions SET expires_at = now() + interval '6 days 12 hours' WHERE user_id = $1`, [user.id]);
    expect((await send(base, 'GET', '/api/me', { cookie: user.cookie })).json().user).toMatchObject({ id: user.id });
    expect(await hoursLeft()).toBeLessThanOrEqual(6.5 * 24);
    // Renewed a day and a half ago: this request renews it to the whole idle lifetime, as get-session would.
    await test.database.pool.query(`UPDATE sessions SET expires_at = now() + interval '5 days 12 hours' WHERE user_id = $1`, [user.id]);
    expect((await send(base, 'GET', '/api/me', { cookie: user.cookie })).json().user).toMatchObject({ id: user.id });
    expect(await hoursLeft()).toBeGreaterThan(7 * 24 - 1);

    const [name, value] = user.cookie.match(/(zerri\.session_token)=([^;]+)/)!.slice(1) as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const otherSecret = createHmac('sha256', 'not-the-secret-of-this-app-at-all!!').update(token).digest('base64');
    for (const cookie of [`${name}=${encodeURIComponent(`${token}.${otherSecret}`)}`, `${name}=${token}`, `${name}=${encodeURIComponent(`${token}x.${otherSecret}`)}`]) {
      const me = await send(base, 'GET', '/api/me', { cookie });
      expect(me.json().user, cookie).toBeNull();
      expect((await send(base, 'GET', '/api/posts?feed=following', { cookie })).status, cookie).toBe(401);
    }
  });

  it('asks for the password again before changing the payout method or creating an API key', async () => {
    const user = await account(test, base);
    await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = $1`, [user.id]);
    const changeMethod = () => send(base, 'PUT', '/api/payouts/method', { ip: user.ip, cookie: user.cookie, body: { type: 'paypal', email: 'thief@example.com' } });
    const createKey = () => send(base, 'POST', '/api/api-keys', { ip: user.ip, cookie: user.cookie, body: { name: 'Stolen' } });
    // Signed in a moment ago: the sign-in was the password.
    expect((await changeMethod()).status).toBe(200);
    await test.database.pool.query(`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [user.id]);
    for (const attempt of [changeMethod, createKey]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.json().error).toEqual({ code: 'password_confirmation_required', message: AUTH_MESSAGES.passwordConfirmationRequired });
    }
    const { rows: keys } = await test.database.pool.query(`SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1`, [user.id]);
    expect(keys[0].n).toBe(0);
    const wrong = await send(base, 'POST', '/api/me/password-confirmation', { ip: user.ip, cookie: user.cookie, body: { password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json().error?.code).toBe('password_wrong');
    expect((await changeMethod()).status).toBe(403);
    const right = await send(base, 'POST', '/api/me/password-confirmation', { ip: user.ip, cookie: user.cookie, body: { password: TEST_PASSWORD } });
    expect(right.status).toBe(204);
    expect((await changeMethod()).status).toBe(200);
    expect((await createKey()).status).toBe(201);
    // Ten minutes later the confirmation has run out.
    await test.database.pool.query(`UPDATE sessions SET password_confirmed_at = now() - interval '11 minutes' WHERE user_id = $1`, [user.id]);
    expect((await createKey()).status).toBe(403);
    // Another user's session is not confirmed by it.
    const other = await account(test, base);
    await test.database.pool.query(`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [other.id]);
    expect((await send(base, 'PUT', '/api/payouts/method', { ip: other.ip, cookie: other.cookie, body: { type: 'paypal', email: 'x@example.com' } })).status).toBe(403);
  });
});

describe('4b. a stolen session cannot be used to guess the password', () => {
  // Eleven password checks and two accounts: a minute is enough on a loaded 2-core machine.
  it('counts wrong passwords per account wherever they are typed, then checks none until the window ends', { timeout: 60_000 }, async () => {
    const user = await account(test, base);
    const bystander = await account(test, base);
    const confirm = (password: string, who = user) => send(base, 'POST', '/api/me/password-confirmation', { ip: nextIp(), cookie: who.cookie, body: { password } });
    // Node sends a DELETE body only with its length given.
    const deleteAccount = (password: string) =>
      send(base, 'DELETE', '/api/profile', { ip: nextIp(), cookie: user.cookie, body: { password }, headers: { 'content-length': String(JSON.stringify({ password }).length) } });
    // Ten wrong passwords (WRONG_PASSWORDS_MAX), from many networks and through both forms.
    for (let i = 0; i < 5; i++) {
      expect((await confirm(`wrong-${i}-password`)).json().error?.code).toBe('password_wrong');
      expect((await deleteAccount(`wrong-${i}-again`)).json().error?.code).toBe('password_wrong');
    }
    for (const attempt of [() => confirm(TEST_PASSWORD), () => deleteAccount(TEST_PASSWORD), () => confirm('one-more-guess')]) {
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.json().error?.code).toBe('rate_limited');
      expect(refused.json().error?.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [user.id]);
    expect(rows[0].n).toBe(1);
    // Another account's count is its own.
    expect((await confirm(TEST_PASSWORD, bystander)).status).toBe(204);
  });
});

describe('5. control characters are refused at the edge', () => {
  it.each([
    '/api/jobs?keyword=%00',
    '/api/store/creators/ab%00c',
    '/api/links?q=%00',
    '/api/admin/users?q=%00',
    '/api/store/products?search=a%1Bb',
    '/api/jobs?keyword=%E0%A4%A',
  ])('GET %s', async (path) => {
    const user = await account(test, base, { role: 'admin' });
    const answer = await send(base, 'GET', path, { cookie: user.cookie });
    expect(answer.status).toBe(400);
    expect(['invalid_characters', 'invalid_path']).toContain(answer.json().error?.code);
  });

  it.each([
    ['PATCH', '/api/profile', { bio: 'ab\u0000c' }],
    ['POST', '/api/invoices', { clientName: 'A\u0000', clientEmail: 'a@example.com', items: [{ name: 'x', quantity: 1, unitPrice: '9.00' }] }],
    ['POST', '/api/designs', { name: 'd\u0007', width: 100, height: 100, elements: [] }],
    ['POST', '/api/links', { url: 'https://example.com/\u0000' }],
    ['POST', '/api/jobs', { 'title\u0000': 'x' }],
  ])('%s %s with a NUL or bell in a JSON string', async (method, path, body) => {
    const user = await account(test, base);
    const answer = await send(base, method, path, { cookie: user.cookie, ip: user.ip, body });
    expect(answer.status).toBe(400);
    expect(answer.json().error).toEqual({ code: 'invalid_characters', message: EDGE_MESSAGES.controlCharacters });
  });

  it.each([
    ['/api/posts', { content: 'post\u0000text' }],
    ['/api/products', { name: 'ab\u0000c', price: '1.00', category: 'eBook' }],
  ])('POST %s with a NUL in a multipart field', async (path, fields) => {
    const user = await account(test, base);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { origin: base, cookie: user.cookie }, body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toEqual({ code: 'invalid_characters', message: EDGE_MESSAGES.controlCharacters });
  });

  it('keeps tabs and line breaks', async () => {
    const user = await account(test, base);
    const answer = await send(base, 'PATCH', '/api/profile', { cookie: user.cookie, ip: user.ip, body: { bio: 'line one\r\nline\ttwo\nthree' } });
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('6. deep or oversized JSON', () => {
  it('refuses JSON nested 20,000 deep with 400, on any route', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const path of ['/api/auth/sign-in/email', '/api/newsletter', '/api/nothing-here']) {
      const answer = await send(base, 'POST', path, { raw: deep, ip: nextIp() });
      expect(answer.status).toBe(400);
      expect(answer.json().error).toEqual({ code: 'body_too_deep', message: EDGE_MESSAGES.tooDeep });
    }
    const nestedInString = JSON.stringify({ email: '['.repeat(20_000) });
    expect((await send(base, 'POST', '/api/newsletter', { raw: nestedInString, ip: nextIp() })).json().error?.code).not.toBe('body_too_deep');
  });

  it('refuses an oversized body with 413', async () => {
    const answer = await send(base, 'POST', '/api/newsletter', { raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), ip: nextIp() });
    expect(answer.status).toBe(413);
    expect(answer.json().error?.code).toBe('payload_too_large');
  });
});

describe('7. HSTS in production on https', () => {
  it('sends Strict-Transport-Security on every answer, refused requests included', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://zerri.example' });
    try {
      const productionBase = await production.app.listen({ port: 0, host: '127.0.0.1' });
      for (const path of ['/api/health', '/api/nothing-here', '/api/auth/./sign-in/email']) {
        const answer = await send(productionBase, 'GET', path);
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await production.close();
    }
    expect((await send(base, 'GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
  });
});
