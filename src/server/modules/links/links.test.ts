import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, LINKS_CLICKED_CHUNK } from '#shared/links.ts';
import { BLOCKED_DOMAIN_MESSAGES } from '#shared/links-blocked-domains.ts';
import { userChannel } from '#shared/realtime.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, waitFor, type TestApp } from '../../test/test-app.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let test: TestApp;
beforeAll(async () => {
  // Clicks are written when a test flushes, never by the timer between a test's visits.
  test = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000', CLICK_FLUSH_MS: '3600000' });
});
afterAll(() => test.close());

const shorten = (payload: Record<string, unknown>, options: { cookie?: string; remoteAddress?: string } = {}) =>
  request(test.app, { method: 'POST', url: '/api/links', payload, ...options });
const visit = (code: string, headers: Record<string, string> = { 'user-agent': BROWSER }, method: 'GET' | 'HEAD' = 'GET') =>
  request(test.app, { method, url: `/z/${code}`, headers });
const check = (code: string) => request(test.app, { method: 'GET', url: `/api/links/${encodeURIComponent(code)}` });
const flush = () => test.app.zerri.buffers.flushAll();
const dbClicks = async (code: string) =>
  Number((await test.database.pool.query('SELECT clicks FROM short_links WHERE short_code = $1', [code])).rows[0].clicks);

