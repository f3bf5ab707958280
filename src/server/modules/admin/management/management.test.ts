import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_ONLY } from '#shared/admin.ts';
import { SITE_CONTENT_DEFAULTS } from '#shared/site.ts';
import type { InjectOptions } from 'fastify';
import { createSignedInUser, createTestApp, logIn, request, type TestApp } from '../../../test/test-app.ts';
import { createProduct, createSale } from '../../profiles/test-fixtures.ts';

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test, { role: 'admin' });
});
afterAll(() => test.close());

const asAdmin = (options: InjectOptions) => request(test.app, { ...options, cookie: admin.cookie });
const audit = async (action: string, targetId: string) =>
  (await test.database.pool.query(`SELECT * FROM audit_log WHERE action = $1 AND target_id = $2`, [action, targetId])).rows;

interface AdminRoute {
  method: string;
  url: string;
}

/** Every /api/admin/* route of the app, from Fastify's own route tree. */
function adminRoutes(): AdminRoute[] {
  const stack: string[] = [];
  const routes: AdminRoute[] = [];
  for (const line of test.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    if (!path.startsWith('/api/admin/') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url: path });
  }
  return routes;
}

/** Param values of the right shape, so a refusal comes from the role check, not from validation. */
const PARAMS: Record<string, () => string> = { id: () => randomUUID(), reportId: () => '1', code: () => 'abc123', domain: () => 'example.com' };
const BODIES: Record<string, unknown> = {
  'POST /api/admin/blocked-domains': { domain: 'matrix.example' },
  'PUT /api/admin/users/:id/role': { role: 'user' },
  'PUT /api/admin/users/:id/plan': { plan: 'pro' },
  'PUT /api/admin/users/:id/audience-sending': { paused: true },
  'PUT /api/admin/settings': { requireAdminTwoFactor: false },
  'PUT /api/admin/site-content': SITE_CONTENT_DEFAULTS,
};
const fill = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => (PARAMS[name] ?? (() => 'x'))());

describe('every admin API answers only admins (role × route matrix)', () => {
  it('finds the admin routes', () => {
    const found = adminRoutes().map((route) => `${route.method} ${route.url}`);
    for (const route of ['GET /api/admin/overview', 'GET /api/admin/users', 'POST /api/admin/users/:id/suspend', 'GET /api/admin/audit-log']) {
      expect(found).toContain(route);
    }
  });

  const roles = ['anonymous', 'user', 'creator', 'company'] as const;
  it.each(roles)('refuses a %s on every admin route', async (role) => {
    const cookie = role === 'anonymous' ? undefined : (await createSignedInUser(test, { role })).cookie;
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const key = `${route.method} ${route.url}`;
      const response = await request(test.app, { method: route.method as 'GET', url: fill(route.url), cookie, payload: BODIES[key] as object });
      const expected = role === 'anonymous' ? 401 : 403;
      if (response.statusCode !== expected) failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin through on every admin route (2xx for every list and every action with a real target)', async () => {
    const target = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(test, target.id);
    const removable = await createProduct(test, target.id);
    const link = await request(test.app, { method: 'POST', url: '/api/links', payload: { url: 'https://example.com/matrix' } });
    const code = link.json().code as string;
    await asAdmin({ method: 'POST', url: '/api/admin/blocked-domains', payload: { domain: 'remove-me.example' } });
    const real: Record<string, InjectOptions> = {
      'PUT /api/admin/users/:id/role': { url: `/api/admin/users/${target.id}/role`, payload: { role: 'creator' } },
      'PUT /api/admin/users/:id/plan': { url: `/api/admin/users/${target.id}/plan`, payload: { plan: 'pro' } },
      'POST /api/admin/users/:id/suspend': { url: `/api/admin/users/${target.id}/suspend` },
      'POST /api/admin/users/:id/reinstate': { url: `/api/admin/users/${target.id}/reinstate` },
      'POST /api/admin/products/:id/hide': { url: `/api/admin/products/${product.id}/hide` },
      'POST /api/admin/products/:id/show': { url: `/api/admin/products/${product.id}/show` },
      'DELETE /api/admin/products/:id': { url: `/api/admin/products/${removable.id}` },
      'POST /api/admin/links/:code/ban': { url: `/api/admin/links/${code}/ban` },
      'POST /api/admin/links/:code/unban': { url: `/api/admin/links/${code}/unban` },
      'POST /api/admin/blocked-domains': { url: '/api/admin/blocked-domains', payload: { domain: 'matrix.example' } },
      'DELETE /api/admin/blocked-domains/:domain': { url: '/api/admin/blocked-domains/remove-me.example' },
    };
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const key = `${route.method} ${route.url}`;
      const known = real[key];
      const response = await asAdmin({ method: route.method as 'GET', url: fill(route.url), ...(BODIES[key] ? { payload: BODIES[key] as object } : {}), ...known });
      // Lists and actions with a real target must succeed; an action of another module on a made-up
      // target may be refused as not found or invalid, but never as unauthorised.
      const ok = known || !route.url.includes(':') ? response.statusCode >= 200 && response.statusCode < 300 : ![401, 403].includes(response.statusCode);
      if (!ok) failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers non-admins with the spec message', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator' });
    const response = await request(test.app, { method: 'GET', url: '/api/admin/users', cookie });
    expect(response.json().error.message).toBe(ADMIN_ONLY);
  });
});

