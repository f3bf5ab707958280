import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LINK_MESSAGES, LINKS_INTERNAL_CHANNEL } from '#shared/links.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

// Edit, expiry and password of a link (the ZerriLink issue's link features).

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000', LINK_PASSWORD_ATTEMPTS_MAX: '3' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const shorten = async (cookie: string, payload: Record<string, unknown>) => {
  const response = await request(test.app, { method: 'POST', url: '/api/links', cookie, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { code: string; url: string };
};
const edit = (code: string, payload: Record<string, unknown>, cookie?: string) =>
  request(test.app, { method: 'PATCH', url: `/api/links/${code}`, cookie, payload });
/** A visit over real HTTP, so a cached link goes through the raw fast path as in production. */
const visit = (code: string, init: RequestInit = {}) =>
  fetch(`${base}/z/${code}`, { redirect: 'manual', ...init, headers: { 'user-agent': BROWSER, ...init.headers } });
const unlock = (code: string, password: string, remoteAddress = '10.1.1.1') =>
  request(test.app, { method: 'POST', url: `/api/links/${code}/unlock`, payload: { password }, remoteAddress, headers: { 'user-agent': BROWSER } });
const check = (code: string) => request(test.app, { method: 'GET', url: `/api/links/${code}` });
const flush = () => test.app.zerri.buffers.flushAll();
const dbRow = async (code: string) =>
  (await test.database.pool.query('SELECT clicks::int, password_hash, max_clicks::int FROM short_links WHERE short_code = $1', [code])).rows[0] as
    | { clicks: number; password_hash: string | null; max_clicks: number | null }
    | undefined;

describe('editing a link', () => {
  it('changes the destination and code, keeps the clicks, and every cache forgets both codes', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/before' });
    for (let i = 0; i < 3; i++) expect((await visit(code)).headers.get('location')).toBe('https://example.com/before');
    await flush();
    const announced: string[] = [];
    const unsubscribe = test.app.zerri.realtime.subscribe([LINKS_INTERNAL_CHANNEL], (event) => {
      if (event.type === 'link.removed') announced.push(String(event.data));
    });
    try {
      // The old destination is in the redirect cache; the change must reach it at once.
      const changed = await edit(code, { url: 'https://example.com/after' }, owner.cookie);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ code, url: 'https://example.com/after', clicks: 3, hasPassword: false, expiresAt: null, maxClicks: null });
      expect((await visit(code)).headers.get('location')).toBe('https://example.com/after');

      const renamed = await edit(code, { code: `${code}-new` }, owner.cookie);
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ code: `${code}-new`, clicks: 4 });
      expect((await visit(code)).status).toBe(404);
      expect((await visit(`${code}-new`)).headers.get('location')).toBe('https://example.com/after');
      await vi.waitFor(() => expect(announced).toEqual(expect.arrayContaining([code, `${code}-new`])));
    } finally {
      unsubscribe();
    }
    await flush();
    expect((await dbRow(`${code}-new`))?.clicks).toBe(5);
    const stats = await request(test.app, { method: 'GET', url: `/api/links/${code}-new/stats`, cookie: owner.cookie });
    expect(stats.json().daily.at(-1).clicks).toBe(5);
  });

  it('is for the owner only: another user gets 404, anonymous 401, and nothing changes', async () => {
    const owner = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/mine' });
    const byOther = await edit(code, { url: 'https://evil.example/', password: 'pass1234' }, other.cookie);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.code).toBe('link_not_found');
    expect((await edit(code, { url: 'https://evil.example/' })).statusCode).toBe(401);
    expect((await check(code)).json().url).toBe('https://example.com/mine');
    expect((await dbRow(code))?.password_hash).toBeNull();
  });

  it('works with an API key', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = $1`, [owner.id]);
    const { key } = (await request(test.app, { method: 'POST', url: '/api/api-keys', cookie: owner.cookie, payload: { name: 'script' } })).json();
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/api' });
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/links/${code}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { url: 'https://example.com/api-2', maxClicks: 10 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url: 'https://example.com/api-2', maxClicks: 10 });
  });

  it.each([
    [{ url: 'ftp://example.com' }, 400, LINK_MESSAGES.urlScheme],
    [{ code: 'bad code!' }, 400, LINK_MESSAGES.codeCharacters],
    [{ code: 'admin' }, 400, LINK_MESSAGES.codeReserved('admin')],
    [{ password: 'abc' }, 400, LINK_MESSAGES.passwordLength],
    [{ maxClicks: 0 }, 400, LINK_MESSAGES.maxClicksInvalid],
    [{ maxClicks: 2.5 }, 400, LINK_MESSAGES.maxClicksInvalid],
    [{ expiresAt: 'tomorrow' }, 400, LINK_MESSAGES.expiresInvalid],
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 400, LINK_MESSAGES.expiresPast],
    [{ expiredUrl: 'javascript:alert(1)' }, 400, LINK_MESSAGES.expiredUrlInvalid],
  ])('refuses %j with its message and changes nothing', async (payload, status, message) => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/valid' });
    const response = await edit(code, payload, owner.cookie);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect((await check(code)).json()).toMatchObject({ code, url: 'https://example.com/valid' });
  });

  it('answers 409 when the new code is taken', async () => {
    const owner = await createSignedInUser(test);
    const taken = await shorten(owner.cookie, { url: 'https://example.com/1' });
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/2' });
    const response = await edit(code, { code: taken.code }, owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'code_taken', message: LINK_MESSAGES.codeTaken(taken.code) });
  });
});

describe('expiry', () => {
  it('sends visitors to the address after expiry once the end date passes, else to the not-found screen', async () => {
    const owner = await createSignedInUser(test);
    const withUrl = await shorten(owner.cookie, { url: 'https://example.com/sale' });
    const without = await shorten(owner.cookie, { url: 'https://example.com/sale-2' });
    const end = new Date(Date.now() + 24 * 3600_000).toISOString();
    expect((await edit(withUrl.code, { expiresAt: end, expiredUrl: 'https://example.com/over' }, owner.cookie)).statusCode).toBe(200);
    expect((await edit(without.code, { expiresAt: end }, owner.cookie)).statusCode).toBe(200);
    expect((await visit(withUrl.code)).headers.get('location')).toBe('https://example.com/sale');
    expect((await visit(without.code)).headers.get('location')).toBe('https://example.com/sale-2');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    try {
      const after = await visit(withUrl.code);
      expect(after.status).toBe(302);
      expect(after.headers.get('location')).toBe('https://example.com/over');
      expect((await visit(without.code)).status).toBe(404); // the app's not-found screen in production
      expect((await check(without.code)).statusCode).toBe(404);
      // Other changes keep the end date that has passed.
      expect((await edit(without.code, { url: 'https://example.com/sale-3', expiresAt: end }, owner.cookie)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    await flush();
    expect((await dbRow(withUrl.code))?.clicks).toBe(1);
  });

  it('lets exactly K of N parallel visits through a limit of K clicks', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/limited' });
    const limit = 7;
    const total = 60;
    expect((await edit(code, { maxClicks: limit, expiredUrl: 'https://example.com/sold-out' }, owner.cookie)).statusCode).toBe(200);
    const responses = await Promise.all(Array.from({ length: total }, () => visit(code)));
    const locations = responses.map((response) => response.headers.get('location'));
    expect(locations.filter((location) => location === 'https://example.com/limited')).toHaveLength(limit);
    expect(locations.filter((location) => location === 'https://example.com/sold-out')).toHaveLength(total - limit);
    await flush();
    expect((await dbRow(code))?.clicks).toBe(limit);
    const stats = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats`, cookie: owner.cookie });
    expect(stats.json().daily.at(-1).clicks).toBe(limit);
    expect((await check(code)).statusCode).toBe(404);
    // Raising the limit opens the link again at once.
    expect((await edit(code, { maxClicks: limit + 1 }, owner.cookie)).statusCode).toBe(200);
    expect((await visit(code)).headers.get('location')).toBe('https://example.com/limited');
  });

  it('does not spend the clicks left on bots and HEAD requests, nor tell them where the link goes', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/one' });
    expect((await edit(code, { maxClicks: 1 }, owner.cookie)).statusCode).toBe(200);
    for (const response of [await visit(code, { headers: { 'user-agent': 'Twitterbot/1.0' } }), await visit(code, { method: 'HEAD' })]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).not.toContain('example.com/one');
    }
    expect((await visit(code)).headers.get('location')).toBe('https://example.com/one');
    expect((await visit(code)).status).toBe(404);
    expect((await visit(code, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('a link with a click limit or an end date tells where it goes only to a visit that counts', () => {
  const AGENTS = [
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'curl/8.4.0',
    'Wget/1.21.4',
    'python-requests/2.31.0',
  ];
  const cases = [
    ['a limit of one click', { maxClicks: 1 }],
    ['an end date', { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }],
    ['a limit and a preview', { maxClicks: 1, previewTitle: 'Launch day', previewImageUrl: 'https://images.example.com/launch.png' }],
  ] as const;
  for (const [name, settings] of cases) {
    it(`with ${name}: HEAD, bots, curl-like agents and the check API as a guest or another user learn nothing and use no click`, async () => {
      const owner = await createSignedInUser(test, { role: 'creator' });
      const other = await createSignedInUser(test);
      const destination = `https://example.com/secret-${crypto.randomUUID()}`;
      const { code } = await shorten(owner.cookie, { url: destination, ...settings });
      const looks = [
        ...AGENTS.map((agent) => visit(code, { headers: { 'user-agent': agent } })),
        visit(code, { method: 'HEAD' }),
        visit(code, { method: 'HEAD', headers: { 'user-agent': 'curl/8.4.0' } }),
      ];
      for (const response of await Promise.all(looks)) {
        expect(response.status).toBe(200);
        expect(response.headers.get('location')).toBeNull();
        const html = await response.text();
        expect(html).not.toContain(destination);
        expect(html).not.toContain('http-equiv="refresh"');
        if ('previewTitle' in settings && html) {
          expect(html).toContain('<meta property="og:title" content="Launch day">');
          expect(html).toContain('<meta property="og:image" content="https://images.example.com/launch.png">');
        }
      }
      for (const cookie of [undefined, other.cookie]) {
        const details = await request(test.app, { method: 'GET', url: `/api/links/${code}`, cookie, headers: { 'user-agent': 'curl/8.4.0' } });
        expect(details.statusCode).toBe(200);
        expect(details.json()).toMatchObject({ code, url: null, clicks: 0 });
        expect(details.body).not.toContain(destination);
      }
      const own = await request(test.app, { method: 'GET', url: `/api/links/${code}`, cookie: owner.cookie });
      expect(own.json()).toMatchObject({ code, url: destination });
      await flush();
      expect((await dbRow(code))?.clicks).toBe(0);

      // A person's visit is redirected and uses the click; with the limit reached, nothing more is told.
      expect((await visit(code)).headers.get('location')).toBe(destination);
      await flush();
      expect((await dbRow(code))?.clicks).toBe(1);
      if ('maxClicks' in settings) {
        expect((await visit(code)).status).toBe(404);
        for (const agent of AGENTS) expect((await visit(code, { headers: { 'user-agent': agent } })).headers.get('location')).toBeNull();
        expect((await request(test.app, { method: 'GET', url: `/api/links/${code}` })).statusCode).toBe(404);
      } else {
        expect((await visit(code)).headers.get('location')).toBe(destination);
      }
    });
  }

  it('tells a bot that gives the right password where the link goes only by using a click', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/members', password: 'members only', maxClicks: 1 });
    const unlocked = await request(test.app, { method: 'POST', url: `/api/links/${code}/unlock`, payload: { password: 'members only' }, remoteAddress: '10.5.5.5', headers: { 'user-agent': 'curl/8.4.0' } });
    expect(unlocked.json()).toEqual({ url: 'https://example.com/members' });
    expect((await unlock(code, 'members only', '10.5.5.6')).statusCode).toBe(404);
    await flush();
    expect((await dbRow(code))?.clicks).toBe(1);
  });

  it('keeps a plain link a redirect for bots, curl and HEAD (no limit, no end date)', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/plain-for-all' });
    for (const agent of AGENTS) expect((await visit(code, { headers: { 'user-agent': agent } })).headers.get('location')).toBe('https://example.com/plain-for-all');
    expect((await visit(code, { method: 'HEAD' })).headers.get('location')).toBe('https://example.com/plain-for-all');
    expect((await request(test.app, { method: 'GET', url: `/api/links/${code}` })).json().url).toBe('https://example.com/plain-for-all');
  });
});

describe('password', () => {
  it('asks for the password on every visit, cached or not, and redirects on the right one', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/secret' });
    await visit(code); // the link is now in the redirect cache
    const set = await edit(code, { password: 'open sesame' }, owner.cookie);
    expect(set.statusCode).toBe(200);
    expect(set.json().hasPassword).toBe(true);
    expect(set.body).not.toContain('open sesame');
    const stored = await dbRow(code);
    expect(stored?.password_hash).toBeTruthy();
    expect(stored?.password_hash).not.toContain('open sesame');

    for (let i = 0; i < 2; i++) {
      const response = await visit(code);
      expect(response.status).toBe(404); // the app's password page in production, never the destination
      expect(response.headers.get('location')).toBeNull();
    }
    const details = await check(code);
    expect(details.statusCode).toBe(403);
    expect(details.json().error).toMatchObject({ code: 'password_required', message: LINK_MESSAGES.passwordRequired });
    expect(details.body).not.toContain('example.com/secret');

    const wrong = await unlock(code, 'open sesam');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'password_wrong', message: LINK_MESSAGES.passwordWrong });
    expect(wrong.body).not.toContain('example.com/secret');
    expect((await unlock(code, '')).json().error.code).toBe('password_empty');

    const right = await unlock(code, 'open sesame');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ url: 'https://example.com/secret' });
    await flush();
    expect((await dbRow(code))?.clicks).toBe(2); // the visit before the password, and this one

    const removed = await edit(code, { password: null }, owner.cookie);
    expect(removed.json().hasPassword).toBe(false);
    expect((await visit(code)).headers.get('location')).toBe('https://example.com/secret');
  });

  it('limits wrong passwords per address and link', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/guarded' });
    await edit(code, { password: 'right-one' }, owner.cookie);
    for (let i = 0; i < 3; i++) expect((await unlock(code, `wrong-${i}`, '10.2.2.2')).statusCode).toBe(403);
    const limited = await unlock(code, 'right-one', '10.2.2.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many wrong passwords\. Please wait \d+ seconds/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await unlock(code, 'right-one', '10.3.3.3')).statusCode).toBe(200);
  });

  it('counts an unlocked visit against a click limit', async () => {
    const owner = await createSignedInUser(test);
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/both' });
    await edit(code, { password: 'both-rules', maxClicks: 1, expiredUrl: 'https://example.com/gone' }, owner.cookie);
    expect((await unlock(code, 'both-rules', '10.4.4.4')).json()).toEqual({ url: 'https://example.com/both' });
    expect((await unlock(code, 'both-rules', '10.4.4.4')).json()).toEqual({ url: 'https://example.com/gone' });
    expect((await visit(code)).headers.get('location')).toBe('https://example.com/gone');
  });
});
