import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseDestination, type CachedLink } from './redirect-cache.ts';
import { CountryLookup, clientAddress } from './geo.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

// Settings on create, targeting (iOS, Android, country), countries and OS in analytics, UTM and
// tags (the ZerriLink issue's link features).

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
// Two well-known addresses and the countries the shipped GeoLite2 database gives them (checked once
// by hand, not by the code under test): Google Public DNS in the United States, RIPE NCC's web
// server in the Netherlands; and a documentation address no country has.
const US_ADDRESS = '8.8.8.8';
const NL_ADDRESS = '193.0.6.139';
const NO_COUNTRY_ADDRESS = '203.0.113.9';

let test: TestApp;
let base: string;
beforeAll(async () => {
  // Behind a proxy (TRUST_PROXY), so each request names its client with X-Forwarded-For.
  test = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000', TRUST_PROXY: 'true' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const create = (payload: Record<string, unknown>, cookie?: string, headers?: Record<string, string>) =>
  request(test.app, { method: 'POST', url: '/api/links', cookie, payload, headers });
const edit = (code: string, payload: Record<string, unknown>, cookie: string) => request(test.app, { method: 'PATCH', url: `/api/links/${code}`, cookie, payload });
/** A visit over real HTTP (the first one through the router, the next ones through the raw fast path). */
const visit = (code: string, userAgent = DESKTOP, ip = NO_COUNTRY_ADDRESS) =>
  fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });
const locationOf = async (code: string, userAgent?: string, ip?: string) => (await visit(code, userAgent, ip)).headers.get('location');
const flush = () => test.app.zerri.buffers.flushAll();