describe('managing users', () => {
  it('searches by name or e-mail and filters by role', async () => {
    const marker = randomUUID().slice(0, 8);
    const creator = await createSignedInUser(test, { role: 'creator', name: `Zed ${marker}` });
    const buyer = await createSignedInUser(test, { role: 'user', name: `Quinn ${marker}` });
    const all = (await asAdmin({ method: 'GET', url: `/api/admin/users?q=${marker}` })).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { id: string }) => item.id).sort()).toEqual([creator.id, buyer.id].sort());
    const creators = (await asAdmin({ method: 'GET', url: `/api/admin/users?q=${marker}&role=creator` })).json();
    expect(creators.items).toHaveLength(1);
    expect(creators.items[0]).toMatchObject({ id: creator.id, email: creator.email, role: 'creator', plan: 'free', suspendedAt: null, productCount: 0 });
    const byEmail = (await asAdmin({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(buyer.email)}` })).json();
    expect(byEmail.items.map((item: { id: string }) => item.id)).toEqual([buyer.id]);
  });

  it('changes a role and a plan, and writes both to the audit log', async () => {
    const target = await createSignedInUser(test, { role: 'creator' });
    const role = await asAdmin({ method: 'PUT', url: `/api/admin/users/${target.id}/role`, payload: { role: 'company' } });
    expect(role.statusCode).toBe(200);
    const plan = await asAdmin({ method: 'PUT', url: `/api/admin/users/${target.id}/plan`, payload: { plan: 'business' } });
    expect(plan.statusCode).toBe(200);
    const { rows } = await test.database.pool.query('SELECT role, plan FROM users WHERE id = $1', [target.id]);
    expect(rows[0]).toEqual({ role: 'company', plan: 'business' });
    expect(await audit('user.role_changed', target.id)).toEqual([
      expect.objectContaining({ actor_id: admin.id, actor_email: admin.email, target_type: 'user', details: { email: target.email, from: 'creator', to: 'company' } }),
    ]);
    expect(await audit('user.plan_changed', target.id)).toEqual([expect.objectContaining({ details: { email: target.email, from: 'free', to: 'business' } })]);
    // The new role applies to the user's existing session at once.
    const overview = await request(test.app, { method: 'GET', url: '/api/me', cookie: target.cookie });
    expect(overview.json().user.role).toBe('company');
  });

  it('refuses to change my own role, unknown roles and unknown users', async () => {
    const own = await asAdmin({ method: 'PUT', url: `/api/admin/users/${admin.id}/role`, payload: { role: 'user' } });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(ADMIN_MESSAGES.cannotChangeOwnRole);
    const target = await createSignedInUser(test);
    expect((await asAdmin({ method: 'PUT', url: `/api/admin/users/${target.id}/role`, payload: { role: 'superuser' } })).statusCode).toBe(400);
    const missing = await asAdmin({ method: 'PUT', url: '/api/admin/users/nobody/role', payload: { role: 'user' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(ADMIN_MESSAGES.userNotFound);
  });

  it('suspends: sign-in refused, sessions ended, storefront and products gone; reinstating brings them back', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(test, creator.id, { name: 'Suspended Sketches' });
    const slug = (await request(test.app, { method: 'GET', url: '/api/profile', cookie: creator.cookie })).json().profile.storefrontSlug;
    const inStore = async () =>
      (await request(test.app, { method: 'GET', url: `/api/store/products?q=${encodeURIComponent('Suspended Sketches')}` })).json().items.length;
    expect(await inStore()).toBe(1);

    const response = await asAdmin({ method: 'POST', url: `/api/admin/users/${creator.id}/suspend` });
    expect(response.statusCode).toBe(200);
    expect(response.json().suspendedAt).toEqual(expect.any(String));

    // The browser still holding an ended session is told why it is signed out (403 account_suspended).
    const me = await request(test.app, { method: 'GET', url: '/api/me', cookie: creator.cookie });
    expect(me.statusCode).toBe(403);
    expect(me.json().error).toMatchObject({ code: 'account_suspended', message: ADMIN_MESSAGES.accountSuspended });
    const profile = await request(test.app, { method: 'GET', url: '/api/profile', cookie: creator.cookie });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().error.code).toBe('account_suspended');
    expect((await request(test.app, { method: 'GET', url: '/api/me' })).json().user).toBeNull();
    const signIn = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: creator.email, password: 'correct-horse-battery' } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ code: 'account_suspended', message: ADMIN_MESSAGES.accountSuspended });
    expect(signIn.headers['set-cookie'] ?? '').not.toContain('session_token=');
    expect((await request(test.app, { method: 'GET', url: `/api/store/creators/${slug}` })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/api/store/creators/${creator.id}` })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/api/store/products?creator=${slug}` })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect(await inStore()).toBe(0);
    expect(await audit('user.suspended', creator.id)).toHaveLength(1);

    expect((await asAdmin({ method: 'POST', url: `/api/admin/users/${creator.id}/reinstate` })).statusCode).toBe(200);
    // Reinstated, the old session is simply over: signed out, no longer 'suspended'.
    const after = await request(test.app, { method: 'GET', url: '/api/me', cookie: creator.cookie });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toBeNull();
    expect(await logIn(test.app, creator.email)).toContain('session_token=');
    expect((await request(test.app, { method: 'GET', url: `/api/store/creators/${slug}` })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect(await inStore()).toBe(1);
    expect(await audit('user.reinstated', creator.id)).toHaveLength(1);
  });

  it('lists suspended users apart, and refuses to suspend myself', async () => {
    const target = await createSignedInUser(test);
    await asAdmin({ method: 'POST', url: `/api/admin/users/${target.id}/suspend` });
    const suspended = (await asAdmin({ method: 'GET', url: `/api/admin/users?status=suspended&q=${encodeURIComponent(target.email)}` })).json();
    expect(suspended.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
    const active = (await asAdmin({ method: 'GET', url: `/api/admin/users?status=active&q=${encodeURIComponent(target.email)}` })).json();
    expect(active.items).toEqual([]);
    const self = await asAdmin({ method: 'POST', url: `/api/admin/users/${admin.id}/suspend` });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MESSAGES.cannotSuspendSelf);
  });
});

describe('managing products', () => {
  it('searches by product or creator, hides and shows a product', async () => {
    const creator = await createSignedInUser(test, { role: 'creator', name: 'Hilda Hide' });
    const name = `Hideable ${randomUUID().slice(0, 6)}`;
    const product = await createProduct(test, creator.id, { name });
    const found = (await asAdmin({ method: 'GET', url: `/api/admin/products?q=${encodeURIComponent(name)}` })).json();
    expect(found.items).toEqual([expect.objectContaining({ id: product.id, name, hiddenAt: null, creator: expect.objectContaining({ id: creator.id, email: creator.email }) })]);
    const byCreator = (await asAdmin({ method: 'GET', url: `/api/admin/products?q=${encodeURIComponent(creator.email)}` })).json();
    expect(byCreator.items.map((item: { id: string }) => item.id)).toEqual([product.id]);

    expect((await asAdmin({ method: 'POST', url: `/api/admin/products/${product.id}/hide` })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/api/store/products?q=${encodeURIComponent(name)}` })).json().items).toEqual([]);
    expect((await request(test.app, { method: 'GET', url: `/api/store/products?creator=${creator.id}` })).json().items).toEqual([]);
    // The creator still sees it in their own list, marked hidden.
    expect((await request(test.app, { method: 'GET', url: '/api/my/products', cookie: creator.cookie })).json().items).toEqual([
      expect.objectContaining({ id: product.id, hidden: true }),
    ]);
    const hidden = (await asAdmin({ method: 'GET', url: `/api/admin/products?status=hidden&q=${encodeURIComponent(name)}` })).json();
    expect(hidden.items[0].hiddenAt).toEqual(expect.any(String));

    expect((await asAdmin({ method: 'POST', url: `/api/admin/products/${product.id}/show` })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: '/api/my/products', cookie: creator.cookie })).json().items[0].hidden).toBe(false);
    expect(await audit('product.hidden', product.id)).toEqual([expect.objectContaining({ details: { name } })]);
    expect(await audit('product.shown', product.id)).toHaveLength(1);
  });

  it('removes a product and its files; its sales stay', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(test, creator.id, { name: 'Removed Kit' });
    const saleId = await createSale(test, { id: product.id, name: 'Removed Kit', creatorId: creator.id });
    const response = await asAdmin({ method: 'DELETE', url: `/api/admin/products/${product.id}` });
    expect(response.statusCode).toBe(204);
    expect((await test.database.pool.query('SELECT id FROM products WHERE id = $1', [product.id])).rows).toEqual([]);
    expect((await test.database.pool.query('SELECT product_id, product_name, creator_id FROM sales WHERE id = $1', [saleId])).rows[0]).toEqual({
      product_id: null,
      product_name: 'Removed Kit',
      creator_id: creator.id,
    });
    expect(await test.app.zerri.storage.list('product-files')).not.toContain(product.fileKey);
    expect(await test.app.zerri.storage.list('product-images')).not.toContain(product.cardKey);
    expect(await audit('product.removed', product.id)).toEqual([expect.objectContaining({ details: { name: 'Removed Kit', creatorId: creator.id } })]);
    expect((await asAdmin({ method: 'DELETE', url: `/api/admin/products/${product.id}` })).statusCode).toBe(404);
  });
});

