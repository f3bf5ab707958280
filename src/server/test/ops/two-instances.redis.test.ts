import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, publishUntyped, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../test-app.ts';

// Two app instances on one database and one Redis, talked to over real HTTP, as behind a load balancer.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
// Budgets for a loaded 2-core machine (two apps start per pair); the waits are on events.
const TEST_TIMEOUT_MS = 120_000;
const EVENT_TIMEOUT_MS = 30_000;

interface Instance extends TestApp {
  base: string;
}

async function startPair(env: Record<string, string>): Promise<[Instance, Instance]> {
  const a = await createTestApp(env);
  const databaseName = new URL(a.databaseUrl).pathname.slice(1);
  const b = await createTestApp(env, { databaseName });
  const listen = async (test: TestApp): Promise<Instance> => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    return Object.assign(test, { base: `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}` });
  };
  return [await listen(a), await listen(b)];
}

const withRedis = () => ({ REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: `zerri-test-${randomBytes(6).toString('hex')}:` });

/** Reads a server-sent-events stream in the background; `text()` is everything received so far. */
async function openEvents(base: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  await expect.poll(() => text, { timeout: EVENT_TIMEOUT_MS }).toContain('event: ready');
  return { text: () => text, close: () => controller.abort() };
}

// One pair on Redis for every test that needs no limit of its own (a pair is two apps to build).
// Two failed sign-ins lock an account (SIGN_IN_FAILURES_MAX: 2): only the test of those failures
// meets that limit, the others sign in with the right password.
let a: Instance;
let b: Instance;
beforeAll(async () => {
  [a, b] = await startPair({ ...withRedis(), SIGN_IN_FAILURES_MAX: '2' });
}, TEST_TIMEOUT_MS);
afterAll(async () => {
  await a?.close();
  await b?.close();
}, TEST_TIMEOUT_MS);

