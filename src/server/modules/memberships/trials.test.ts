// Hole 6 of issue #42: a member whose trial ended got a new free trial by joining again. One trial
// per buyer e-mail (or account) and product, kept in a record that outlives the account: joining
// again is charged at once, and the plan says so to that viewer only.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Membership, MembershipPlan } from '#shared/memberships-api.ts';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSignedInUser, listeningTestApp, request, TEST_PASSWORD } from '../../test/test-app.ts';
import { createProduct, GOOD_CARD } from '../orders/test-helpers.ts';
import { runMembershipCycle } from './service.ts';

const clock = new MovableClock();
const app = listeningTestApp({ clock });

const call = (method: 'GET' | 'POST' | 'PUT' | 'HEAD' | 'DELETE', url: string, options: { payload?: object; cookie?: string; headers?: Record<string, string> } = {}) =>
  request(app.test.app, { method, url, ...options });

async function passDays(days: number) {
  clock.advanceDays(days);
  await runMembershipCycle(app.test.app.zerri as AppContext);
}

async function trialProduct() {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const product = await createProduct(app.base, creator.cookie, { name: `Trial club ${randomBytes(3).toString('hex')}`, price: '0' });
  const saved = await call('PUT', `/api/memberships/plans/${product.id}`, {
    cookie: creator.cookie,
    payload: { trialDays: 7, tiers: [{ versionId: null, monthlyCents: 1000, yearlyCents: null }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return product;
}

const join = (cookie: string | undefined, productId: string) =>
  call('POST', '/api/memberships', { cookie, payload: { productId, interval: 'month', card: GOOD_CARD }, headers: { 'user-agent': 'python-requests/2.31' } });

async function plan(productId: string, cookie?: string) {
  const response = await call('GET', `/api/memberships/plans/${productId}`, { cookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return response.json() as MembershipPlan;
}

async function chargesOf(subscriptionId: string) {
  const { rows } = await app.test.database.pool.query<{ amount_cents: number }>(
    `SELECT s.amount_cents FROM sales s JOIN orders o ON o.id = s.order_id WHERE o.subscription_id = $1`,
    [subscriptionId],
  );
  return rows.map((row) => row.amount_cents);
}

/** Cancels during the trial and lets it run out. */
async function endTrial(cookie: string, id: string) {
  expect((await call('POST', `/api/memberships/${id}/cancel`, { cookie })).statusCode).toBe(200);
  await passDays(8);
}

describe('one free trial per buyer and product', () => {
  it('joining again after the trial is charged at once, and the plan tells that member so', async () => {
    const product = await trialProduct();
    const member = await createSignedInUser(app.test);
    const other = await createSignedInUser(app.test);
    expect(await plan(product.id, member.cookie)).toMatchObject({ trialDays: 7, trialUsed: false });
    expect((await join(undefined, product.id)).statusCode).toBe(401);

    const first = (await join(member.cookie, product.id)).json().membership as Membership;
    expect(first.status).toBe('trialing');
    expect(await chargesOf(first.id)).toEqual([]);
    await endTrial(member.cookie, first.id);

    // What the join screen reads: no trial for this member; a guest, a bot and another user still see one.
    expect(await plan(product.id, member.cookie)).toMatchObject({ trialDays: 7, trialUsed: true });
    expect(await plan(product.id)).toMatchObject({ trialUsed: false });
    expect(await plan(product.id, other.cookie)).toMatchObject({ trialUsed: false });
    expect((await call('HEAD', `/api/memberships/plans/${product.id}`, { cookie: member.cookie })).statusCode).toBe(200);

    const again = await join(member.cookie, product.id);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json().membership as Membership;
    expect(second.status).toBe('active');
    expect(await chargesOf(second.id)).toEqual([1000]);
    // Another user's own first trial is untouched.
    expect(((await join(other.cookie, product.id)).json().membership as Membership).status).toBe('trialing');
  });

  it('counts the trial of the same e-mail address, whatever account had it', async () => {
    const product = await trialProduct();
    const before = await createSignedInUser(app.test);
    const first = (await join(before.cookie, product.id)).json().membership as Membership;
    await endTrial(before.cookie, first.id);
    // The first account moves to another address; a new account takes the one that had the trial.
    await app.test.database.pool.query(`UPDATE users SET email = $2 WHERE id = $1`, [before.id, `moved-${before.email}`]);
    await app.test.database.pool.query(`UPDATE subscriptions SET subscriber_email = upper(subscriber_email) WHERE id = $1`, [first.id]);
    const after = await createSignedInUser(app.test, { email: before.email });
    expect(await plan(product.id, after.cookie)).toMatchObject({ trialUsed: true });
    const joined = (await join(after.cookie, product.id)).json().membership as Membership;
    expect(joined.status).toBe('active');
    expect(await chargesOf(joined.id)).toEqual([1000]);
  });

  it('remembers the trial after the account is deleted: the same address signing up again is charged at once', async () => {
    const product = await trialProduct();
    const before = await createSignedInUser(app.test);
    const first = (await join(before.cookie, product.id)).json().membership as Membership;
    expect(first.status).toBe('trialing');
    await endTrial(before.cookie, first.id);
    // Only the account itself deletes it; its subscriptions go with it, the trial's record stays.
    expect((await call('DELETE', '/api/profile', { payload: { password: TEST_PASSWORD } })).statusCode).toBe(401);
    const deleted = await call('DELETE', '/api/profile', { cookie: before.cookie, payload: { password: TEST_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const gone = await app.test.database.pool.query(`SELECT 1 FROM subscriptions WHERE id = $1`, [first.id]);
    expect(gone.rowCount).toBe(0);
    const { rows } = await app.test.database.pool.query(`SELECT email FROM membership_trials WHERE product_id = $1`, [product.id]);
    expect(rows).toEqual([{ email: before.email.toLowerCase() }]);

    const after = await createSignedInUser(app.test, { email: before.email });
    expect(after.id).not.toBe(before.id);
    expect(await plan(product.id, after.cookie)).toMatchObject({ trialDays: 7, trialUsed: true });
    const joined = await join(after.cookie, product.id);
    expect(joined.statusCode, joined.body).toBe(201);
    const again = joined.json().membership as Membership;
    expect(again.status).toBe('active');
    expect(await chargesOf(again.id)).toEqual([1000]);
    // No second trial recorded for the address.
    expect((await app.test.database.pool.query(`SELECT 1 FROM membership_trials WHERE product_id = $1`, [product.id])).rowCount).toBe(1);
  });

  it('is filled by its migration from the subscriptions that had a trial', async () => {
    const product = await trialProduct();
    const trialing = await createSignedInUser(app.test);
    expect(((await join(trialing.cookie, product.id)).json().membership as Membership).status).toBe('trialing');
    const paying = await createSignedInUser(app.test);
    await app.test.database.pool.query(`INSERT INTO membership_trials (product_id, email) VALUES ($1, $2)`, [product.id, paying.email.toLowerCase()]);
    expect(((await join(paying.cookie, product.id)).json().membership as Membership).status).toBe('active');
    await app.test.database.pool.query(`UPDATE subscriptions SET subscriber_email = upper(subscriber_email) WHERE product_id = $1`, [product.id]);

    const migration = await readFile(new URL('../../db/migrations/0052_membership_trials.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "membership_trials"');
    const client = await app.test.database.pool.connect();
    try {
      // Run again as if the table were new (this product's rows are read); undone after.
      await client.query('BEGIN');
      await client.query(`DELETE FROM membership_trials`);
      await client.query(backfill);
      const { rows } = await client.query(`SELECT user_id, email FROM membership_trials WHERE product_id = $1`, [product.id]);
      expect(rows).toEqual([{ user_id: trialing.id, email: trialing.email.toLowerCase() }]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
