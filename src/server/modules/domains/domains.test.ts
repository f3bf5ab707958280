import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationRecordName } from '#shared/domains.ts';
import type { Domain } from '#shared/domains-api.ts';
import { startDnsPeer, type DnsPeer } from '../../test/dns-peer.ts';
import { createSignedInUser, createTestApp, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { visitHost } from '../../test/host-visit.ts';
import { createProduct } from '../profiles/test-fixtures.ts';
import { checkDueDomains, domainsDeps } from './service.ts';

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

const visit = (host: string, path: string) => visitHost(base, host, path);

const add = (cookie: string, hostname: string, purpose: 'storefront' | 'links' = 'storefront') =>
  request(test.app, { method: 'POST', url: '/api/domains', cookie, payload: { hostname, purpose } });
const check = (cookie: string, id: string) => request(test.app, { method: 'POST', url: `/api/domains/${id}/verify`, cookie });
const allowed = (domain: string) => request(test.app, { method: 'GET', url: `/api/domains/allowed?domain=${encodeURIComponent(domain)}` });

/** Sets the records that verify a domain at the test DNS server. */
function publishRecords(domain: Domain) {
  dns.set(domain.txtName, { txt: [domain.txtValue] });
  dns.set(domain.hostname, { cname: `${domain.cnameTarget}.` });
}

describe('adding a domain', () => {
  it('takes a domain name in any form, once per account, within the plan', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });

    const created = await add(owner.cookie, 'HTTPS://Shop.Example.com/store?x=1');
    expect(created.statusCode).toBe(201);
    const domain = created.json() as Domain;
    expect(domain).toMatchObject({ hostname: 'shop.example.com', purpose: 'storefront', state: 'pending', problem: null, txtName: '_zerri.shop.example.com', cnameTarget: 'zerri.test' });
    expect(domain.txtValue).toMatch(/^zerri-verify=[0-9a-f]{32}$/);

    for (const bad of ['', 'localhost', '127.0.0.1', 'no spaces.com', '-bad.example.com']) {
      const refused = await add(owner.cookie, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.message).toBe('Enter a domain name such as shop.example.com.');
    }
    // Once per account; another account's unverified claim holds nothing (see "claims of one host name").
    expect((await add(owner.cookie, 'Shop.Example.com')).json().error.code).toBe('domain_taken');
    expect((await add(other.cookie, 'shop.example.com')).statusCode).toBe(201);
    expect((await add(other.cookie, 'zerri.test')).json().error.code).toBe('domain_own_host');
    expect((await add(other.cookie, 'evil.zerri.test')).json().error.code).toBe('domain_own_host');

    // Free: one domain.
    const over = await add(owner.cookie, 'go.example.com', 'links');
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({ code: 'domain_limit_reached', params: { max: 1 } });
    await test.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [owner.id]);
    expect((await add(owner.cookie, 'go.example.com', 'links')).statusCode).toBe(201);
    const list = await request(test.app, { method: 'GET', url: '/api/domains', cookie: owner.cookie });
    expect(list.json()).toMatchObject({ limit: 3, items: [{ hostname: 'shop.example.com' }, { hostname: 'go.example.com' }] });
  });

  it('keeps each account to its own domains', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const domain = (await add(owner.cookie, 'mine.example.org')).json() as Domain;

    expect((await request(test.app, { method: 'GET', url: '/api/domains', cookie: stranger.cookie })).json().items).toEqual([]);
    expect((await check(stranger.cookie, domain.id)).statusCode).toBe(404);
    expect((await request(test.app, { method: 'DELETE', url: `/api/domains/${domain.id}`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: '/api/domains' })).statusCode).toBe(401);
    expect((await add('', 'signed-out.example.org')).statusCode).toBe(401);

    expect((await request(test.app, { method: 'DELETE', url: `/api/domains/${domain.id}`, cookie: owner.cookie })).statusCode).toBe(204);
    expect((await request(test.app, { method: 'GET', url: '/api/domains', cookie: owner.cookie })).json().items).toEqual([]);
  });
});

