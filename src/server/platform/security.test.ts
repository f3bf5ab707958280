import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  request,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../test/test-app.ts';
import { requestTargetProblem } from './security.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        app.get('/api/test/boom', async () => {
          throw new Error('database password is hunter2 at /secret/path');
        }),
    },
  );
});
afterAll(() => test.close());

describe('request targets refused before routing', () => {
  // Most targets skip the checks on sight (a short link's has no '%', '.', '\\' or control character):
  // each of those characters alone must still lead to the checks.
  it.each([
    ['/z/abc123', undefined],
    ['/z/a.b?utm=x+y', undefined],
    ['/z/..', 'invalid_path'],
    ['/z/%2e%2E/admin', 'invalid_path'],
    ['/z/a%2fb', 'invalid_path'],
    ['/z/a\\b', 'invalid_path'],
    ['/z/%zz', 'invalid_path'],
    ['/z/a%00', 'invalid_characters'],
    ['/z/a?q=%7F', 'invalid_characters'],
    ['/z/a\u0001', 'invalid_characters'],
  ])('%s: %s', (target, code) => {
    expect(requestTargetProblem(target)?.code).toBe(code);
  });
});

describe('security headers', () => {
  it.each([
    ['a success', '/api/health'],
    ['a 404', '/api/nothing-here'],
    ['a 401', '/api/links'],
    ['a 500', '/api/test/boom'],
  ])('are on %s', async (_kind, url) => {
    const response = await request(test.app, { method: 'GET', url });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('errors', () => {
  it('hides the details of a 5xx', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('.ts');
  });

  it('answers a bad input with a 4xx and a clear message', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/avatars/..etc.svg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Unknown avatar.');
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-carrying write from a foreign origin and changes nothing', async () => {
    const { cookie } = await createSignedInUser(test);
    const forged = await request(test.app, {
      method: 'POST',
      url: '/api/auth/update-user',
      cookie,
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Hacked' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('forbidden_origin');
    const signOut = await request(test.app, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie,
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(403);
    const me = await request(test.app, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.name).not.toBe('Hacked');
  });

  it('accepts the same write from our own origin', async () => {
    const { cookie } = await createSignedInUser(test);
    const response = await request(test.app, { method: 'POST', url: '/api/auth/sign-out', cookie, payload: {} });
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => limited.close());

  it('limits sign-in per client IP with 429 and Retry-After', async () => {
    const attempt = (ip: string) =>
      request(limited.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: TEST_PASSWORD },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('10.1.1.1')).statusCode);
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
    const refused = await attempt('10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^Too many attempts/);
    expect((await attempt('10.1.1.2')).statusCode).toBe(401);
  });

  it('limits sign-up per client IP too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await request(limited.app, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.2.2.2',
        payload: { email: uniqueEmail(), password: TEST_PASSWORD, name: 'Rate' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('logs', () => {
  it('never hold passwords or session cookies', async () => {
    const { cookie } = await createSignedInUser(test);
    await request(test.app, { method: 'GET', url: '/api/me', cookie });
    const logs = test.logs();
    expect(logs).toContain('request completed');
    expect(logs).not.toContain(TEST_PASSWORD);
    expect(logs).not.toContain(cookie.split('=')[1]!.slice(0, 20));
  });
});
