// Issue #42, holes 4 and 5: claims of one host name by several accounts (the first to verify by DNS
// holds it; a claim proves nothing until then), and the domains served after a plan's downgrade.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_LIMITS } from '#shared/domains.ts';
import type { Domain, Domains } from '#shared/domains-api.ts';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { startDnsPeer, type DnsPeer } from '../../test/dns-peer.ts';
import { createSignedInUser, createTestApp, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { visitHost } from '../../test/host-visit.ts';
import { GOOD_CARD } from '../orders/test-helpers.ts';
import { runPlanCycle } from '../plans/billing.ts';
import { checkDueDomains, domainsDeps } from './service.ts';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const clock = new MovableClock();
let dns: DnsPeer;
let test: TestApp;
let base: URL;
beforeAll(async () => {
  dns = await startDnsPeer();
  test = await createTestApp({ DNS_SERVERS: dns.server }, { clock });
  base = new URL(await test.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await test.close();
  await dns.close();
});

const visit = (host: string, path: string, options: { method?: string; userAgent?: string } = {}) => visitHost(base, host, path, options);

let addresses = 0;
/** Each check from its own client address: "Check now" is limited per address. */
const nextAddress = () => `10.42.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const add = (cookie: string, hostname: string, purpose: 'storefront' | 'links' = 'storefront') =>
  request(test.app, { method: 'POST', url: '/api/domains', cookie, payload: { hostname, purpose } });
const check = (cookie: string, id: string, headers: Record<string, string> = {}) =>
  request(test.app, { method: 'POST', url: `/api/domains/${id}/verify`, cookie, headers, remoteAddress: nextAddress() });
const list = async (cookie: string) => (await request(test.app, { method: 'GET', url: '/api/domains', cookie })).json() as Domains;
const allowed = async (hostname: string) => (await request(test.app, { method: 'GET', url: `/api/domains/allowed?domain=${hostname}` })).statusCode;
const verifiedRows = async (hostname: string) =>
  (await test.database.pool.query<{ user_id: string }>(`SELECT user_id FROM domains WHERE hostname = $1 AND state = 'verified'`, [hostname])).rows;

async function claim(cookie: string, hostname: string, purpose: 'storefront' | 'links' = 'storefront') {
  const answer = await add(cookie, hostname, purpose);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as Domain;
}

/** The records that verify these claims: each one's TXT value (a TXT name may hold several) and the CNAME here. */
function publish(...claims: Domain[]) {
  dns.set(claims[0]!.txtName, { txt: claims.map((domain) => domain.txtValue) });
  dns.set(claims[0]!.hostname, { cname: `${claims[0]!.cnameTarget}.` });
}

describe('claims of one host name', () => {
  it('a pending claim blocks nobody; the account whose DNS is right verifies and holds it; the other’s check then fails', async () => {
    const squatter = await createSignedInUser(test, { role: 'creator' });
    const owner = await createSignedInUser(test, { role: 'creator' });
    const latecomer = await createSignedInUser(test, { role: 'creator' });
    const theirs = await claim(squatter.cookie, 'brand.example.org');
    const mine = await claim(owner.cookie, 'Brand.Example.org');
    expect([theirs.state, mine.state]).toEqual(['pending', 'pending']);
    expect(mine.txtValue).not.toBe(theirs.txtValue);
    expect(await allowed('brand.example.org')).toBe(404);

    // The real owner publishes their own token: the squatter's check finds the wrong value.
    publish(mine);
    expect((await check(squatter.cookie, theirs.id)).json()).toMatchObject({ state: 'pending', problem: 'txt_wrong' });
    // Someone else cannot check (or learn about) the owner's claim; a guest or a bot is not signed in.
    expect((await check(squatter.cookie, mine.id)).statusCode).toBe(404);
    expect((await check('', mine.id)).statusCode).toBe(401);
    expect((await check('', mine.id, { 'user-agent': BOT })).statusCode).toBe(401);
    expect((await request(test.app, { method: 'HEAD', url: `/api/domains/${mine.id}/verify`, cookie: squatter.cookie })).statusCode).toBe(404);

    expect((await check(owner.cookie, mine.id)).json()).toMatchObject({ state: 'verified', problem: null, overPlanLimit: false });
    expect(await verifiedRows('brand.example.org')).toEqual([{ user_id: owner.id }]);
    expect(await allowed('brand.example.org')).toBe(200);
    // The other claim is released at once, with a clear reason; checking it again (even with its token
    // published beside the owner's) does not take the name.
    expect((await list(squatter.cookie)).items).toMatchObject([{ id: theirs.id, state: 'failed', problem: 'verified_elsewhere' }]);
    publish(mine, theirs);
    expect((await check(squatter.cookie, theirs.id)).json()).toMatchObject({ state: 'failed', problem: 'verified_elsewhere' });
    expect(await verifiedRows('brand.example.org')).toEqual([{ user_id: owner.id }]);
    // Once verified, the name is taken for new claims.
    const refused = await add(latecomer.cookie, 'brand.example.org');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('domain_taken');
    // The store served on it is the owner's.
    const slug = (await test.database.pool.query<{ slug: string }>(`SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1`, [owner.id])).rows[0]!.slug;
    const home = await waitFor('the domain to be served', async () => {
      const answer = await visit('brand.example.org', '/');
      return answer.status === 302 && answer;
    });
    expect(home.location).toBe(`/store/${slug}`);

    // When the owner removes it, the name is free again: the other account may verify it.
    expect((await request(test.app, { method: 'DELETE', url: `/api/domains/${mine.id}`, cookie: owner.cookie })).statusCode).toBe(204);
    expect((await check(squatter.cookie, theirs.id)).json()).toMatchObject({ state: 'verified', problem: null });
  });

  it('a claim given up after its week releases nothing it held: the owner claims and verifies, the old claim stays failed', async () => {
    const squatter = await createSignedInUser(test, { role: 'creator' });
    const owner = await createSignedInUser(test, { role: 'creator' });
    const theirs = await claim(squatter.cookie, 'late.example.org', 'links');
    await test.database.pool.query(`UPDATE domains SET check_until = now() - interval '1 minute' WHERE id = $1`, [theirs.id]);
    await checkDueDomains(domainsDeps(test.app.zerri));
    expect((await list(squatter.cookie)).items).toMatchObject([{ id: theirs.id, state: 'failed', problem: 'txt_missing' }]);

    const mine = await claim(owner.cookie, 'late.example.org', 'links');
    publish(mine);
    // The background check verifies it, and releases the failed claim for good.
    await checkDueDomains(domainsDeps(test.app.zerri));
    expect((await list(owner.cookie)).items).toMatchObject([{ id: mine.id, state: 'verified' }]);
    expect((await list(squatter.cookie)).items).toMatchObject([{ id: theirs.id, state: 'failed', problem: 'verified_elsewhere' }]);
    expect((await check(squatter.cookie, theirs.id)).json()).toMatchObject({ state: 'failed', problem: 'verified_elsewhere' });
  });

  it('two claims verifying at the same moment: exactly one wins, the other fails as verified elsewhere', async () => {
    for (let round = 0; round < 4; round++) {
      const hostname = `race-${round}.example.org`;
      const first = await createSignedInUser(test, { role: 'creator' });
      const second = await createSignedInUser(test, { role: 'creator' });
      const a = await claim(first.cookie, hostname);
      const b = await claim(second.cookie, hostname);
      // Both tokens published: both pass DNS, only one may hold the name.
      publish(a, b);
      const answers = (await Promise.all([check(first.cookie, a.id), check(second.cookie, b.id)])).map((answer) => answer.json() as Domain);
      expect(answers.map((answer) => answer.state).sort()).toEqual(['failed', 'verified']);
      expect(answers.find((answer) => answer.state === 'failed')!.problem).toBe('verified_elsewhere');
      const winner = answers.find((answer) => answer.state === 'verified')!.id === a.id ? first : second;
      expect(await verifiedRows(hostname)).toEqual([{ user_id: winner.id }]);
    }
  });
});

describe('a plan downgrade and its domains', () => {
  it('at the period’s end only the new plan’s number is served (the oldest verified); the others are kept and marked; an upgrade serves them again', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const subscribed = await request(test.app, { method: 'POST', url: '/api/my/plan/subscription', cookie: creator.cookie, payload: { plan: 'pro', period: 'monthly', card: GOOD_CARD } });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const hosts = ['one.example.dev', 'two.example.dev', 'three.example.dev'];
    const claims: Domain[] = [];
    for (const host of hosts) {
      const domain = await claim(creator.cookie, host, host === 'three.example.dev' ? 'links' : 'storefront');
      publish(domain);
      expect((await check(creator.cookie, domain.id)).json().state).toBe('verified');
      claims.push(domain);
    }
    const served = async (host: string) => (await visit(host, '/')).status !== 404 || (await allowed(host)) === 200;
    await waitFor('the three domains to be served', async () => (await Promise.all(hosts.map(served))).every(Boolean));

    // Down to Free (a cancel): nothing changes while the paid period lasts.
    const down = await request(test.app, { method: 'POST', url: '/api/my/plan/change', cookie: creator.cookie, payload: { plan: 'free' } });
    expect(down.statusCode, down.body).toBe(200);
    clock.advanceDays(10);
    await runPlanCycle(test.app.zerri as AppContext);
    expect((await list(creator.cookie)).items.map((item) => item.overPlanLimit)).toEqual([false, false, false]);
    for (const host of hosts) expect(await allowed(host)).toBe(200);

    clock.advanceDays(25);
    await runPlanCycle(test.app.zerri as AppContext);
    const after = await list(creator.cookie);
    expect(after.limit).toBe(DOMAIN_LIMITS.free);
    // Every row kept and verified; the two younger ones marked as beyond the plan.
    expect(after.items.map((item) => [item.hostname, item.state, item.overPlanLimit])).toEqual([
      ['one.example.dev', 'verified', false],
      ['two.example.dev', 'verified', true],
      ['three.example.dev', 'verified', true],
    ]);
    await waitFor('the extra domains to stop being served', async () => (await visit('two.example.dev', '/')).status === 404);
    for (const host of ['two.example.dev', 'three.example.dev']) {
      expect(await allowed(host)).toBe(404);
      for (const options of [{}, { userAgent: BOT }, { method: 'HEAD' }]) {
        expect((await visit(host, '/', options)).status, `${host} ${JSON.stringify(options)}`).toBe(404);
        expect((await visit(host, '/abc', options)).status, `${host} ${JSON.stringify(options)}`).toBe(404);
      }
    }
    expect((await visit('two.example.dev', '/')).text).toBe('Not found');
    // The oldest is still the store.
    expect(await allowed('one.example.dev')).toBe(200);
    expect((await visit('one.example.dev', '/')).status).toBe(302);
    // Nobody else can take the kept names meanwhile: they stay verified, the account's.
    const other = await createSignedInUser(test, { role: 'creator' });
    expect((await add(other.cookie, 'two.example.dev')).json().error.code).toBe('domain_taken');

    // Creator Pro again: all three are served again.
    const again = await request(test.app, { method: 'POST', url: '/api/my/plan/subscription', cookie: creator.cookie, payload: { plan: 'pro', period: 'monthly', card: GOOD_CARD } });
    expect(again.statusCode, again.body).toBe(201);
    await waitFor('the kept domains to be served again', async () => (await visit('two.example.dev', '/')).status === 302);
    expect(await allowed('three.example.dev')).toBe(200);
    expect((await list(creator.cookie)).items.map((item) => item.overPlanLimit)).toEqual([false, false, false]);
  });

  it('an admin’s plan change is followed as well', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    await test.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [creator.id]);
    const first = await claim(creator.cookie, 'a.example.dev');
    const second = await claim(creator.cookie, 'b.example.dev');
    for (const domain of [first, second]) {
      publish(domain);
      await check(creator.cookie, domain.id);
    }
    const admin = await createSignedInUser(test, { role: 'admin' });
    const changed = await request(test.app, { method: 'PUT', url: `/api/admin/users/${creator.id}/plan`, cookie: admin.cookie, payload: { plan: 'free' } });
    expect(changed.statusCode, changed.body).toBe(200);
    await waitFor('the younger domain to stop being served', async () => (await visit('b.example.dev', '/')).status === 404);
    expect((await visit('a.example.dev', '/')).status).toBe(302);
    expect((await list(creator.cookie)).items.map((item) => item.overPlanLimit)).toEqual([false, true]);
  });
});
