import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { SITE_MESSAGES } from '#shared/site.ts';
import { createTestApp, request, signUp, uniqueEmail, type TestApp } from '../../test/test-app.ts';

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