describe('managing short links', () => {
  it('bans a link: it stops redirecting at once and is gone from the check; unbanning restores it', async () => {
    const owner = await createSignedInUser(test);
    const created = await request(test.app, { method: 'POST', url: '/api/links', cookie: owner.cookie, payload: { url: 'https://example.com/phish' } });
    const { code } = created.json();
    // Warm the redirect cache first: the ban must reach it too.
    expect((await request(test.app, { method: 'GET', url: `/z/${code}` })).statusCode).toBe(302);

    const listed = (await asAdmin({ method: 'GET', url: `/api/admin/links?q=${code}` })).json();
    expect(listed.items).toEqual([expect.objectContaining({ code, url: 'https://example.com/phish', bannedAt: null, owner: { id: owner.id, email: owner.email } })]);

    expect((await asAdmin({ method: 'POST', url: `/api/admin/links/${code}/ban` })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await request(test.app, { method: 'GET', url: `/z/${code}` })).statusCode).not.toBe(302));
    expect((await request(test.app, { method: 'GET', url: `/api/links/${code}` })).statusCode).toBe(404);
    const banned = (await asAdmin({ method: 'GET', url: `/api/admin/links?status=banned&q=${code}` })).json();
    expect(banned.items[0].bannedAt).toEqual(expect.any(String));
    expect(await audit('link.banned', code)).toEqual([expect.objectContaining({ details: { url: 'https://example.com/phish' } })]);

    expect((await asAdmin({ method: 'POST', url: `/api/admin/links/${code}/unban` })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: `/z/${code}` })).statusCode).toBe(302);
    expect(await audit('link.unbanned', code)).toHaveLength(1);
    expect((await asAdmin({ method: 'POST', url: '/api/admin/links/nope-nope/ban' })).statusCode).toBe(404);
  });

  it('bans a links domain’s code by its domain; the same code on the main host stays', async () => {
    const owner = await createSignedInUser(test);
    await test.database.pool.query(
      `INSERT INTO domains (user_id, hostname, purpose, token, state, check_until) VALUES ($1, 'go.banned.test', 'links', 'token', 'verified', now())`,
      [owner.id],
    );
    const create = (payload: object) => request(test.app, { method: 'POST', url: '/api/links', cookie: owner.cookie, payload });
    expect((await create({ url: 'https://example.com/main', code: 'same-code' })).statusCode).toBe(201);
    expect((await create({ url: 'https://example.com/domain', code: 'same-code', domain: 'go.banned.test' })).statusCode).toBe(201);

    const listed = (await asAdmin({ method: 'GET', url: '/api/admin/links?q=same-code' })).json();
    expect(listed.items).toEqual([
      expect.objectContaining({ code: 'same-code', domain: 'go.banned.test', url: 'https://example.com/domain' }),
      expect.objectContaining({ code: 'same-code', domain: null, url: 'https://example.com/main' }),
    ]);
    expect((await asAdmin({ method: 'POST', url: '/api/admin/links/same-code/ban?domain=go.banned.test' })).statusCode).toBe(200);
    expect((await request(test.app, { method: 'GET', url: '/api/links/same-code?domain=go.banned.test' })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: '/api/links/same-code' })).json().url).toBe('https://example.com/main');
  });

  it('writes domain blocks to the audit log', async () => {
    await asAdmin({ method: 'POST', url: '/api/admin/blocked-domains', payload: { domain: 'audited.example' } });
    await asAdmin({ method: 'DELETE', url: '/api/admin/blocked-domains/audited.example' });
    expect(await audit('domain.blocked', 'audited.example')).toHaveLength(1);
    expect(await audit('domain.unblocked', 'audited.example')).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('shows admins who did what and when, newest first, filtered by action or text', async () => {
    const target = await createSignedInUser(test);
    await asAdmin({ method: 'PUT', url: `/api/admin/users/${target.id}/plan`, payload: { plan: 'pro' } });
    await asAdmin({ method: 'POST', url: `/api/admin/users/${target.id}/suspend` });
    const log = (await asAdmin({ method: 'GET', url: `/api/admin/audit-log?q=${target.id}` })).json();
    expect(log.items.map((entry: { action: string }) => entry.action)).toEqual(['user.suspended', 'user.plan_changed']);
    expect(log.items[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetType: 'user', targetId: target.id, createdAt: expect.any(String) });
    const filtered = (await asAdmin({ method: 'GET', url: `/api/admin/audit-log?action=user.plan_changed&q=${target.id}` })).json();
    expect(filtered.items).toHaveLength(1);
    expect(filtered.total).toBe(1);
  });
});