describe('two instances on one database and Redis', () => {
  it('accept a session made on the other instance', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { cookie, email } = await createSignedInUser(a);
    const me = await fetch(`${b.base}/api/me`, { headers: { cookie } });
    expect((await me.json()).user.email).toBe(email);

    const signIn = await fetch(`${b.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const second = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    expect((await (await fetch(`${a.base}/api/me`, { headers: { cookie: second } })).json()).user.email).toBe(email);

    // Signing out on A ends the session on B too.
    await fetch(`${a.base}/api/auth/sign-out`, { method: 'POST', headers: { cookie: second, origin: TEST_ORIGIN } });
    expect((await (await fetch(`${b.base}/api/me`, { headers: { cookie: second } })).json()).user).toBeNull();
  });

  it('add up short-link clicks from both instances exactly, and tell the owner on the other instance', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { cookie } = await createSignedInUser(a);
    const created = await fetch(`${a.base}/api/links`, {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/two-instances' }),
    });
    const { code } = (await created.json()) as { code: string };
    // The owner's browser is connected to B; the clicks are counted and written by both.
    const events = await openEvents(b.base, cookie);
    const click = (instance: Instance) => fetch(`${instance.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    const perInstance = 60;
    const answers = await Promise.all(Array.from({ length: perInstance * 2 }, (_, i) => click(i % 2 ? a : b)));
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    await Promise.all([a.app.zerri.buffers.flushAll(), b.app.zerri.buffers.flushAll()]);

    const { rows } = await a.database.pool.query(`SELECT clicks FROM short_links WHERE short_code = $1`, [code]);
    expect(Number(rows[0].clicks)).toBe(perInstance * 2);
    const stats = await a.database.pool.query(`SELECT sum(clicks)::int AS n FROM link_visits`);
    expect(stats.rows[0].n).toBe(perInstance * 2);
    for (const instance of [a, b]) {
      const response = await fetch(`${instance.base}/api/links/${code}`);
      expect((await response.json()).clicks).toBe(perInstance * 2);
    }
    // The flushes were published as realtime events and reached the owner's browser on B.
    await expect.poll(() => events.text(), { timeout: EVENT_TIMEOUT_MS }).toContain('event: links.clicked');
    events.close();
  });

  it('redirect a link made on one instance from the other\'s memory, and stop it there when it is deleted', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { cookie } = await createSignedInUser(a);
    const held = async () => Number(/^zerri_links_index_links (\d+)$/m.exec(await (await fetch(`${b.base}/metrics`)).text())![1]);
    const before = await held();
    const created = await fetch(`${a.base}/api/links`, {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/made-on-a' }),
    });
    const { code } = (await created.json()) as { code: string };
    // B's index takes it from A's announcement, with no visit to B.
    await expect.poll(held, { timeout: EVENT_TIMEOUT_MS }).toBe(before + 1);
    // From memory: the row changed behind the apps' backs still redirects where it went.
    await a.database.pool.query(`UPDATE short_links SET original_url = 'https://example.com/changed-quietly' WHERE short_code = $1`, [code]);
    const visit = () => fetch(`${b.base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect((await visit()).headers.get('location')).toBe('https://example.com/made-on-a');
    expect((await fetch(`${a.base}/api/links/${code}`, { method: 'DELETE', headers: { cookie, origin: TEST_ORIGIN } })).status).toBe(204);
    await expect.poll(async () => (await visit()).status, { timeout: EVENT_TIMEOUT_MS }).toBe(404);
  });

  it('deliver a realtime event published on one instance to a browser connected to the other', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { cookie } = await createSignedInUser(b);
    const events = await openEvents(b.base, cookie);
    const before = events.text().length;
    await publishUntyped(a.app.zerri.realtime, 'public', 'ops.ping', { from: 'A' });
    await expect.poll(() => events.text().slice(before), { timeout: EVENT_TIMEOUT_MS }).toContain('"type":"ops.ping","data":{"from":"A"}');
    events.close();
  });
});

describe('rate limits across instances', () => {
  const limits = { NEWSLETTER_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_MAX: '3' };
  const newsletter = (instance: Instance) =>
    fetch(`${instance.base}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `reader-${randomBytes(4).toString('hex')}@example.com` }),
    }).then((response) => response.status);
  const signIn = (instance: Instance) =>
    fetch(`${instance.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-here' }),
    }).then((response) => response.status);

  it('are shared through Redis: hits on A count on B', { timeout: TEST_TIMEOUT_MS }, async () => {
    const [a, b] = await startPair({ ...withRedis(), ...limits });
    try {
      expect([await newsletter(a), await newsletter(a), await newsletter(b), await newsletter(b), await newsletter(a)]).toEqual([201, 201, 201, 429, 429]);
      expect([await signIn(a), await signIn(b), await signIn(a), await signIn(b)]).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('count an account\'s failed sign-ins and wrong passwords on every instance', { timeout: TEST_TIMEOUT_MS }, async () => {
    const answer = async (response: Response) => ({ status: response.status, code: ((await response.json()) as { error?: { code: string } }).error?.code });
    // Failed sign-ins (platform/counters.ts): one on A and one on B lock the account on A.
    const { email, cookie } = await createSignedInUser(a);
    const signIn = (instance: Instance, password: string) =>
      fetch(`${instance.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email, password }),
      }).then(answer);
    expect([(await signIn(a, 'wrong-password-1')).status, (await signIn(b, 'wrong-password-2')).status]).toEqual([401, 401]);
    expect(await signIn(a, TEST_PASSWORD)).toEqual({ status: 429, code: 'account_locked' });
    // Wrong passwords while signed in (app.createRateLimit): ten spread over A and B, then B checks none.
    const confirm = (instance: Instance, password: string) =>
      fetch(`${instance.base}/api/me/password-confirmation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
        body: JSON.stringify({ password }),
      }).then(answer);
    for (let i = 0; i < 10; i++) expect((await confirm(i % 2 ? a : b, `wrong-password-${i}`)).code).toBe('password_wrong');
    expect(await confirm(b, TEST_PASSWORD)).toEqual({ status: 429, code: 'rate_limited' });
  });

  it('are per instance without REDIS_URL', { timeout: TEST_TIMEOUT_MS }, async () => {
    const [a, b] = await startPair(limits);
    try {
      expect([await newsletter(a), await newsletter(a), await newsletter(a), await newsletter(a)]).toEqual([201, 201, 201, 429]);
      expect(await newsletter(b)).toBe(201);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