describe('POST /api/links', () => {
  it('shortens anonymously with a random 6-character code', async () => {
    const response = await shorten({ url: 'https://example.com/page' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ url: 'https://example.com/page', clicks: 0 });
    expect(body.code).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(body.shortUrl).toBe(`${TEST_ORIGIN}/z/${body.code}`);
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const { rows } = await test.database.pool.query('SELECT user_id, is_custom FROM short_links WHERE short_code = $1', [body.code]);
    expect(rows[0]).toEqual({ user_id: null, is_custom: false });
  });

  it('records the owner of a signed-in link and keeps anonymous links out of every dashboard', async () => {
    const owner = await createSignedInUser(test);
    const mine = (await shorten({ url: 'https://example.com/mine' }, { cookie: owner.cookie })).json();
    const anonymous = (await shorten({ url: 'https://example.com/anon' })).json();
    const list = await request(test.app, { method: 'GET', url: '/api/links', cookie: owner.cookie });
    expect(list.json().items.map((item: { code: string }) => item.code)).toEqual([mine.code]);
    const other = await createSignedInUser(test);
    const otherList = await request(test.app, { method: 'GET', url: '/api/links', cookie: other.cookie });
    expect(otherList.json()).toMatchObject({ items: [], total: 0 });
    expect(JSON.stringify(otherList.json())).not.toContain(anonymous.code);
  });

  it.each([
    [{ url: '' }, LINK_MESSAGES.urlRequired],
    [{}, LINK_MESSAGES.urlRequired],
    [{ url: 'ftp://example.com' }, LINK_MESSAGES.urlScheme],
    [{ url: 'javascript:alert(1)' }, LINK_MESSAGES.urlScheme],
    [{ url: `https://example.com/${'x'.repeat(2040)}` }, LINK_MESSAGES.urlTooLong],
    [{ url: 'https://example.com', code: '' }, LINK_MESSAGES.codeRequired],
    [{ url: 'https://example.com', code: 'bad code!' }, LINK_MESSAGES.codeCharacters],
    [{ url: 'https://example.com', code: 'ab' }, LINK_MESSAGES.codeLength],
    [{ url: 'https://example.com', code: 'DashBoard' }, LINK_MESSAGES.codeReserved('DashBoard')],
    [{ url: 'https://example.com', code: 'API' }, LINK_MESSAGES.codeReserved('API')],
    [{ url: `${TEST_ORIGIN}/z/abcdef` }, LINK_MESSAGES.urlLoop],
  ])('refuses %j with the right message and creates nothing', async (payload, message) => {
    const before = (await test.database.pool.query('SELECT count(*)::int AS n FROM short_links')).rows[0].n;
    const response = await shorten(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    const after = (await test.database.pool.query('SELECT count(*)::int AS n FROM short_links')).rows[0].n;
    expect(after).toBe(before);
  });

  it('takes a free custom code and answers 409 with the spec text when it is taken', async () => {
    const first = await shorten({ url: 'https://example.com/a', code: 'launch-day' });
    expect(first.statusCode).toBe(201);
    expect(first.json().code).toBe('launch-day');
    const second = await shorten({ url: 'https://example.com/b', code: 'launch-day' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('The code "launch-day" is already taken. Please try a different one.');
    const stored = await check('launch-day');
    expect(stored.json().url).toBe('https://example.com/a');
  });

  it('rate-limits anonymous creation per IP with Retry-After, but not signed-in users', async () => {
    const limited = await createTestApp({ LINK_RATE_LIMIT_MAX: '2' });
    try {
      const post = (cookie?: string) =>
        request(limited.app, { method: 'POST', url: '/api/links', remoteAddress: '10.9.9.9', cookie, payload: { url: 'https://example.com' } });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.message).toMatch(/Please wait \d+ seconds/);
      const { cookie } = await createSignedInUser(limited);
      expect((await post(cookie)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('checking a link', () => {
  it('answers the stored link, or the spec messages', async () => {
    const { code } = (await shorten({ url: 'https://example.com/check' })).json();
    const found = await check(code);
    expect(found.statusCode).toBe(200);
    expect(Object.keys(found.json()).sort()).toEqual(['clicks', 'code', 'createdAt', 'url']);
    const missing = await check('nope404');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'link_not_found', message: 'The link code "nope404" was not found.', title: 'Not Found', params: { code: 'nope404' } });
    const empty = await request(test.app, { method: 'GET', url: '/api/links/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(LINK_MESSAGES.checkRequired);
    const blank = await check(' ');
    expect(blank.json().error.message).toBe(LINK_MESSAGES.checkRequired);
  });
});

describe('the redirect', () => {
  it('answers 302 to the target and counts the visit', async () => {
    const { code } = (await shorten({ url: 'https://example.com/target?x=1' })).json();
    const response = await visit(code);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/target?x=1');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((await check(code)).json().clicks).toBe(1);
    await flush();
    expect(await dbClicks(code)).toBe(1);
  });

  it('prefixes http:// to a stored URL without a scheme', async () => {
    await test.database.pool.query(`INSERT INTO short_links (short_code, original_url) VALUES ('legacy1', 'example.org/old')`);
    const response = await visit('legacy1');
    expect(response.headers.location).toBe('http://example.org/old');
  });

  it('redirects but does not count HEAD requests, bots and link-preview fetchers', async () => {
    const { code } = (await shorten({ url: 'https://example.com/bots' })).json();
    const bots = ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'facebookexternalhit/1.1', 'Googlebot/2.1', 'Twitterbot/1.0', 'curl/8.4.0'];
    for (const agent of bots) expect((await visit(code, { 'user-agent': agent })).statusCode).toBe(302);
    expect((await visit(code, { 'user-agent': BROWSER }, 'HEAD')).statusCode).toBe(302);
    await visit(code);
    await flush();
    expect(await dbClicks(code)).toBe(1);
  });

  it('leaves unknown codes to the redirect screen', async () => {
    expect((await visit('unknown1')).statusCode).toBe(404);
    expect((await visit('bad.code')).statusCode).toBe(404);
  });

  it('counts exactly under concurrent load over real HTTP', async () => {
    const { code } = (await shorten({ url: 'https://example.com/load' })).json();
    const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 300;
    const flushing = setInterval(() => void flush(), 5);
    try {
      const responses = await Promise.all(
        Array.from({ length: total }, () => fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })),
      );
      expect(responses.every((response) => response.status === 302)).toBe(true);
      // Most of these were answered by the raw fast path: same target, same security headers.
      const last = responses.at(-1)!;
      expect(last.headers.get('location')).toBe('https://example.com/load');
      expect(last.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(last.headers.get('x-content-type-options')).toBe('nosniff');
      expect(last.headers.get('cache-control')).toBe('private, no-store');
      const bot = await fetch(`${base}/z/${code}?utm_source=x`, { redirect: 'manual', headers: { 'user-agent': 'Twitterbot/1.0' } });
      expect(bot.status).toBe(302);
      const head = await fetch(`${base}/z/${code}`, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': BROWSER } });
      expect(head.status).toBe(302);
    } finally {
      clearInterval(flushing);
    }
    await flush();
    expect(await dbClicks(code)).toBe(total);
    const stats = await test.database.pool.query(
      `SELECT sum(v.clicks)::int AS n FROM link_visits v JOIN short_links l ON l.id = v.link_id WHERE l.short_code = $1`,
      [code],
    );
    expect(stats.rows[0].n).toBe(total);
  });
});

describe('my links', () => {
  it('pages, searches and sorts by clicks', async () => {
    const { cookie } = await createSignedInUser(test);
    const codes: string[] = [];
    for (const path of ['alpha', 'beta', 'gamma']) {
      codes.push((await shorten({ url: `https://example.com/${path}` }, { cookie })).json().code);
    }
    for (let i = 0; i < 3; i++) await visit(codes[1]!);
    await visit(codes[0]!);
    await flush();
    const byClicks = await request(test.app, { method: 'GET', url: '/api/links?sort=clicks', cookie });
    expect(byClicks.json().items.map((item: { code: string }) => item.code)).toEqual([codes[1], codes[0], codes[2]]);
    expect(byClicks.json().items[0].clicks).toBe(3);
    const paged = await request(test.app, { method: 'GET', url: '/api/links?page=2&pageSize=2', cookie });
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().items).toHaveLength(1);
    const searched = await request(test.app, { method: 'GET', url: '/api/links?q=GAMMA', cookie });
    expect(searched.json().items.map((item: { code: string }) => item.code)).toEqual([codes[2]]);
    expect((await request(test.app, { method: 'GET', url: '/api/links' })).statusCode).toBe(401);
  });

  it('deletes only my own links; for others it is a 404 and nothing changes', async () => {
    const owner = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    const { code } = (await shorten({ url: 'https://example.com/keep' }, { cookie: owner.cookie })).json();
    expect((await visit(code)).statusCode).toBe(302);
    const refused = await request(test.app, { method: 'DELETE', url: `/api/links/${code}`, cookie: stranger.cookie });
    expect(refused.statusCode).toBe(404);
    expect((await check(code)).statusCode).toBe(200);
    const anonymous = await request(test.app, { method: 'DELETE', url: `/api/links/${code}` });
    expect(anonymous.statusCode).toBe(401);
    const deleted = await request(test.app, { method: 'DELETE', url: `/api/links/${code}`, cookie: owner.cookie });
    expect(deleted.statusCode).toBe(204);
    expect((await check(code)).statusCode).toBe(404);
    expect((await visit(code)).statusCode).toBe(404);
  });

  it('gives the owner clicks per day, referrers, browsers and devices', async () => {
    const owner = await createSignedInUser(test);
    const { code } = (await shorten({ url: 'https://example.com/stats' }, { cookie: owner.cookie })).json();
    await visit(code, { 'user-agent': BROWSER, referer: 'https://news.example.com/post/1' });
    await visit(code, { 'user-agent': BROWSER, referer: 'https://news.example.com/post/2' });
    await visit(code, { 'user-agent': IPHONE });
    await flush();
    const response = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats`, cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), clicks: 3 });
    expect(stats.referrers).toEqual([
      { value: 'news.example.com', clicks: 2 },
      { value: '(direct)', clicks: 1 },
    ]);
    expect(stats.browsers).toEqual([
      { value: 'Chrome', clicks: 2 },
      { value: 'Safari', clicks: 1 },
    ]);
    expect(stats.devices).toEqual([
      { value: 'Desktop', clicks: 2 },
      { value: 'Mobile', clicks: 1 },
    ]);
    const stranger = await createSignedInUser(test);
    const refused = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats`, cookie: stranger.cookie });
    expect(refused.statusCode).toBe(404);
  });
});

describe('domain blocklist', () => {
  it('is managed by admins only; a blocked domain is refused and its links stop redirecting', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    const { code } = (await shorten({ url: 'https://www.spam.example/offer' })).json();
    expect((await visit(code)).statusCode).toBe(302);

    const forbidden = await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: creator.cookie, payload: { domain: 'spam.example' } });
    expect(forbidden.statusCode).toBe(403);
    expect((await request(test.app, { method: 'GET', url: '/api/admin/blocked-domains', cookie: creator.cookie })).statusCode).toBe(403);

    const added = await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: 'https://Spam.Example/' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ domain: 'spam.example' });
    const refused = await shorten({ url: 'https://spam.example/again' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(LINK_MESSAGES.domainBlocked('spam.example'));
    expect((await visit(code)).statusCode).toBe(404);

    const list = await request(test.app, { method: 'GET', url: '/api/admin/blocked-domains', cookie: admin.cookie });
    expect(list.json().items.map((item: { domain: string }) => item.domain)).toEqual(['spam.example']);
    const removed = await request(test.app, { method: 'DELETE', url: '/api/admin/blocked-domains/spam.example', cookie: admin.cookie });
    expect(removed.statusCode).toBe(204);
    expect((await visit(code)).statusCode).toBe(302);
  });

  it('lists each blocked domain with when and by whom it was blocked', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: 'listed.example' } });
    const list = await request(test.app, { method: 'GET', url: '/api/admin/blocked-domains', cookie: admin.cookie });
    const entry = list.json().items.find((item: { domain: string }) => item.domain === 'listed.example');
    expect(entry).toEqual({ domain: 'listed.example', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), createdBy: admin.id });
    await request(test.app, { method: 'DELETE', url: '/api/admin/blocked-domains/listed.example', cookie: admin.cookie });
  });

  it('answers a domain it cannot read, or one that is not blocked, with their own codes', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const empty = await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({ code: 'invalid_domain', message: BLOCKED_DOMAIN_MESSAGES.invalid });
    const notBlocked = await request(test.app, { method: 'DELETE', url: '/api/admin/blocked-domains/never.example', cookie: admin.cookie });
    expect(notBlocked.statusCode).toBe(404);
    expect(notBlocked.json().error).toMatchObject({ code: 'domain_not_blocked', message: BLOCKED_DOMAIN_MESSAGES.notBlocked });
  });
});

