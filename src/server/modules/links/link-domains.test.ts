import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '#shared/domains-api.ts';
import type { ShortLink } from '#shared/links-api.ts';
import { LINKS_INTERNAL_CHANNEL } from '#shared/links.ts';
import { startDnsPeer, type DnsPeer } from '../../test/dns-peer.ts';
import { createSignedInUser, createTestApp, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { visitHost } from '../../test/host-visit.ts';

// Short-link codes are unique per links domain (issue #25): the main host's /z/<code> and a
// creator's go.example.test/<code> are different links, each served on its own host only.

let dns: DnsPeer;
let test: TestApp;
let base: URL;
beforeAll(async () => {
  dns = await startDnsPeer();
  test = await createTestApp({ DNS_SERVERS: dns.server });
  base = new URL(await test.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await test.close();
  await dns.close();
});

/** What a visitor sees of a visit: the fast path and the checked route may send other headers. */
const visit = async (host: string, path: string) => {
  const { status, location, text } = await visitHost(base, host, path);
  return { status, location, text };
};

/** A domain of the user's, verified through the test DNS server and served by this instance. */
async function verifiedDomain(cookie: string, hostname: string, purpose: 'links' | 'storefront' = 'links') {
  const domain = (await request(test.app, { method: 'POST', url: '/api/domains', cookie, payload: { hostname, purpose } })).json() as Domain;
  dns.set(domain.txtName, { txt: [domain.txtValue] });
  dns.set(domain.hostname, { cname: `${domain.cnameTarget}.` });
  const checked = await request(test.app, { method: 'POST', url: `/api/domains/${domain.id}/verify`, cookie });
  expect(checked.json().state).toBe('verified');
  return domain;
}

async function creator() {
  const user = await createSignedInUser(test, { role: 'creator' });
  await test.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [user.id]);
  return user;
}

const create = (cookie: string, payload: Record<string, unknown>) => request(test.app, { method: 'POST', url: '/api/links', cookie, payload });

/** Visits twice: the first fills the redirect cache, the second is answered from it (the fast path). */
async function visitTwice(host: string, path: string) {
  const first = await visit(host, path);
  const second = await visit(host, path);
  expect(second, `${host}${path} the second time`).toEqual(first);
  return first;
}

/** The links module's `link.removed` notices while `during` runs (what every instance drops). */
async function removedKeys(during: () => Promise<unknown>): Promise<string[]> {
  const keys: string[] = [];
  const unsubscribe = test.app.zerri.realtime.subscribe([LINKS_INTERNAL_CHANNEL], (event) => {
    if (event.type === 'link.removed') keys.push(String(event.data));
  });
  try {
    await during();
    return await waitFor('the notices', () => keys.length > 0 && keys);
  } finally {
    unsubscribe();
  }
}

describe('codes per links domain', () => {
  it('the same code on the main host and on two creators’ domains: three links, each host its own', async () => {
    const owner = await creator();
    const other = await creator();
    await verifiedDomain(owner.cookie, 'go.codes.test');
    await verifiedDomain(other.cookie, 'go.other-codes.test');

    const main = await create(owner.cookie, { url: 'https://example.com/main', code: 'promo' });
    expect(main.statusCode).toBe(201);
    expect(main.json()).toMatchObject({ code: 'promo', domain: null, shortUrl: 'http://zerri.test/z/promo' });
    const onDomain = await create(owner.cookie, { url: 'https://example.com/domain', code: 'promo', domain: 'GO.codes.test' });
    expect(onDomain.statusCode).toBe(201);
    expect(onDomain.json()).toMatchObject({ code: 'promo', domain: 'go.codes.test', shortUrl: 'http://go.codes.test/promo' });
    const others = await create(other.cookie, { url: 'https://example.com/other', code: 'promo', domain: 'go.other-codes.test' });
    expect(others.statusCode).toBe(201);

    // Taken within one domain only.
    const taken = await create(owner.cookie, { url: 'https://example.com/again', code: 'promo', domain: 'go.codes.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'code_taken', params: { code: 'promo' } });
    expect((await create(other.cookie, { url: 'https://example.com/again', code: 'promo' })).statusCode).toBe(409);

    await waitFor('the domains to be served', async () => (await visit('go.other-codes.test', '/promo')).status === 302);
    expect((await visitTwice('zerri.test', '/z/promo')).location).toBe('https://example.com/main');
    expect((await visitTwice('go.codes.test', '/promo')).location).toBe('https://example.com/domain');
    expect((await visitTwice('go.other-codes.test', '/promo')).location).toBe('https://example.com/other');
    // A domain's link is not on the main host, nor a main-host link on a domain.
    const mainOnly = (await create(owner.cookie, { url: 'https://example.com/main-only' })).json() as ShortLink;
    expect(await visitTwice('go.codes.test', `/${mainOnly.code}`)).toMatchObject({ status: 404, text: 'Not found' });
    const domainOnly = (await create(owner.cookie, { url: 'https://example.com/domain-only', domain: 'go.codes.test' })).json() as ShortLink;
    expect(domainOnly.shortUrl).toBe(`http://go.codes.test/${domainOnly.code}`);
    expect((await visitTwice('zerri.test', `/z/${domainOnly.code}`)).status).toBe(404);
    expect((await visitTwice('go.codes.test', `/${domainOnly.code}`)).location).toBe('https://example.com/domain-only');

    // The list shows each link's own short URL; each is addressed by code and domain.
    const items = (await request(test.app, { method: 'GET', url: '/api/links?q=promo', cookie: owner.cookie })).json().items as ShortLink[];
    expect(items.map((item) => item.shortUrl).sort()).toEqual(['http://go.codes.test/promo', 'http://zerri.test/z/promo']);
    const stats = (query: string, cookie = owner.cookie) => request(test.app, { method: 'GET', url: `/api/links/promo/stats${query}`, cookie });
    expect((await stats('')).json()).toMatchObject({ url: 'https://example.com/main', clicks: expect.any(Number) });
    expect((await stats('?domain=go.codes.test')).json()).toMatchObject({ url: 'https://example.com/domain', domain: 'go.codes.test' });
    expect((await stats('?domain=go.codes.test', other.cookie)).statusCode).toBe(404);
    expect((await stats('?domain=nowhere.test')).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: '/api/links/promo?domain=go.other-codes.test' })).json().url).toBe('https://example.com/other');

    // Reserved words shadow pages of the main host only; a domain keeps its probe paths.
    expect((await create(owner.cookie, { url: 'https://example.com/a', code: 'store' })).json().error.code).toBe('code_reserved');
    expect((await create(owner.cookie, { url: 'https://example.com/a', code: 'store', domain: 'go.codes.test' })).statusCode).toBe(201);
    expect((await create(owner.cookie, { url: 'https://example.com/a', code: 'healthz', domain: 'go.codes.test' })).json().error.code).toBe('code_reserved');

    // The dashboard's choice: the verified links domains only.
    expect((await request(test.app, { method: 'GET', url: '/api/link-domains', cookie: owner.cookie })).json()).toEqual({ items: [{ hostname: 'go.codes.test' }] });
  });

  it('refuses a domain that is not the user’s verified links domain', async () => {
    const owner = await creator();
    const stranger = await creator();
    await verifiedDomain(owner.cookie, 'go.foreign.test');
    await verifiedDomain(stranger.cookie, 'shop.foreign.test', 'storefront');
    const pending = (await request(test.app, { method: 'POST', url: '/api/domains', cookie: stranger.cookie, payload: { hostname: 'go.pending.test', purpose: 'links' } })).json() as Domain;

    for (const domain of ['go.foreign.test', 'shop.foreign.test', pending.hostname, 'nowhere.test', 'not a domain']) {
      const refused = await create(stranger.cookie, { url: 'https://example.com/x', code: 'mine', domain });
      expect(refused.statusCode, domain).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'link_domain_unavailable', message: 'Choose one of your verified links domains, or this site.' });
    }
    expect((await create('', { url: 'https://example.com/x', domain: 'go.foreign.test' })).json().error.code).toBe('link_domain_unavailable');

    // Nor can a link of theirs be moved onto it, or the owner's link there be changed or deleted by them.
    const strangers = (await create(stranger.cookie, { url: 'https://example.com/s', code: 'theirs' })).json() as ShortLink;
    const moved = await request(test.app, { method: 'PATCH', url: `/api/links/${strangers.code}`, cookie: stranger.cookie, payload: { domain: 'go.foreign.test' } });
    expect(moved.json().error.code).toBe('link_domain_unavailable');
    await create(owner.cookie, { url: 'https://example.com/o', code: 'owned', domain: 'go.foreign.test' });
    expect((await request(test.app, { method: 'PATCH', url: '/api/links/owned?domain=go.foreign.test', cookie: stranger.cookie, payload: { url: 'https://example.com/evil' } })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'DELETE', url: '/api/links/owned?domain=go.foreign.test', cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await visit('go.foreign.test', '/owned')).location).toBe('https://example.com/o');
  });

  it('an edit moves a code between hosts, and both places drop it from the redirect cache', async () => {
    const owner = await creator();
    const domain = await verifiedDomain(owner.cookie, 'go.moving.test');
    await create(owner.cookie, { url: 'https://example.com/moving', code: 'moving' });
    await create(owner.cookie, { url: 'https://example.com/probe', code: 'probe', domain: 'go.moving.test' });
    await waitFor('the domain to be served', async () => (await visit('go.moving.test', '/probe')).status === 302);
    expect(await visitTwice('go.moving.test', '/moving')).toMatchObject({ status: 404, text: 'Not found' });
    expect((await visitTwice('zerri.test', '/z/moving')).location).toBe('https://example.com/moving');

    const keys = await removedKeys(async () => {
      const moved = await request(test.app, { method: 'PATCH', url: '/api/links/moving', cookie: owner.cookie, payload: { domain: 'go.moving.test' } });
      expect(moved.json()).toMatchObject({ code: 'moving', domain: 'go.moving.test', shortUrl: 'http://go.moving.test/moving' });
    });
    expect(keys.sort()).toEqual([`${domain.id}/moving`, 'moving']);
    expect((await visitTwice('zerri.test', '/z/moving')).status).toBe(404);
    expect((await visitTwice('go.moving.test', '/moving')).location).toBe('https://example.com/moving');

    // Back to the main host, with a new code.
    await request(test.app, { method: 'PATCH', url: '/api/links/moving?domain=go.moving.test', cookie: owner.cookie, payload: { domain: null, code: 'moved-back' } });
    expect(await visitTwice('go.moving.test', '/moving')).toMatchObject({ status: 404, text: 'Not found' });
    expect((await visitTwice('zerri.test', '/z/moved-back')).location).toBe('https://example.com/moving');

    // A move onto a code taken there is refused, and nothing changes.
    await create(owner.cookie, { url: 'https://example.com/there', code: 'moved-back', domain: 'go.moving.test' });
    const clash = await request(test.app, { method: 'PATCH', url: '/api/links/moved-back', cookie: owner.cookie, payload: { domain: 'go.moving.test' } });
    expect(clash.statusCode).toBe(409);
    expect((await visit('zerri.test', '/z/moved-back')).location).toBe('https://example.com/moving');
    expect((await visit('go.moving.test', '/moved-back')).location).toBe('https://example.com/there');

    // Deleting the domain's link drops that one only.
    const dropped = await removedKeys(async () => {
      expect((await request(test.app, { method: 'DELETE', url: '/api/links/moved-back?domain=go.moving.test', cookie: owner.cookie })).statusCode).toBe(204);
    });
    expect(dropped).toEqual([`${domain.id}/moved-back`]);
    expect((await visit('go.moving.test', '/moved-back')).status).toBe(404);
    expect((await visit('zerri.test', '/z/moved-back')).location).toBe('https://example.com/moving');
  });

  it('a password link on a domain has its page on the main host under the domain’s name', async () => {
    const owner = await creator();
    await verifiedDomain(owner.cookie, 'go.locked.test');
    await create(owner.cookie, { url: 'https://example.com/open-main', code: 'locked' });
    await create(owner.cookie, { url: 'https://example.com/secret', code: 'locked', domain: 'go.locked.test', password: 'open sesame' });

    const sent = await waitFor('the domain to be served', async () => {
      const answer = await visit('go.locked.test', '/locked');
      return answer.status === 302 && answer;
    });
    expect(sent.location).toBe('http://zerri.test/z/go.locked.test/locked');
    // The main host's page for it (the app's password screen: the API's 404 in API tests), never the main host's /z/locked.
    expect((await visit('zerri.test', '/z/go.locked.test/locked')).status).toBe(404);
    expect((await visit('zerri.test', '/z/locked')).location).toBe('https://example.com/open-main');
    const details = await request(test.app, { method: 'GET', url: '/api/links/locked?domain=go.locked.test' });
    expect(details.json().error.code).toBe('password_required');
    const unlock = (password: string) => request(test.app, { method: 'POST', url: '/api/links/locked/unlock?domain=go.locked.test', payload: { password } });
    expect((await unlock('wrong one')).json().error.code).toBe('password_wrong');
    expect((await unlock('open sesame')).json()).toEqual({ url: 'https://example.com/secret' });
    // A report names the domain's link too.
    const report = await request(test.app, { method: 'POST', url: '/api/links/locked/report?domain=go.locked.test', payload: { reason: 'spam' } });
    expect(report.statusCode).toBe(201);
    const reported = await test.database.pool.query<{ url: string }>(
      `SELECT s.original_url AS url FROM link_reports r JOIN short_links s ON s.id = r.link_id WHERE r.code = 'locked'`,
    );
    expect(reported.rows.map((row) => row.url)).toEqual(['https://example.com/secret']);
  });

  it('a links domain with links cannot be removed until they are moved or deleted', async () => {
    const owner = await creator();
    const domain = await verifiedDomain(owner.cookie, 'go.removal.test');
    await create(owner.cookie, { url: 'https://example.com/1', code: 'one', domain: 'go.removal.test' });
    await create(owner.cookie, { url: 'https://example.com/2', code: 'two', domain: 'go.removal.test' });
    const remove = () => request(test.app, { method: 'DELETE', url: `/api/domains/${domain.id}`, cookie: owner.cookie });

    const kept = await remove();
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toMatchObject({ code: 'domain_has_links', params: { count: 2 } });
    await request(test.app, { method: 'PATCH', url: '/api/links/one?domain=go.removal.test', cookie: owner.cookie, payload: { domain: null } });
    await request(test.app, { method: 'DELETE', url: '/api/links/two?domain=go.removal.test', cookie: owner.cookie });
    expect((await remove()).statusCode).toBe(204);
    expect((await visit('zerri.test', '/z/one')).location).toBe('https://example.com/1');

    // Deleting the account removes its domains and their links together.
    const leaving = await creator();
    await verifiedDomain(leaving.cookie, 'go.leaving.test');
    await create(leaving.cookie, { url: 'https://example.com/bye', code: 'bye', domain: 'go.leaving.test' });
    await test.database.pool.query('DELETE FROM users WHERE id = $1', [leaving.id]);
    const left = await test.database.pool.query(`SELECT count(*)::int AS n FROM domains WHERE hostname = 'go.leaving.test'`);
    expect(left.rows[0].n).toBe(0);
  });
});
