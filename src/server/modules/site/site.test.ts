import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { SITE_CONTENT_DEFAULTS, SITE_MESSAGES } from '#shared/site.ts';
import { createSignedInUser, createTestApp, request, signUp, uniqueEmail, type TestApp } from '../../test/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('registered-user counter', () => {
  it('counts real accounts and announces each new one on the public channel', async () => {
    const before = (await request(test.app, { method: 'GET', url: '/api/site/stats' })).json().registeredUsers;
    const announced: unknown[] = [];
    const stop = test.app.zerri.realtime.subscribe([PUBLIC_CHANNEL], (event) => {
      if (event.type === 'users.count') announced.push(event.data);
    });
    await signUp(test.app, { email: uniqueEmail('counted') });
    const after = (await request(test.app, { method: 'GET', url: '/api/site/stats' })).json().registeredUsers;
    expect(after).toBe(before + 1);
    const deadline = Date.now() + 3000;
    while (announced.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(announced).toEqual([{ count: after }]);
  });

  it('tells no number, on the stats route or in the live event, while there are fewer accounts than the operator’s threshold', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const threshold = async (minUsers: number) => {
      const saved = await request(test.app, { method: 'PUT', url: '/api/admin/site-content', cookie: admin.cookie, payload: { ...SITE_CONTENT_DEFAULTS, userCounter: { minUsers } } });
      expect(saved.statusCode).toBe(200);
    };
    const stats = async () => (await request(test.app, { method: 'GET', url: '/api/site/stats', headers: { 'user-agent': 'curl/8.5.0' } })).json().registeredUsers as number | null;
    const accounts = Number((await test.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n);
    await threshold(accounts + 2);
    expect(await stats()).toBeNull();
    const announced: unknown[] = [];
    const stop = test.app.zerri.realtime.subscribe([PUBLIC_CHANNEL], (event) => {
      if (event.type === 'users.count') announced.push(event.data);
    });
    await signUp(test.app, { email: uniqueEmail('kept-back') });
    const deadline = Date.now() + 3000;
    while (announced.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(announced).toEqual([{ count: null }]);
    expect(await stats()).toBeNull();
    // One more account reaches the threshold: the number is told again.
    await signUp(test.app, { email: uniqueEmail('reaches') });
    expect(await stats()).toBe(accounts + 2);
    await threshold(0);
  });
});

describe('site info', () => {
  it('gives the brand and the configured contact addresses', async () => {
    const custom = await createTestApp({ BRAND_NAME: 'Acme', CONTACT_EMAIL_CAREERS: 'jobs@acme.example' });
    try {
      const response = await request(custom.app, { method: 'GET', url: '/api/site' });
      expect(response.json()).toMatchObject({ brand: 'Acme', contacts: { careers: 'jobs@acme.example' }, devMailbox: true });
    } finally {
      await custom.close();
    }
  });

  it('answers the health check once the database answers', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('draws generated avatars', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/avatars/someone.svg' });
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('<svg');
  });

  it('answers media that is not there, or not public, with its own code', async () => {
    for (const url of ['/media/avatars/nobody/none.webp', '/media/product-files/any']) {
      const response = await request(test.app, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toMatchObject({ code: 'media_not_found', message: SITE_MESSAGES.noSuchFile });
    }
  });
});
