import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_HEADER, isTeamRoute } from '#shared/teams-routes.ts';
import { TEAM_MESSAGES } from '#shared/teams.ts';
import { createSignedInUser, createTestApp, firstLink, latestMailTo, request, type TestApp } from '../../test/test-app.ts';
import { invoiceBody } from '../invoices/test-helpers.ts';
import { createProduct, createSale } from '../profiles/test-fixtures.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

const as = (person: Person | undefined, options: InjectOptions, store?: string) =>
  request(test.app, { ...options, cookie: person?.cookie, headers: { ...(store ? { [ACCOUNT_HEADER]: store } : {}), ...options.headers } });
const setPlan = (person: Person, plan: string) => test.database.pool.query('UPDATE users SET plan = $1 WHERE id = $2', [plan, person.id]);

async function businessOwner() {
  const owner = await createSignedInUser(test, { role: 'creator', name: 'Olive Owner' });
  await setPlan(owner, 'business');
  return owner;
}

/** The token of the latest invitation mailed to `email` (the link's fragment). */
async function invitationToken(email: string) {
  const mail = await latestMailTo(test.database, email);
  return new URL(firstLink(mail!.text)).hash.slice(1);
}

/** An owner on Business with `member` on their team, through the real invite and accept. */
async function teamOf(member?: Person) {
  const owner = await businessOwner();
  const teammate = member ?? (await createSignedInUser(test, { role: 'creator', name: 'Milo Member' }));
  expect((await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: teammate.email } })).statusCode).toBe(201);
  const accepted = await as(teammate, { method: 'POST', url: '/api/teams/invites/accept', payload: { token: await invitationToken(teammate.email) } });
  expect(accepted.statusCode).toBe(200);
  return { owner, member: teammate };
}

describe('inviting team members', () => {
  it('refuses a Free or Pro owner with a coded error', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    for (const plan of ['free', 'pro']) {
      await setPlan(owner, plan);
      const response = await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'someone@example.com' } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'team_plan_required', message: TEAM_MESSAGES.planRequired });
    }
    expect((await as(owner, { method: 'GET', url: '/api/teams' })).json()).toEqual({ seats: 0, members: [], invites: [] });
    expect((await as(undefined, { method: 'GET', url: '/api/teams' })).statusCode).toBe(401);
  });

  it('mails an accept link (no user text in the subject); only the invited address accepts it, once', async () => {
    const owner = await businessOwner();
    const invitee = await createSignedInUser(test, { role: 'user', name: 'Ivy Invitee' });
    const created = await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: invitee.email.toUpperCase() } });
    expect(created.statusCode).toBe(201);
    expect(created.json().invite).toMatchObject({ email: invitee.email });
    const mail = await latestMailTo(test.database, invitee.email);
    expect(mail!.subject).toBe('You are invited to a team on Zerri');
    expect(mail!.text).toContain('Olive Owner invited you');
    const token = await invitationToken(invitee.email);

    const stranger = await createSignedInUser(test);
    const wrong = await as(stranger, { method: 'POST', url: '/api/teams/invites/accept', payload: { token } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'team_invite_other_email', params: { email: invitee.email } });
    expect((await as(undefined, { method: 'POST', url: '/api/teams/invites/accept', payload: { token } })).statusCode).toBe(401);

    const accepted = await as(invitee, { method: 'POST', url: '/api/teams/invites/accept', payload: { token } });
    expect(accepted.json()).toEqual({ store: { id: owner.id, name: 'Olive Owner' } });
    expect((await as(invitee, { method: 'GET', url: '/api/teams/stores' })).json().items).toEqual([{ id: owner.id, name: 'Olive Owner' }]);
    const team = (await as(owner, { method: 'GET', url: '/api/teams' })).json();
    expect(team).toMatchObject({ seats: 3, invites: [], members: [{ id: invitee.id, name: 'Ivy Invitee', email: invitee.email }] });
    const again = await as(invitee, { method: 'POST', url: '/api/teams/invites/accept', payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('team_invite_invalid');
    // Already a member: no second invitation.
    const twice = await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: invitee.email } });
    expect(twice.json().error.code).toBe('team_already_member');
  });

  it('refuses myself, a second pending invitation to one address and bad addresses', async () => {
    const owner = await businessOwner();
    expect((await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: owner.email } })).json().error.code).toBe('team_cannot_invite_self');
    expect((await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'same@example.com' } })).statusCode).toBe(201);
    const twice = await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'Same@example.com' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('team_already_invited');
    expect((await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'not-an-address' } })).statusCode).toBe(400);
  });

  it('counts members and pending invitations against the 3 seats, also when invitations race', async () => {
    const owner = await businessOwner();
    const emails = Array.from({ length: 6 }, () => `racer-${randomUUID().slice(0, 8)}@example.com`);
    const answers = await Promise.all(emails.map((email) => as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email } })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.json().error)).toEqual(Array(3).fill(expect.objectContaining({ code: 'team_seats_full', params: { seats: 3 } })));
    const { invites } = (await as(owner, { method: 'GET', url: '/api/teams' })).json();
    expect(invites).toHaveLength(3);

    // Revoking frees a seat; a revoked link no longer works.
    const revokedEmail = invites[0].email as string;
    const token = await invitationToken(revokedEmail);
    expect((await as(owner, { method: 'DELETE', url: `/api/teams/invites/${invites[0].id}` })).statusCode).toBe(204);
    expect((await as(owner, { method: 'DELETE', url: `/api/teams/invites/${invites[0].id}` })).statusCode).toBe(404);
    const other = await createSignedInUser(test, { email: revokedEmail });
    expect((await as(other, { method: 'POST', url: '/api/teams/invites/accept', payload: { token } })).json().error.code).toBe('team_invite_invalid');
    expect((await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'fourth@example.com' } })).statusCode).toBe(201);
  });

  it('lets only the owner revoke their invitations and remove their members', async () => {
    const { owner, member } = await teamOf();
    const pending = (await as(owner, { method: 'POST', url: '/api/teams/invites', payload: { email: 'pending@example.com' } })).json().invite;
    const stranger = await businessOwner();
    expect((await as(stranger, { method: 'DELETE', url: `/api/teams/invites/${pending.id}` })).statusCode).toBe(404);
    expect((await as(stranger, { method: 'DELETE', url: `/api/teams/members/${member.id}` })).statusCode).toBe(404);
    // The member cannot manage the owner's team, not even by naming the owner's store.
    const asMember = await as(member, { method: 'DELETE', url: `/api/teams/invites/${pending.id}` }, owner.id);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe('team_route_not_allowed');
    expect((await as(undefined, { method: 'DELETE', url: `/api/teams/members/${member.id}` })).statusCode).toBe(401);
    expect((await as(owner, { method: 'GET', url: '/api/teams' })).json().invites).toHaveLength(1);
  });
});

