import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { ADMIN_ONLY } from '#shared/admin.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('admin API', () => {
  it('answers 401 to anonymous visitors', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(401);
  });

  it.each(['creator', 'user', 'company'])('answers 403 to a %s', async (role) => {
    const { cookie } = await createSignedInUser(test, { role });
    const response = await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(ADMIN_ONLY);
  });

  it('gives an admin the platform totals', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'admin' });
    await createSignedInUser(test, { role: 'creator' });
    const response = await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie });
    expect(response.statusCode).toBe(200);
    const { rows } = await test.database.pool.query(
      `SELECT count(*) FILTER (WHERE role = 'creator')::int AS creators, count(*)::int AS total FROM users`,
    );
    expect(response.json()).toMatchObject({ totalCreators: rows[0].creators, totalUsers: rows[0].total, totalProducts: 0, byCurrency: [{ currency: 'USD', totalRevenueCents: 0, totalFeesCents: 0, totalRefundsCents: 0 }], pendingApprovals: 0, recentTransactions: [] });
    expect(rows[0].creators).toBeGreaterThanOrEqual(2);
  });
});