describe('verification through DNS', () => {
  it('needs the TXT record with its token and the domain pointing here; a record removed later suspends it', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const domain = (await add(owner.cookie, 'verify.example.net')).json() as Domain;

    expect((await check(owner.cookie, domain.id)).json()).toMatchObject({ state: 'pending', problem: 'txt_missing' });
    dns.set(domain.txtName, { txt: ['zerri-verify=somebody-elses-token'] });
    expect((await check(owner.cookie, domain.id)).json()).toMatchObject({ state: 'pending', problem: 'txt_wrong' });
    dns.set(domain.txtName, { txt: ['v=spf1 -all', domain.txtValue] });
    expect((await check(owner.cookie, domain.id)).json()).toMatchObject({ state: 'pending', problem: 'not_pointing' });
    dns.set(domain.hostname, { cname: 'elsewhere.example.' });
    expect((await check(owner.cookie, domain.id)).json()).toMatchObject({ state: 'pending', problem: 'not_pointing' });
    expect((await allowed('verify.example.net')).statusCode).toBe(404);

    dns.set(domain.hostname, { cname: 'zerri.test.' });
    const verified = (await check(owner.cookie, domain.id)).json() as Domain;
    expect(verified).toMatchObject({ state: 'verified', problem: null });
    expect(verified.verifiedAt).not.toBeNull();
    // Caddy's ask: yes for this domain only.
    expect((await allowed('Verify.Example.NET')).statusCode).toBe(200);
    expect((await allowed('other.example.net')).statusCode).toBe(404);

    // The owner removes the TXT record; the next background check suspends the domain.
    dns.set(verificationRecordName(domain.hostname), undefined);
    await test.database.pool.query(`UPDATE domains SET checked_at = now() - interval '2 hours' WHERE id = $1`, [domain.id]);
    await checkDueDomains(domainsDeps(test.app.zerri));
    const [suspended] = (await request(test.app, { method: 'GET', url: '/api/domains', cookie: owner.cookie })).json().items as Domain[];
    expect(suspended).toMatchObject({ state: 'suspended', problem: 'txt_missing' });
    expect((await allowed('verify.example.net')).statusCode).toBe(404);
  });

  it('gives a pending domain up after its week, and "Check now" gives it another', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const domain = (await add(owner.cookie, 'late.example.net')).json() as Domain;
    await test.database.pool.query(`UPDATE domains SET check_until = now() - interval '1 minute' WHERE id = $1`, [domain.id]);
    await checkDueDomains(domainsDeps(test.app.zerri));
    const [failed] = (await request(test.app, { method: 'GET', url: '/api/domains', cookie: owner.cookie })).json().items as Domain[];
    expect(failed).toMatchObject({ state: 'failed', problem: 'txt_missing' });

    const retried = (await check(owner.cookie, domain.id)).json() as Domain;
    expect(retried.state).toBe('pending');
    expect(new Date(retried.checkUntil).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    publishRecords(domain);
    expect((await check(owner.cookie, domain.id)).json().state).toBe('verified');
  });

  it('answers dns_error when the DNS server cannot be reached', async () => {
    const offline = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' });
    try {
      const owner = await createSignedInUser(offline, { role: 'creator' });
      const created = await request(offline.app, { method: 'POST', url: '/api/domains', cookie: owner.cookie, payload: { hostname: 'down.example.net', purpose: 'links' } });
      const checked = await request(offline.app, { method: 'POST', url: `/api/domains/${created.json().id}/verify`, cookie: owner.cookie });
      expect(checked.json()).toMatchObject({ state: 'pending', problem: 'dns_error' });
    } finally {
      await offline.close();
    }
  });
});

