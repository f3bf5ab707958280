import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { subscribersCsv } from './queries.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ NEWSLETTER_RATE_LIMIT_MAX: '3' });
});
afterAll(() => test.close());

let ip = 0;
const join = (email: unknown, remoteAddress = `10.20.0.${++ip}`) =>
  request(test.app, { method: 'POST', url: '/api/newsletter', remoteAddress, payload: { email } });

describe('newsletter', () => {
  it('subscribes once, case-insensitively, with the spec messages', async () => {
    const first = await join('Reader@Example.com');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ title: 'Subscribed!', message: 'Thanks for joining our newsletter!' });
    const again = await join(' reader@example.COM ');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'already_subscribed',
      message: 'This email is already on our newsletter list.',
      title: 'Already Subscribed',
    });
    const { rows } = await test.database.pool.query(`SELECT email FROM newsletter_subscribers WHERE email ILIKE 'reader@example.com'`);
    expect(rows).toEqual([{ email: 'reader@example.com' }]);
  });

  it.each([
    ['', NEWSLETTER_MESSAGES.emailRequired],
    ['   ', NEWSLETTER_MESSAGES.emailRequired],
    ['not-an-email', NEWSLETTER_MESSAGES.emailInvalid],
  ])('refuses %j', async (email, message) => {
    const response = await join(email);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('is rate-limited per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await join(`many-${i}@example.com`, '10.30.0.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('lets admins, and only admins, export the list as CSV', async () => {
    await join('csv-reader@example.com');
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'GET', url: '/api/admin/newsletter.csv', cookie: creator.cookie })).statusCode).toBe(403);
    expect((await request(test.app, { method: 'GET', url: '/api/admin/newsletter.csv' })).statusCode).toBe(401);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const csv = await request(test.app, { method: 'GET', url: '/api/admin/newsletter.csv', cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines.some((line) => line.startsWith('csv-reader@example.com,'))).toBe(true);
  });

  it('writes CSV that spreadsheets cannot run as formulas', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(subscribersCsv([{ email: '=cmd@example.com', createdAt: at }, { email: 'a,"b"@example.com', createdAt: at }])).toBe(
      `email,subscribed_at\r\n'=cmd@example.com,2026-01-02T03:04:05.000Z\r\n"a,""b""@example.com",2026-01-02T03:04:05.000Z\r\n`,
    );
  });
});
