// Workflow triggers beyond a purchase (issue #46): a new follower (a confirmed "Get updates" sign-up,
// or a follow), a membership started, a membership cancelled, a trial about to end. Each event enrols
// a person once per workflow, and the steps go out through the task queue after their delays (the
// tests move time by making the queued steps due; memberships and trials on the app's clock). A
// paused workflow enrols nobody, an unsubscribed address gets nothing, another creator's workflows
// are untouched.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AudienceWorkflow, WorkflowInput } from '#shared/audience-api.ts';
import { TRIAL_ENDING_NOTICE_DAYS } from '#shared/audience.ts';
import type { Membership } from '#shared/memberships-api.ts';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSignedInUser, firstLink, latestMailTo, listeningTestApp, mailSent, request, uniqueEmail } from '../../test/test-app.ts';
import { runMembershipCycle } from '../memberships/service.ts';
import { createProduct, GOOD_CARD } from '../orders/test-helpers.ts';
import { enrolEndingTrials, TRIAL_ENDING_TASK } from './workflows.ts';

const clock = new MovableClock();
const app = listeningTestApp({ clock });
const ctx = () => app.test.app.zerri as AppContext;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  request(app.test.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const creator = (name = 'Tess Trigger') => createSignedInUser(app.test, { role: 'creator', name });

async function createWorkflow(cookie: string, input: WorkflowInput): Promise<AudienceWorkflow> {
  const response = await call('POST', '/api/audience/workflows', cookie, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AudienceWorkflow;
}

const enrolled = async (cookie: string, id: string) => ((await call('GET', `/api/audience/workflows/${id}`, cookie)).json() as AudienceWorkflow).stats.enrolled;

async function runDueSteps() {
  await app.test.app.zerri.tasks.drain({ names: ['audience.workflow'] });
  await mailSent(app.test.database);
}

/** The queued workflow steps fall due as if `days` had passed; then the due ones run. */
async function passDays(days: number) {
  await app.test.database.pool.query(`UPDATE tasks SET run_at = run_at - make_interval(days => $1) WHERE name = 'audience.workflow'`, [days]);
  await runDueSteps();
}

/** The workflow mails an address got (their bodies say "About **<subject>**"). */
async function mailsTo(email: string, title?: string) {
  const { rows } = await app.test.database.pool.query<{ subject: string; text: string }>(
    `SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND text LIKE '%About **%' AND ($2::text IS NULL OR text LIKE '%' || $2 || '%') ORDER BY id`,
    [email, title ?? null],
  );
  return rows;
}

const steps = (...list: [number, string][]) => list.map(([delayDays, subject]) => ({ delayDays, subject, body: `About **${subject}**.` }));

/** A "Get updates" sign-up, confirmed through its mailed link; the link, to follow again. */
async function signUpForUpdates(creatorId: string, email: string, confirm = true) {
  const response = await call('POST', '/api/audience/subscribe', undefined, { creatorId, email });
  expect(response.statusCode, response.body).toBe(202);
  const link = new URL(firstLink((await latestMailTo(app.test.database, email))!.text));
  if (confirm) expect((await call('GET', link.pathname + link.search)).statusCode).toBe(200);
  return link;
}

const follow = (cookie: string, userId: string, on = true) => call(on ? 'PUT' : 'DELETE', `/api/users/${userId}/follow`, cookie);

async function membershipProduct(cookie: string, trialDays = 0) {
  const product = await createProduct(app.base, cookie, { name: `Club ${randomBytes(3).toString('hex')}`, price: '0' });
  const saved = await call('PUT', `/api/memberships/plans/${product.id}`, cookie, { trialDays, tiers: [{ versionId: null, monthlyCents: 1000, yearlyCents: null }] });
  expect(saved.statusCode, saved.body).toBe(200);
  return product;
}

async function join(cookie: string, productId: string): Promise<Membership> {
  const response = await call('POST', '/api/memberships', cookie, { productId, interval: 'month', card: GOOD_CARD });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { membership: Membership }).membership;
}

const unsubscribe = (creatorId: string, email: string) =>
  app.test.database.pool.query(`INSERT INTO audience_unsubscribes (creator_id, email) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [creatorId, email]);

describe('workflow triggers', () => {
  it('new follower: a confirmed sign-up and a follow enrol once each and get the steps after their delays', async () => {
    const seller = await creator();
    const flow = await createWorkflow(seller.cookie, { name: 'Hello', trigger: 'follower', steps: steps([0, 'Hello follower'], [2, 'Follower tips']) });
    const paused = await createWorkflow(seller.cookie, { name: 'Paused', trigger: 'follower', paused: true, steps: steps([0, 'Paused hello']) });
    const bought = await createWorkflow(seller.cookie, { name: 'Bought', steps: steps([0, 'Thanks for buying']) });
    const other = await creator('Otto Other');
    const othersFlow = await createWorkflow(other.cookie, { name: 'Theirs', trigger: 'follower', steps: steps([0, 'Other hello']) });
    expect(flow).toMatchObject({ trigger: 'follower', productId: null });
    expect(bought.trigger).toBe('purchase');

    const subscriber = uniqueEmail('follower');
    const link = await signUpForUpdates(seller.id, subscriber);
    await signUpForUpdates(seller.id, uniqueEmail('unconfirmed'), false);
    expect(await enrolled(seller.cookie, flow.id)).toBe(1);
    // The confirmation link followed again, and a second sign-up of the address: the same follower.
    expect((await call('GET', link.pathname + link.search)).statusCode).toBe(200);
    await signUpForUpdates(seller.id, subscriber);
    expect(await enrolled(seller.cookie, flow.id)).toBe(1);

    // A signed-in fan follows; unfollowing and following again enrols no one twice.
    const fan = await createSignedInUser(app.test, { name: 'Fay Fan' });
    expect((await follow(fan.cookie, seller.id)).statusCode).toBe(200);
    expect((await follow(fan.cookie, seller.id, false)).statusCode).toBe(200);
    expect((await follow(fan.cookie, seller.id)).statusCode).toBe(200);
    expect(await enrolled(seller.cookie, flow.id)).toBe(2);

    await runDueSteps();
    expect(await mailsTo(subscriber, 'Hello follower')).toHaveLength(1);
    expect(await mailsTo(fan.email, 'Hello follower')).toHaveLength(1);
    expect(await mailsTo(subscriber, 'Follower tips')).toHaveLength(0);
    await passDays(1);
    expect(await mailsTo(subscriber, 'Follower tips')).toHaveLength(0);
    await passDays(1);
    expect(await mailsTo(subscriber, 'Follower tips')).toHaveLength(1);
    expect(await mailsTo(fan.email, 'Follower tips')).toHaveLength(1);
    await passDays(30);
    expect(await mailsTo(subscriber)).toHaveLength(2);

    // The paused workflow, the purchase one and another creator's enrolled nobody.
    expect(await enrolled(seller.cookie, paused.id)).toBe(0);
    expect(await enrolled(seller.cookie, bought.id)).toBe(0);
    expect(await enrolled(other.cookie, othersFlow.id)).toBe(0);
    expect(await mailsTo(subscriber, 'Paused hello')).toHaveLength(0);
  });

  it('honours unsubscribes: an unsubscribed address is enrolled in nothing, and one unsubscribing later gets no more', async () => {
    const seller = await creator();
    const flow = await createWorkflow(seller.cookie, { name: 'Drip', trigger: 'follower', steps: steps([0, 'Drip one'], [1, 'Drip two']) });
    const club = await membershipProduct(seller.cookie);
    const started = await createWorkflow(seller.cookie, { name: 'Members', trigger: 'membership_started', productId: club.id, steps: steps([0, 'Member hello']) });

    // Unsubscribed before following, and before joining.
    const fan = await createSignedInUser(app.test);
    await unsubscribe(seller.id, fan.email);
    expect((await follow(fan.cookie, seller.id)).statusCode).toBe(200);
    await join(fan.cookie, club.id);
    expect(await enrolled(seller.cookie, flow.id)).toBe(0);
    expect(await enrolled(seller.cookie, started.id)).toBe(0);

    // Unsubscribing between two steps: the second never goes out.
    const later = await createSignedInUser(app.test);
    expect((await follow(later.cookie, seller.id)).statusCode).toBe(200);
    await runDueSteps();
    expect(await mailsTo(later.email, 'Drip one')).toHaveLength(1);
    await unsubscribe(seller.id, later.email);
    await passDays(1);
    expect(await mailsTo(later.email, 'Drip two')).toHaveLength(0);
    expect(await mailsTo(fan.email)).toHaveLength(0);
    expect((await call('GET', `/api/audience/workflows/${flow.id}`, seller.cookie)).json()).toMatchObject({ stats: { enrolled: 1, sent: 1, unsubscribed: 1 } });
  });

  it('membership started and cancelled: once each, for that membership or any, the steps after their delays', async () => {
    const seller = await creator();
    const club = await membershipProduct(seller.cookie);
    const otherClub = await membershipProduct(seller.cookie);
    const welcome = await createWorkflow(seller.cookie, { name: 'Welcome', trigger: 'membership_started', productId: club.id, steps: steps([1, 'Welcome member']) });
    const anyStart = await createWorkflow(seller.cookie, { name: 'Any start', trigger: 'membership_started', steps: steps([0, 'Any membership']) });
    const winBack = await createWorkflow(seller.cookie, { name: 'Win back', trigger: 'membership_cancelled', steps: steps([0, 'Sorry to see you go'], [3, 'Come back']) });
    expect(welcome).toMatchObject({ trigger: 'membership_started', productId: club.id, productName: club.name });

    const member = await createSignedInUser(app.test);
    const membership = await join(member.cookie, club.id);
    const another = await createSignedInUser(app.test);
    await join(another.cookie, otherClub.id);
    expect(await enrolled(seller.cookie, welcome.id)).toBe(1);
    expect(await enrolled(seller.cookie, anyStart.id)).toBe(2);
    expect(await enrolled(seller.cookie, winBack.id)).toBe(0);

    await runDueSteps();
    expect(await mailsTo(member.email, 'Any membership')).toHaveLength(1);
    expect(await mailsTo(another.email, 'Any membership')).toHaveLength(1);
    expect(await mailsTo(member.email, 'Welcome member')).toHaveLength(0);
    await passDays(1);
    expect(await mailsTo(member.email, 'Welcome member')).toHaveLength(1);
    expect(await mailsTo(another.email, 'Welcome member')).toHaveLength(0);

    // Cancelled, resumed, cancelled again: one enrollment. The period's end (the cancel taking effect) adds none.
    expect((await call('POST', `/api/memberships/${membership.id}/cancel`, member.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/memberships/${membership.id}/resume`, member.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/memberships/${membership.id}/cancel`, member.cookie)).statusCode).toBe(200);
    expect(await enrolled(seller.cookie, winBack.id)).toBe(1);
    await runDueSteps();
    expect(await mailsTo(member.email, 'Sorry to see you go')).toHaveLength(1);
    clock.advanceDays(32);
    await runMembershipCycle(ctx());
    expect((await call('GET', '/api/memberships', member.cookie)).json().items[0]).toMatchObject({ id: membership.id, status: 'canceled' });
    expect(await enrolled(seller.cookie, winBack.id)).toBe(1);
    await passDays(3);
    expect(await mailsTo(member.email, 'Come back')).toHaveLength(1);
    expect(await mailsTo(another.email)).toHaveLength(1);
  });

  it(`trial ending: the recurring task enrols a trialing member ${TRIAL_ENDING_NOTICE_DAYS} days before the trial ends, once, even run twice or at once`, async () => {
    const seller = await creator();
    const club = await membershipProduct(seller.cookie, 7);
    const ending = await createWorkflow(seller.cookie, { name: 'Trial ends', trigger: 'trial_ending', productId: club.id, steps: steps([0, 'Your trial ends soon'], [1, 'Last day']) });
    const paused = await createWorkflow(seller.cookie, { name: 'Paused trial', trigger: 'trial_ending', paused: true, steps: steps([0, 'Paused trial mail']) });
    const other = await creator('Olive Other');
    const otherClub = await membershipProduct(other.cookie, 30);
    const othersFlow = await createWorkflow(other.cookie, { name: 'Their trials', trigger: 'trial_ending', steps: steps([0, 'Other trial']) });

    const member = await createSignedInUser(app.test);
    const trial = await join(member.cookie, club.id);
    expect(trial.status).toBe('trialing');
    const quitter = await createSignedInUser(app.test);
    const quit = await join(quitter.cookie, club.id);
    expect((await call('POST', `/api/memberships/${quit.id}/cancel`, quitter.cookie)).statusCode).toBe(200);
    await join(member.cookie, otherClub.id); // another creator's trial, ending in 30 days

    // A week before the end: nobody yet.
    expect(await enrolEndingTrials(ctx())).toEqual({ enrolled: 0 });
    clock.advanceDays(7 - TRIAL_ENDING_NOTICE_DAYS + 1);
    // Twice at once, then once more: the member once; not the one who cancelled.
    const runs = await Promise.all([enrolEndingTrials(ctx()), enrolEndingTrials(ctx())]);
    expect(runs.reduce((sum, run) => sum + run.enrolled, 0)).toBe(1);
    expect(await enrolEndingTrials(ctx())).toEqual({ enrolled: 0 });
    // The recurring task itself, made due now: nothing more.
    await app.test.database.pool.query(`UPDATE tasks SET run_at = now() WHERE key = $1`, [`every:${TRIAL_ENDING_TASK}`]);
    await app.test.app.zerri.tasks.drain({ names: [TRIAL_ENDING_TASK] });
    expect(await enrolled(seller.cookie, ending.id)).toBe(1);
    expect(await enrolled(seller.cookie, paused.id)).toBe(0);
    expect(await enrolled(other.cookie, othersFlow.id)).toBe(0);

    await runDueSteps();
    expect(await mailsTo(member.email, 'Your trial ends soon')).toHaveLength(1);
    expect(await mailsTo(quitter.email)).toHaveLength(0);
    await passDays(1);
    expect(await mailsTo(member.email, 'Last day')).toHaveLength(1);
    expect(await mailsTo(member.email, 'Paused trial mail')).toHaveLength(0);
    expect(await mailsTo(member.email, 'Other trial')).toHaveLength(0);
  });

  it('a workflow created while a trial is within the notice enrols it at the next run', async () => {
    const seller = await creator();
    const club = await membershipProduct(seller.cookie, 2);
    const member = await createSignedInUser(app.test);
    await join(member.cookie, club.id);
    const ending = await createWorkflow(seller.cookie, { name: 'Late', trigger: 'trial_ending', steps: steps([0, 'Late notice']) });
    expect(await enrolEndingTrials(ctx())).toEqual({ enrolled: 1 });
    expect(await enrolled(seller.cookie, ending.id)).toBe(1);
  });

  it('validates the trigger and its product; answers say the trigger', async () => {
    const seller = await creator();
    const other = await creator('Oona Other');
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    const club = await membershipProduct(seller.cookie);
    const othersClub = await membershipProduct(other.cookie);
    const post = (input: object) => call('POST', '/api/audience/workflows', seller.cookie, { name: 'Flow', steps: steps([0, 'Hi']), ...input });

    const follower = await post({ trigger: 'follower', productId: product.id });
    expect(follower.statusCode).toBe(400);
    expect(follower.body).toContain('A workflow for new followers is not for a product.');
    const notMembership = await post({ trigger: 'membership_started', productId: product.id });
    expect(notMembership.statusCode).toBe(400);
    expect(notMembership.json().error).toMatchObject({ code: 'workflow_product_not_membership', message: 'Please choose one of your memberships.' });
    expect((await post({ trigger: 'trial_ending', productId: product.id })).statusCode).toBe(400);
    expect((await post({ trigger: 'membership_cancelled', productId: othersClub.id })).json().error.code).toBe('product_not_found');
    expect((await post({ trigger: 'someday' })).statusCode).toBe(400);

    // A purchase's may be a membership product (its periods are sales); a membership's is one.
    expect((await post({ productId: club.id })).json()).toMatchObject({ trigger: 'purchase', productId: club.id });
    const flow = (await post({ trigger: 'membership_cancelled', productId: club.id })).json() as AudienceWorkflow;
    expect(flow).toMatchObject({ trigger: 'membership_cancelled', productId: club.id });
    // Changed to a follower's workflow (no product), then a non-membership product for its membership trigger refused.
    const changed = await call('PUT', `/api/audience/workflows/${flow.id}`, seller.cookie, { name: 'Flow', trigger: 'follower', productId: null, steps: steps([0, 'Hi']) });
    expect(changed.json()).toMatchObject({ trigger: 'follower', productId: null });
    const refused = await call('PUT', `/api/audience/workflows/${flow.id}`, seller.cookie, { name: 'Flow', trigger: 'trial_ending', productId: product.id, steps: steps([0, 'Hi']) });
    expect(refused.json().error.code).toBe('workflow_product_not_membership');
    expect((await call('GET', '/api/audience/workflows', seller.cookie)).json().items.map((item: AudienceWorkflow) => item.trigger).toSorted()).toEqual(['follower', 'purchase']);
    // Another creator's workflow of this creator's: not found.
    expect((await call('PUT', `/api/audience/workflows/${flow.id}`, other.cookie, { name: 'Mine', trigger: 'follower', steps: steps([0, 'Hi']) })).statusCode).toBe(404);
  });
});