describe('a member working on the owner’s store', () => {
  it('sees and changes the owner’s products, links, invoices and sales, each change in the audit log under the member’s name', async () => {
    const { owner, member } = await teamOf();
    const product = await createProduct(test, owner.id, { name: 'Owner Sketchbook' });
    await createSale(test, { id: product.id, name: 'Owner Sketchbook', creatorId: owner.id });
    await createProduct(test, member.id, { name: 'Member Own Zine' });

    const products = await as(member, { method: 'GET', url: '/api/my/products' }, owner.id);
    expect(products.json().items.map((item: { name: string }) => item.name)).toEqual(['Owner Sketchbook']);
    // Without the header, the member's own store.
    expect((await as(member, { method: 'GET', url: '/api/my/products' })).json().items.map((item: { name: string }) => item.name)).toEqual(['Member Own Zine']);
    const ownersSales = (await as(member, { method: 'GET', url: '/api/my/sales' }, owner.id)).json().items as { id: string }[];
    expect(ownersSales).toHaveLength(1);
    // The Sales page's reads too (its filters' options, a sale's detail); the refund stays the owner's.
    expect((await as(member, { method: 'GET', url: '/api/my/sales/filters' }, owner.id)).json().products).toEqual([{ id: product.id, name: 'Owner Sketchbook' }]);
    expect((await as(member, { method: 'GET', url: `/api/sales/${ownersSales[0]!.id}` }, owner.id)).statusCode).toBe(200);
    expect((await as(member, { method: 'GET', url: `/api/sales/${ownersSales[0]!.id}` })).statusCode).toBe(404);
    expect((await as(member, { method: 'POST', url: `/api/sales/${ownersSales[0]!.id}/refund`, payload: {} }, owner.id)).statusCode).toBe(403);

    const link = await as(member, { method: 'POST', url: '/api/links', payload: { url: 'https://example.com/team-made' } }, owner.id);
    expect(link.statusCode).toBe(201);
    const code = link.json().code as string;
    const ownersLinks = (await as(owner, { method: 'GET', url: '/api/links' })).json().items.map((item: { code: string }) => item.code);
    expect(ownersLinks).toContain(code);
    const invoice = await as(member, { method: 'POST', url: '/api/invoices', payload: invoiceBody() }, owner.id);
    expect(invoice.statusCode).toBe(201);
    expect((await as(owner, { method: 'GET', url: '/api/invoices' })).json().items.map((item: { id: string }) => item.id)).toEqual([invoice.json().invoice.id]);
    expect((await as(member, { method: 'GET', url: '/api/invoices' })).json().items).toEqual([]);
    expect((await as(member, { method: 'DELETE', url: `/api/products/${product.id}` }, owner.id)).statusCode).toBe(204);
    expect((await as(owner, { method: 'GET', url: '/api/my/products' })).json().items).toEqual([]);

    const activity = (await as(owner, { method: 'GET', url: '/api/teams/activity' })).json().items;
    expect(activity).toEqual([
      expect.objectContaining({ action: 'product.deleted', actorName: 'Milo Member', actorEmail: member.email, target: product.id }),
      expect.objectContaining({ action: 'invoice.created', actorName: 'Milo Member', actorEmail: member.email, target: null }),
      expect.objectContaining({ action: 'link.created', actorName: 'Milo Member', actorEmail: member.email, target: null }),
    ]);
    const { rows } = await test.database.pool.query(`SELECT actor_id, action, target_type, target_id FROM audit_log WHERE target_id = $1 ORDER BY id`, [owner.id]);
    expect(rows).toEqual([
      { actor_id: member.id, action: 'team.link.created', target_type: 'team', target_id: owner.id },
      { actor_id: member.id, action: 'team.invoice.created', target_type: 'team', target_id: owner.id },
      { actor_id: member.id, action: 'team.product.deleted', target_type: 'team', target_id: owner.id },
    ]);
    // The admin's audit log lists them too.
    const admin = await createSignedInUser(test, { role: 'admin' });
    const log = (await as(admin, { method: 'GET', url: '/api/admin/audit-log' })).json();
    expect(JSON.stringify(log)).toContain('team.link.created');
    // Another owner's activity stays theirs.
    const other = await businessOwner();
    expect((await as(other, { method: 'GET', url: '/api/teams/activity' })).json().items).toEqual([]);
  });

  it('refuses a refund, payouts, plan, API keys, domains and the account itself (403)', async () => {
    const { owner, member } = await teamOf();
    const product = await createProduct(test, owner.id);
    const sale = await createSale(test, { id: product.id, name: 'Sold', creatorId: owner.id });
    for (const options of [
      { method: 'POST', url: `/api/sales/${sale}/refund`, payload: { amount: '1' } },
      { method: 'GET', url: '/api/payouts' },
      { method: 'GET', url: '/api/api-keys' },
      { method: 'GET', url: '/api/domains' },
      { method: 'GET', url: '/api/teams' },
      { method: 'GET', url: '/api/profile' },
      // The owner's plan: neither bought, changed, canceled nor read by a member (decision 025).
      { method: 'GET', url: '/api/my/plan' },
      { method: 'GET', url: '/api/my/plan/invoices' },
      { method: 'GET', url: '/api/my/plan/invoices/pin_aaaaaaaaaaaaaaaaaaaaaaaa/pdf' },
      { method: 'POST', url: '/api/my/plan/subscription', payload: { plan: 'business', period: 'yearly', card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } },
      { method: 'POST', url: '/api/my/plan/change', payload: { plan: 'free' } },
      { method: 'POST', url: '/api/my/plan/cancel' },
      { method: 'POST', url: '/api/my/plan/resume' },
      { method: 'POST', url: '/api/my/plan/card', payload: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } },
    ] as InjectOptions[]) {
      const response = await as(member, options, owner.id);
      expect([options.url, response.statusCode, response.json().error.code]).toEqual([options.url, 403, 'team_route_not_allowed']);
    }
    expect((await test.database.pool.query('SELECT refunded_cents FROM sales WHERE id = $1', [sale])).rows[0].refunded_cents).toBe(0);
    expect((await test.database.pool.query(`SELECT plan FROM users WHERE id = $1`, [owner.id])).rows[0].plan).toBe('business');
    expect((await test.database.pool.query(`SELECT count(*)::int AS n FROM subscriptions WHERE subject = 'plan'`)).rows[0].n).toBe(0);
  });

  it('refuses someone who is not a member, signed-out requests and API keys', async () => {
    const { owner } = await teamOf();
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const response = await as(stranger, { method: 'GET', url: '/api/my/products' }, owner.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'team_not_member', message: TEAM_MESSAGES.notMember });
    expect((await as(undefined, { method: 'GET', url: '/api/my/products' }, owner.id)).statusCode).toBe(401);
    const keyed = await request(test.app, { method: 'GET', url: '/api/my/products', headers: { authorization: `Bearer zk_${'a'.repeat(40)}`, [ACCOUNT_HEADER]: owner.id } });
    expect(keyed.statusCode).toBe(401); // an unknown key never gets as far
  });

  it('ends access at once when the owner removes the member, when the member leaves, and when the plan loses its seats', async () => {
    const { owner, member } = await teamOf();
    expect((await as(member, { method: 'GET', url: '/api/my/products' }, owner.id)).statusCode).toBe(200);
    expect((await as(owner, { method: 'DELETE', url: `/api/teams/members/${member.id}` })).statusCode).toBe(204);
    const removed = await as(member, { method: 'GET', url: '/api/my/products' }, owner.id);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().error.code).toBe('team_not_member');
    expect((await as(member, { method: 'GET', url: '/api/teams/stores' })).json().items).toEqual([]);

    const second = await teamOf();
    await setPlan(second.owner, 'pro');
    expect((await as(second.member, { method: 'GET', url: '/api/my/products' }, second.owner.id)).statusCode).toBe(403);
    expect((await as(second.member, { method: 'GET', url: '/api/teams/stores' })).json().items).toEqual([]);
    await setPlan(second.owner, 'business');
    expect((await as(second.member, { method: 'DELETE', url: `/api/teams/stores/${second.owner.id}` })).statusCode).toBe(204);
    expect((await as(second.member, { method: 'GET', url: '/api/my/products' }, second.owner.id)).statusCode).toBe(403);
  });
});