describe('requests by Host', () => {
  it('a links domain redirects the codes on it only; unknown hosts get a plain 404', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const create = (cookie: string, payload: object) => request(test.app, { method: 'POST', url: '/api/links', cookie, payload });
    const onMainHost = (await create(owner.cookie, { url: 'https://example.com/main-host' })).json().code as string;
    const theirs = (await create(stranger.cookie, { url: 'https://example.com/theirs' })).json().code as string;
    const domain = (await add(owner.cookie, 'go.example.io', 'links')).json() as Domain;

    // Before verification the host is unknown, and no link can be made on it.
    expect(await visit('go.example.io', `/${onMainHost}`)).toMatchObject({ status: 404, text: 'Not found' });
    expect((await create(owner.cookie, { url: 'https://example.com/mine', domain: 'go.example.io' })).json().error.code).toBe('link_domain_unavailable');
    publishRecords(domain);
    await check(owner.cookie, domain.id);
    const mine = (await create(owner.cookie, { url: 'https://example.com/mine', domain: 'go.example.io' })).json().code as string;
    const redirected = await waitFor('the verified domain to be served', async () => {
      const answer = await visit('go.example.io', `/${mine}`);
      return answer.status === 302 && answer;
    });
    expect(redirected.location).toBe('https://example.com/mine');
    // Twice: the second answer comes from the redirect cache's fast path, keyed by the domain too.
    expect((await visit('GO.example.io:443', `/${mine}`)).location).toBe('https://example.com/mine');
    // Another creator's code, and the owner's own code on the main host: not on this domain.
    for (const code of [theirs, theirs, onMainHost, onMainHost]) expect(await visit('go.example.io', `/${code}`)).toMatchObject({ status: 404, text: 'Not found' });
    expect(await visit('go.example.io', '/')).toMatchObject({ status: 404, text: 'Not found' });
    expect(await visit('go.example.io', '/api/site')).toMatchObject({ status: 404, text: 'Not found' });
    // The main host serves its own codes, not the domain's.
    expect((await visit('zerri.test', `/z/${theirs}`)).location).toBe('https://example.com/theirs');
    expect((await visit('zerri.test', `/z/${onMainHost}`)).location).toBe('https://example.com/main-host');
    expect((await visit('zerri.test', `/z/${mine}`)).status).toBe(404);

    expect(await visit('unknown.example.com', '/')).toMatchObject({ status: 404, type: 'text/plain; charset=utf-8', text: 'Not found' });
    expect(await visit('unknown.example.com', `/z/${mine}`)).toMatchObject({ status: 404, text: 'Not found' });
    expect((await visit('unknown.example.com', '/healthz')).status).toBe(200);

    // A domain with links is kept; with them moved to the main host it can be removed, and is no longer served.
    const remove = () => request(test.app, { method: 'DELETE', url: `/api/domains/${domain.id}`, cookie: owner.cookie });
    expect((await remove()).json().error).toMatchObject({ code: 'domain_has_links', params: { count: 1 } });
    await request(test.app, { method: 'PATCH', url: `/api/links/${mine}?domain=go.example.io`, cookie: owner.cookie, payload: { domain: null } });
    expect((await remove()).statusCode).toBe(204);
    expect((await allowed('go.example.io')).statusCode).toBe(404);
    expect(await visit('go.example.io', `/${mine}`)).toMatchObject({ status: 404, text: 'Not found' });
    expect((await visit('zerri.test', `/z/${mine}`)).location).toBe('https://example.com/mine');
  });

  it('a storefront domain serves its owner’s store and products, and sends the rest to the main host', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const slugOf = async (id: string) =>
      (await test.database.pool.query<{ slug: string }>(`SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1`, [id])).rows[0]!.slug;
    const [slug, strangerSlug] = [await slugOf(owner.id), await slugOf(stranger.id)];
    const own = await createProduct(test, owner.id);
    const foreign = await createProduct(test, stranger.id);
    const domain = (await add(owner.cookie, 'shop.example.io')).json() as Domain;
    publishRecords(domain);
    await check(owner.cookie, domain.id);

    const home = await waitFor('the storefront domain to be served', async () => {
      const answer = await visit('shop.example.io', '/');
      return answer.status === 302 && answer;
    });
    expect(home.location).toBe(`/store/${slug}`);
    // The creator's own pages pass on to the app (no web build in API tests: the API's 404, not the host's).
    for (const path of [`/store/${slug}`, `/store/product/${own.id}`, `/store/product/${own.slug}`, '/cart', '/checkout', `/embed/product/${own.id}`, `/embed/product/${own.slug}`, '/embed.js']) {
      const answer = await visit('shop.example.io', path);
      expect(answer.text, path).not.toBe('Not found');
      expect(answer.status, path).not.toBe(302);
    }
    expect((await visit('shop.example.io', `/api/products/${own.id}`)).status).toBe(200);
    for (const address of [foreign.id, foreign.slug]) {
      expect(await visit('shop.example.io', `/store/product/${address}`)).toMatchObject({ status: 404, text: 'Not found' });
      expect(await visit('shop.example.io', `/embed/product/${address}`)).toMatchObject({ status: 404, text: 'Not found' });
    }
    expect(await visit('shop.example.io', `/store/${strangerSlug}`)).toMatchObject({ status: 302, location: `http://zerri.test/store/${strangerSlug}` });
    // A body-less redirect's own policy, as a short link's (ctx.redirectHeaders).
    expect(await visit('shop.example.io', '/dashboard')).toMatchObject({ status: 302, location: 'http://zerri.test/dashboard', policy: "default-src 'none'; frame-ancestors 'none'" });

    // The creator's page names the storefront domain as its canonical URL, from either host; a
    // creator without a domain keeps the main host.
    await request(test.app, { method: 'PUT', url: '/api/creator-page', cookie: owner.cookie, payload: { theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'p', type: 'products', productIds: [own.id] }] } });
    for (const host of ['zerri.test', 'shop.example.io']) {
      const page = await visit(host, `/@${slug}`);
      expect(page.text).toContain(`<link rel="canonical" href="http://shop.example.io/@${slug}">`);
      expect(page.text).toContain(`<meta property="og:url" content="http://shop.example.io/@${slug}">`);
    }
    // A product block opens on the host the page was opened on, whose checkout reads the remembered click.
    expect((await visit('shop.example.io', `/@${slug}/go/p?i=0`)).location).toBe(`/store/product/${own.id}`);
    expect((await visit('zerri.test', `/@${strangerSlug}`)).text).toContain(`<link rel="canonical" href="http://zerri.test/@${strangerSlug}">`);
  });
});