/**
 * Resolves once every event published on the user's channel before now has arrived: a marker sent now
 * arrives after them (PostgreSQL delivers notifications in commit order).
 */
async function afterEarlierEvents(userId: string) {
  const marker = new Promise<void>((resolve) => {
    const stop = test.app.zerri.realtime.subscribe([userChannel(userId)], (event) => {
      if (event.type !== 'stream.replaced') return;
      stop();
      resolve();
    });
  });
  await test.app.zerri.realtime.publish(userChannel(userId), 'stream.replaced');
  await marker;
}

describe('live click counts', () => {
  it('tell the owner once per flush, every clicked link of theirs in one event, and nobody else', async () => {
    const owner = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await shorten({ url: `https://example.com/live/${i}` }, { cookie: owner.cookie })).json().code as string);
    const otherCode = (await shorten({ url: 'https://example.com/live/other' }, { cookie: other.cookie })).json().code as string;
    const events: { channel: string; links: { id: number; code: string; clicks: number }[] }[] = [];
    const unsubscribe = test.app.zerri.realtime.subscribe([userChannel(owner.id), userChannel(other.id)], (event) => {
      if (event.type === 'links.clicked') events.push({ channel: event.channel, ...(event.data as { links: { id: number; code: string; clicks: number }[] }) });
    });
    try {
      await flush();
      for (const code of [...codes, codes[0]!, otherCode]) expect((await visit(code)).statusCode).toBe(302);
      await flush();
      await waitFor('both owners told', () => events.length >= 2);
      await flush(); // nothing new: no event
      await afterEarlierEvents(owner.id);
      const mine = events.filter((event) => event.channel === userChannel(owner.id));
      expect(mine).toHaveLength(1);
      expect(Object.fromEntries(mine[0]!.links.map((link) => [link.code, link.clicks]))).toEqual({ [codes[0]!]: 2, [codes[1]!]: 1, [codes[2]!]: 1 });
      const theirs = events.filter((event) => event.channel === userChannel(other.id));
      expect(theirs.map((event) => event.links.map((link) => link.code))).toEqual([[otherCode]]);
    } finally {
      unsubscribe();
    }
  });
  it('list an owner’s most clicked links and say there are more, in one event, when more were clicked than an event holds', async () => {
    const owner = await createSignedInUser(test);
    const count = LINKS_CLICKED_CHUNK + 10;
    const codes: string[] = [];
    for (let i = 0; i < count; i++) codes.push((await shorten({ url: `https://example.com/many/${i}` }, { cookie: owner.cookie })).json().code as string);
    const events: { links: { code: string; clicks: number }[]; more?: boolean }[] = [];
    const unsubscribe = test.app.zerri.realtime.subscribe([userChannel(owner.id)], (event) => {
      if (event.type === 'links.clicked') events.push(event.data as (typeof events)[number]);
    });
    try {
      await flush();
      // The first three links clicked three times, the rest once.
      for (const [i, code] of codes.entries()) for (let n = 0; n < (i < 3 ? 3 : 1); n++) expect((await visit(code)).statusCode).toBe(302);
      await flush();
      await waitFor('the owner told', () => events.length >= 1);
      await afterEarlierEvents(owner.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.more).toBe(true);
      expect(events[0]!.links).toHaveLength(LINKS_CLICKED_CHUNK);
      expect(events[0]!.links.slice(0, 3).map((link) => [link.code, link.clicks]).sort()).toEqual(codes.slice(0, 3).map((code) => [code, 3]).sort());
      expect(events[0]!.links.slice(3).every((link) => link.clicks === 1 && codes.includes(link.code))).toBe(true);
    } finally {
      unsubscribe();
    }
  });
});