describe('the country database', () => {
  it('places two well-known addresses in their countries, and not a documentation address', async () => {
    const lookup = new CountryLookup();
    expect(lookup.country(US_ADDRESS)).toBeUndefined(); // not read yet
    await lookup.whenReady();
    expect(lookup.country(US_ADDRESS)).toBe('US');
    expect(lookup.country(NL_ADDRESS)).toBe('NL');
    expect(lookup.country(`::ffff:${NL_ADDRESS}`)).toBe('NL');
    expect(lookup.country(NO_COUNTRY_ADDRESS)).toBe('--');
    expect(lookup.country('not an address')).toBe('--');
  });

  it('takes the client address from X-Forwarded-For only behind a trusted proxy', () => {
    expect(clientAddress(`${US_ADDRESS}, 10.0.0.1`, '127.0.0.1', true)).toBe(US_ADDRESS);
    expect(clientAddress(`${US_ADDRESS}, 10.0.0.1`, '127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientAddress(undefined, '127.0.0.1', true)).toBe('127.0.0.1');
  });
});

describe('choosing a destination', () => {
  const destination = (url: string) => ({ url, host: new URL(url).hostname, redirectHeaders: [] });
  const plain: CachedLink = { id: 1, code: 'plain', domainId: null, userId: null, ...destination('https://example.com/'), targets: undefined, guard: undefined, preview: undefined };
  it('asks nothing of a link without targeting', () => {
    let asked = false;
    expect(chooseDestination(plain, IPHONE, () => ((asked = true), 'US'))).toBe(plain);
    expect(asked).toBe(false);
  });
  it('tries iOS, then Android, then the country, else the default; waits while the database loads', () => {
    const ios = destination('https://apps.apple.com/');
    const android = destination('https://play.google.com/');
    const us = destination('https://example.com/us');
    const link: CachedLink = { ...plain, targets: { ios, android, countries: new Map([['US', us]]) } };
    expect(chooseDestination(link, IPHONE, () => 'US')).toBe(ios);
    expect(chooseDestination(link, ANDROID, () => 'US')).toBe(android);
    expect(chooseDestination(link, DESKTOP, () => 'US')).toBe(us);
    expect(chooseDestination(link, DESKTOP, () => 'NL')).toBe(link);
    expect(chooseDestination(link, DESKTOP, () => undefined)).toBeUndefined();
    const iosOnly: CachedLink = { ...link, targets: { ios, android: undefined, countries: undefined } };
    expect(chooseDestination(iosOnly, ANDROID, () => undefined)).toBe(iosOnly);
  });
});

describe('settings on create', () => {
  it('sets code, password, expiry, targeting, UTM and tags in one POST with an API key', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = $1`, [owner.id]);
    const { key } = (await request(test.app, { method: 'POST', url: '/api/api-keys', cookie: owner.cookie, payload: { name: 'script' } })).json();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await create(
      {
        url: 'https://example.com/launch?ref=1',
        code: 'launch-all',
        password: 'open sesame',
        expiresAt,
        maxClicks: 100,
        expiredUrl: 'https://example.com/over',
        iosUrl: 'https://apps.apple.com/app/zerri',
        androidUrl: 'https://play.google.com/store/apps/zerri',
        countryUrls: [{ country: 'nl', url: 'https://example.nl/' }],
        utm: { source: 'newsletter', medium: 'email', campaign: 'launch', term: '', content: null },
        tags: ['Launch', 'launch', ' Email '],
      },
      undefined,
      { authorization: `Bearer ${key}` },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'launch-all',
      hasPassword: true,
      expiresAt,
      maxClicks: 100,
      expiredUrl: 'https://example.com/over',
      iosUrl: 'https://apps.apple.com/app/zerri',
      androidUrl: 'https://play.google.com/store/apps/zerri',
      countryUrls: [{ country: 'NL', url: 'https://example.nl/' }],
      utm: { source: 'newsletter', medium: 'email', campaign: 'launch', term: null, content: null },
      tags: [
        { name: 'Email', color: 'gray' },
        { name: 'Launch', color: 'gray' },
      ],
    });
    // The password is asked before any destination.
    expect((await visit('launch-all', IPHONE)).status).toBe(404);
    const unlocked = await request(test.app, { method: 'POST', url: '/api/links/launch-all/unlock', payload: { password: 'open sesame' }, headers: { 'user-agent': IPHONE } });
    expect(unlocked.json()).toEqual({ url: 'https://apps.apple.com/app/zerri?utm_source=newsletter&utm_medium=email&utm_campaign=launch' });
  });

  it('checks every destination as the main one, and each setting as an edit does; nothing is made', async () => {
    const owner = await createSignedInUser(test);
    const admin = await createSignedInUser(test, { role: 'admin' });
    expect((await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: 'bad-target.example' } })).statusCode).toBe(201);
    const refusals: [Record<string, unknown>, string][] = [
      [{ iosUrl: 'https://bad-target.example/app' }, 'domain_blocked'],
      [{ androidUrl: 'javascript:alert(1)' }, 'url_scheme'],
      [{ countryUrls: [{ country: 'DE', url: 'https://sub.bad-target.example/' }] }, 'domain_blocked'],
      [{ countryUrls: [{ country: 'Germany', url: 'https://example.de/' }] }, 'country_invalid'],
      [{ countryUrls: [{ country: 'DE', url: 'https://example.de/' }, { country: 'de', url: 'https://example.de/2' }] }, 'country_repeated'],
      [{ iosUrl: `${base.replace('127.0.0.1', 'localhost')}/z/abc` }, 'link_loop'],
      [{ utm: { source: 'x'.repeat(201) } }, 'utm_too_long'],
      [{ password: 'abc' }, 'password_length'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expires_past'],
      [{ maxClicks: 0 }, 'max_clicks_invalid'],
      [{ tags: Array.from({ length: 11 }, (_, index) => `t${index}`) }, 'tags_too_many'],
    ];
    for (const [settings, code] of refusals) {
      const refused = await create({ url: 'https://example.com/', code: 'never-made', ...settings }, owner.cookie, { host: new URL(base).host.replace('127.0.0.1', 'localhost') });
      expect(refused.statusCode, JSON.stringify(settings)).toBe(400);
      expect(refused.json().error.code, JSON.stringify(settings)).toBe(code);
    }
    expect((await request(test.app, { method: 'GET', url: '/api/links/never-made' })).statusCode).toBe(404);
    // Tags belong to an account.
    expect((await create({ url: 'https://example.com/', tags: ['mine'] })).statusCode).toBe(401);
  });

  it('describes the settings in the OpenAPI document', async () => {
    const document = (await request(test.app, { method: 'GET', url: '/api/docs/openapi.json' })).json();
    const body = document.paths['/api/links'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['url', 'code', 'password', 'expiresAt', 'maxClicks', 'expiredUrl', 'iosUrl', 'androidUrl', 'countryUrls', 'utm', 'tags']),
    );
    expect(body.properties.countryUrls.description).toContain('first match wins');
  });
});

describe('targeting', () => {
  it('sends iPhone and Android visitors, then visitors of two countries, to their destinations, else the default', async () => {
    const owner = await createSignedInUser(test);
    const created = await create(
      {
        url: 'https://example.com/default',
        iosUrl: 'https://example.com/ios',
        androidUrl: 'https://example.com/android',
        countryUrls: [
          { country: 'US', url: 'https://example.com/us' },
          { country: 'NL', url: 'https://example.com/nl' },
        ],
      },
      owner.cookie,
    );
    const { code } = created.json();
    // Twice each: the first visit goes through the router, the second through the cached fast path.
    for (let round = 0; round < 2; round++) {
      expect(await locationOf(code, IPHONE, US_ADDRESS)).toBe('https://example.com/ios');
      expect(await locationOf(code, ANDROID, NL_ADDRESS)).toBe('https://example.com/android');
      expect(await locationOf(code, DESKTOP, US_ADDRESS)).toBe('https://example.com/us');
      expect(await locationOf(code, DESKTOP, NL_ADDRESS)).toBe('https://example.com/nl');
      expect(await locationOf(code, DESKTOP, NO_COUNTRY_ADDRESS)).toBe('https://example.com/default');
    }
    // An edit takes the rules away at once; the link is plain again.
    await edit(code, { iosUrl: null, androidUrl: null, countryUrls: null }, owner.cookie);
    expect(await locationOf(code, IPHONE, US_ADDRESS)).toBe('https://example.com/default');
  });

  it('a destination blocked after the link was made is not followed', async () => {
    const owner = await createSignedInUser(test);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const { code } = (await create({ url: 'https://example.com/', iosUrl: 'https://later-bad.example/app' }, owner.cookie)).json();
    expect(await locationOf(code, IPHONE)).toBe('https://later-bad.example/app');
    await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: 'later-bad.example' } });
    expect((await visit(code, IPHONE)).status).toBe(404);
    expect(await locationOf(code, DESKTOP)).toBe('https://example.com/');
  });
});

describe('UTM', () => {
  it('adds the parameters to the destination on redirect, replacing ones of the same name, and edit shows them', async () => {
    const owner = await createSignedInUser(test);
    const { code } = (await create({ url: 'https://example.com/p?utm_source=old&x=1#top', utm: { source: 'zerri', campaign: 'spring sale' } }, owner.cookie)).json();
    expect(await locationOf(code)).toBe('https://example.com/p?utm_source=zerri&x=1&utm_campaign=spring+sale#top');
    const changed = await edit(code, { utm: { source: 'zerri', medium: 'social' } }, owner.cookie);
    expect(changed.json().utm).toEqual({ source: 'zerri', medium: 'social', campaign: null, term: null, content: null });
    expect(await locationOf(code)).toBe('https://example.com/p?utm_source=zerri&x=1&utm_medium=social#top');
    await edit(code, { utm: null }, owner.cookie);
    expect(await locationOf(code)).toBe('https://example.com/p?utm_source=old&x=1#top');
  });
});

describe('analytics', () => {
  it('counts clicks by country and OS, over 7, 30, 90 days or a custom range, and exports them as CSV', async () => {
    const owner = await createSignedInUser(test);
    const { code } = (await create({ url: 'https://example.com/stats' }, owner.cookie)).json();
    await locationOf(code, IPHONE, US_ADDRESS);
    await locationOf(code, DESKTOP, US_ADDRESS);
    await locationOf(code, ANDROID, NL_ADDRESS);
    await locationOf(code, DESKTOP, NO_COUNTRY_ADDRESS);
    await flush();
    const stats = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats`, cookie: owner.cookie });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().countries).toEqual([
      { value: 'US', clicks: 2 },
      { value: '--', clicks: 1 },
      { value: 'NL', clicks: 1 },
    ]);
    expect(stats.json().os).toEqual([
      { value: 'Windows', clicks: 2 },
      { value: 'Android', clicks: 1 },
      { value: 'iOS', clicks: 1 },
    ]);
    expect(stats.json().daily).toHaveLength(30);
    for (const days of [7, 90]) {
      const ranged = (await request(test.app, { method: 'GET', url: `/api/links/${code}/stats?days=${days}`, cookie: owner.cookie })).json();
      expect(ranged.daily).toHaveLength(days);
      expect(ranged.daily.at(-1).clicks).toBe(4);
    }
    const today = new Date().toISOString().slice(0, 10);
    const custom = (await request(test.app, { method: 'GET', url: `/api/links/${code}/stats?from=2026-01-01&to=2026-01-03`, cookie: owner.cookie })).json();
    expect(custom).toMatchObject({ from: '2026-01-01', to: '2026-01-03', countries: [] });
    expect(custom.daily).toHaveLength(3);
    const backwards = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats?from=${today}&to=2026-01-01`, cookie: owner.cookie });
    expect(backwards.json().error.code).toBe('stats_range_invalid');

    const csv = await request(test.app, { method: 'GET', url: `/api/links/${code}/stats.csv?days=7`, cookie: owner.cookie });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`zerrilink-${code}-`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('day,kind,value,clicks');
    expect(lines).toEqual(expect.arrayContaining([`${today},country,US,2`, `${today},country,NL,1`, `${today},os,iOS,1`, `${today},total,,4`]));
    const stranger = await createSignedInUser(test);
    expect((await request(test.app, { method: 'GET', url: `/api/links/${code}/stats.csv`, cookie: stranger.cookie })).statusCode).toBe(404);
  });
});

describe('tags', () => {
  it('a user makes coloured tags, attaches several to a link, and filters and searches the list by tag', async () => {
    const owner = await createSignedInUser(test);
    const made = await request(test.app, { method: 'POST', url: '/api/link-tags', cookie: owner.cookie, payload: { name: 'Spring', color: 'green' } });
    expect(made.statusCode, made.body).toBe(201);
    const spring = made.json();
    expect((await request(test.app, { method: 'POST', url: '/api/link-tags', cookie: owner.cookie, payload: { name: 'SPRING', color: 'red' } })).json().error.code).toBe('tag_taken');
    expect((await request(test.app, { method: 'POST', url: '/api/link-tags', cookie: owner.cookie, payload: { name: 'x', color: 'chartreuse' } })).json().error.code).toBe('tag_color');

    const a = (await create({ url: 'https://example.com/a', tags: ['spring', 'Promo'] }, owner.cookie)).json();
    const b = (await create({ url: 'https://example.com/b', tags: ['Promo'] }, owner.cookie)).json();
    await create({ url: 'https://example.com/c' }, owner.cookie);
    expect(a.tags).toEqual([
      { id: expect.any(Number), name: 'Promo', color: 'gray' },
      { id: spring.id, name: 'Spring', color: 'green' },
    ]);
    const list = async (query: string, cookie = owner.cookie) =>
      ((await request(test.app, { method: 'GET', url: `/api/links?${query}`, cookie })).json() as { items: { code: string }[] }).items.map((link) => link.code);
    expect(await list(`tag=${spring.id}`)).toEqual([a.code]);
    expect(await list('q=promo')).toEqual([b.code, a.code]);
    const stranger = await createSignedInUser(test);
    expect(await list(`tag=${spring.id}`, stranger.cookie)).toEqual([]);

    // Recolour, rename, detach through an edit, delete.
    const recoloured = await request(test.app, { method: 'PATCH', url: `/api/link-tags/${spring.id}`, cookie: owner.cookie, payload: { color: 'purple' } });
    expect(recoloured.json()).toEqual({ id: spring.id, name: 'Spring', color: 'purple' });
    expect((await request(test.app, { method: 'PATCH', url: `/api/link-tags/${spring.id}`, cookie: stranger.cookie, payload: { color: 'red' } })).statusCode).toBe(404);
    expect((await edit(a.code, { tags: ['Promo'] }, owner.cookie)).json().tags.map((tag: { name: string }) => tag.name)).toEqual(['Promo']);
    expect(await list(`tag=${spring.id}`)).toEqual([]);
    expect((await request(test.app, { method: 'DELETE', url: `/api/link-tags/${spring.id}`, cookie: owner.cookie })).statusCode).toBe(204);
    const tags = (await request(test.app, { method: 'GET', url: '/api/link-tags', cookie: owner.cookie })).json();
    expect(tags.items.map((tag: { name: string }) => tag.name)).toEqual(['Promo']);
  });
});

describe('the link.updated webhook', () => {
  it('is queued when a link is edited, with the link as its owner sees it', async () => {
    const owner = await createSignedInUser(test);
    const added = await request(test.app, { method: 'POST', url: '/api/webhooks', cookie: owner.cookie, payload: { url: 'https://hooks.example.com/in', events: ['link.updated'] } });
    expect(added.statusCode, added.body).toBe(201);
    const { code } = (await create({ url: 'https://example.com/hooked' }, owner.cookie)).json();
    await edit(code, { url: 'https://example.com/hooked-2', tags: ['Hooked'] }, owner.cookie);
    const { rows } = await test.database.pool.query(
      `SELECT d.event, d.payload FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = $1`,
      [owner.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'link.updated', payload: { type: 'link.updated', data: { code, url: 'https://example.com/hooked-2', tags: [{ name: 'Hooked' }] } } });
  });
});
