import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_LIMITS } from '#shared/domains.ts';
import { FREE_AI_GENERATIONS_PER_MONTH, PLANS, PRO_AI_GENERATIONS_PER_MONTH } from '#shared/plans.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const myPlan = (cookie?: string) => request(test.app, { method: 'GET', url: '/api/my/plan', cookie });
const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

describe('my plan and its use (Settings → Plan & Billing)', () => {
  it('is for signed-in users only', async () => {
    expect((await myPlan()).statusCode).toBe(401);
  });

  it('gives a new account the Free plan with nothing used', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator' });
    const response = await myPlan(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plan: 'free',
      subscription: null,
      usage: {
        aiGenerations: { used: 0, limit: FREE_AI_GENERATIONS_PER_MONTH },
        storage: { usedBytes: 0, quotaBytes: PLANS[0]!.storageQuotaBytes },
        audienceMails: { used: 0, limit: PLANS[0]!.audienceMailsPerMonth },
        domains: { used: 0, limit: DOMAIN_LIMITS.free },
      },
    });
  });

  it('counts this month’s use of my own account only, by the plan an admin set', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const me = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator', plan: 'business' });
    const changed = await request(test.app, { method: 'PUT', url: `/api/admin/users/${me.id}/plan`, cookie: admin.cookie, payload: { plan: 'pro' } });
    expect(changed.statusCode).toBe(200);
    await test.database.pool.query(`INSERT INTO ai_usage (user_id, month, generations) VALUES ($1, $2::date, 7), ($3, $2::date, 40), ($1, '2001-01-01', 99)`, [
      me.id,
      thisMonth(),
      other.id,
    ]);
    await test.database.pool.query(`INSERT INTO domains (user_id, hostname, purpose, token, check_until) VALUES ($1, $2, 'storefront', 'tok', now() + interval '7 days')`, [
      other.id,
      `shop-${other.id.slice(0, 8).toLowerCase()}.example.com`,
    ]);
    const mine = (await myPlan(me.cookie)).json();
    expect(mine.plan).toBe('pro');
    expect(mine.usage).toMatchObject({
      aiGenerations: { used: 7, limit: PRO_AI_GENERATIONS_PER_MONTH },
      storage: { usedBytes: 0, quotaBytes: PLANS[1]!.storageQuotaBytes },
      domains: { used: 0, limit: DOMAIN_LIMITS.pro },
    });
    const theirs = (await myPlan(other.cookie)).json();
    expect(theirs.plan).toBe('business');
    expect(theirs.usage).toMatchObject({ aiGenerations: { used: 40, limit: null }, domains: { used: 1, limit: DOMAIN_LIMITS.business } });
  });
});