/** Every /api route of the app with its methods, from the app's own route table. */
const apiRoutes = () =>
  test.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').map((route) => ({ method: route.method, url: route.url }));
const fill = (url: string) => url.replace(/:(\w+)/g, () => randomUUID()).replace('*', 'anything');

describe('members on every route (role × route matrix)', () => {
  it('lists exactly the team routes that exist', () => {
    const existing = new Set(apiRoutes().map((route) => `${route.method} ${route.url}`));
    const teamRoutes = [...existing].filter(isTeamRoute);
    expect(teamRoutes.length).toBeGreaterThan(25);
    for (const route of ['GET /api/my/products', 'POST /api/products', 'POST /api/links', 'GET /api/invoices', 'GET /api/my/sales']) expect(existing).toContain(route);
  });

  it('lets a member reach exactly the team routes on the owner’s store, and refuses every other route with 403', async () => {
    const { owner, member } = await teamOf();
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const response = await as(member, { method: route.method as 'GET', url: fill(route.url) }, owner.id);
      if (isTeamRoute(key)) {
        // Reached the handler: lists answer, made-up targets are not found or invalid, never refused.
        const ok = route.method === 'GET' && !route.url.includes(':') ? response.statusCode === 200 : ![401, 403].includes(response.statusCode);
        if (!ok) failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      } else if (response.statusCode !== 403 || response.json().error.code !== 'team_route_not_allowed') {
        failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a removed member, a stranger and a signed-out visitor on every team route', async () => {
    const { owner, member } = await teamOf();
    await as(owner, { method: 'DELETE', url: `/api/teams/members/${member.id}` });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const failures: string[] = [];
    for (const route of apiRoutes().filter((entry) => isTeamRoute(`${entry.method} ${entry.url}`))) {
      for (const [who, person, status] of [['removed', member, 403], ['stranger', stranger, 403], ['anonymous', undefined, 401]] as const) {
        const response = await as(person, { method: route.method as 'GET', url: fill(route.url) }, owner.id);
        if (response.statusCode !== status) failures.push(`${who} ${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const { rows } = await test.database.pool.query('SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1', [owner.id]);
    expect(rows[0].n).toBe(0);
  });
});
