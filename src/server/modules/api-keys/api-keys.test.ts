import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ API_KEY_RATE_LIMIT_MAX: '5' });
});
afterAll(() => test.close());

async function businessUser() {
  const user = await createSignedInUser(test, { role: 'creator' });
  await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = $1`, [user.id]);
  return user;
}

async function createKey(cookie: string, name = 'CI script') {
  const response = await request(test.app, { method: 'POST', url: '/api/api-keys', cookie, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json() as { key: string; apiKey: { id: string; prefix: string; name: string } };
}

/** A request as a script sends it: the key, no cookie, no Origin. */
const withKey = (key: string, options: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }) =>
  test.app.inject({ ...options, headers: { authorization: `Bearer ${key}` } });

describe('managing API keys', () => {
  it('is for signed-in Business-plan users only', async () => {
    expect((await request(test.app, { method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
    for (const plan of ['free', 'pro']) {
      const user = await createSignedInUser(test, { role: 'creator' });
      await test.database.pool.query(`UPDATE users SET plan = $2 WHERE id = $1`, [user.id, plan]);
      const list = await request(test.app, { method: 'GET', url: '/api/api-keys', cookie: user.cookie });
      expect(list.statusCode).toBe(403);
      expect(list.json().error).toEqual({ code: 'business_plan_required', message: 'API keys are part of the Business plan.' });
      const create = await request(test.app, { method: 'POST', url: '/api/api-keys', cookie: user.cookie, payload: { name: 'x' } });
      expect(create.statusCode).toBe(403);
    }
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM api_keys`);
    expect(rows[0].n).toBe(0);
  });

  it('shows a new key once and stores only its hash', async () => {
    const { cookie, id } = await businessUser();
    const { key, apiKey } = await createKey(cookie, '  Zapier  ');
    expect(key).toMatch(/^zk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.name).toBe('Zapier');
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const list = await request(test.app, { method: 'GET', url: '/api/api-keys', cookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().items).toEqual([expect.objectContaining({ id: apiKey.id, name: 'Zapier', prefix: apiKey.prefix, revokedAt: null })]);
    const { rows } = await test.database.pool.query(`SELECT key_hash FROM api_keys WHERE user_id = $1`, [id]);
    expect(rows).toEqual([{ key_hash: createHash('sha256').update(key).digest('hex') }]);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('needs a name', async () => {
    const { cookie } = await businessUser();
    const response = await request(test.app, { method: 'POST', url: '/api/api-keys', cookie, payload: { name: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please give the key a name.');
  });

  it("cannot revoke someone else's key", async () => {
    const owner = await businessUser();
    const other = await businessUser();
    const { key, apiKey } = await createKey(owner.cookie);
    const response = await request(test.app, { method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, cookie: other.cookie });
    expect(response.statusCode).toBe(404);
    expect((await withKey(key, { method: 'GET', url: '/api/links' })).statusCode).toBe(200);
  });
});

describe('using an API key', () => {
  it('works as its owner on the links and products APIs', async () => {
    const { cookie } = await businessUser();
    const { key } = await createKey(cookie);
    const created = await withKey(key, { method: 'POST', url: '/api/links', payload: { url: 'https://example.com/from-a-script' } });
    expect(created.statusCode).toBe(201);
    const mine = await request(test.app, { method: 'GET', url: '/api/links', cookie });
    expect(mine.json().items.map((item: { code: string }) => item.code)).toContain(created.json().code);
    const listed = await withKey(key, { method: 'GET', url: '/api/links' });
    expect(listed.json().total).toBe(1);
    expect((await withKey(key, { method: 'GET', url: '/api/my/products' })).statusCode).toBe(200);
    const removed = await withKey(key, { method: 'DELETE', url: `/api/links/${created.json().code}` });
    expect(removed.statusCode).toBe(204);
  });

  it("acts only for its owner: another user's link is not found", async () => {
    const owner = await businessUser();
    const other = await businessUser();
    const link = await request(test.app, { method: 'POST', url: '/api/links', cookie: owner.cookie, payload: { url: 'https://example.com/owned' } });
    const { key } = await createKey(other.cookie);
    const response = await withKey(key, { method: 'DELETE', url: `/api/links/${link.json().code}` });
    expect(response.statusCode).toBe(404);
  });

  it('is refused on every other API', async () => {
    const { cookie } = await businessUser();
    const { key } = await createKey(cookie);
    for (const url of ['/api/me', '/api/api-keys', '/api/ai/generations', '/api/designs']) {
      const response = await withKey(key, { method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code, url).toBe('api_key_not_allowed');
    }
    const createKeyWithKey = await withKey(key, { method: 'POST', url: '/api/api-keys', payload: { name: 'escalate' } });
    expect(createKeyWithKey.statusCode).toBe(401);
  });

  it('stops working when revoked (401), and an unknown key never worked', async () => {
    const { cookie } = await businessUser();
    const { key, apiKey } = await createKey(cookie);
    expect((await withKey(key, { method: 'GET', url: '/api/links' })).statusCode).toBe(200);
    const revoke = await request(test.app, { method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, cookie });
    expect(revoke.statusCode).toBe(204);
    const after = await withKey(key, { method: 'GET', url: '/api/links' });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ code: 'invalid_api_key', message: 'This API key is not valid or was revoked.' });
    const list = await request(test.app, { method: 'GET', url: '/api/api-keys', cookie });
    expect(list.json().items[0].revokedAt).not.toBeNull();
    const unknown = await withKey(`zk_${'a'.repeat(43)}`, { method: 'GET', url: '/api/links' });
    expect(unknown.statusCode).toBe(401);
  });

  it('stops working when its owner leaves the Business plan (403)', async () => {
    const { cookie, id } = await businessUser();
    const { key } = await createKey(cookie);
    await test.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [id]);
    const response = await withKey(key, { method: 'GET', url: '/api/links' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('business_plan_required');
  });

  it('is rate-limited per key (429 with Retry-After)', async () => {
    const { cookie } = await businessUser();
    const first = await createKey(cookie, 'busy');
    const second = await createKey(cookie, 'quiet');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await withKey(first.key, { method: 'GET', url: '/api/links' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await withKey(first.key, { method: 'GET', url: '/api/links' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^Too many requests with this API key\. Please wait \d+ seconds\.$/);
    expect((await withKey(second.key, { method: 'GET', url: '/api/links' })).statusCode).toBe(200);
  });

  it('records when a key was last used', async () => {
    const { cookie } = await businessUser();
    const { key, apiKey } = await createKey(cookie);
    await withKey(key, { method: 'GET', url: '/api/links' });
    await expect
      .poll(async () => (await test.database.pool.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [apiKey.id])).rows[0].last_used_at)
      .not.toBeNull();
  });
});
