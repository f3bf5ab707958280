// Workflows (issue #22): a purchase enrols its buyer, each step goes out through the task queue at
// its time (the tests move time by making the queued steps due, then run them), once, in the
// recipient's language, and a refund or an unsubscribe stops the rest.
import { describe, expect, it } from 'vitest';
import type { AudienceWorkflow, WorkflowInput } from '#shared/audience-api.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createSignedInUser, createTestApp, listeningTestApp, logIn, mailSent, request, signUp, uniqueEmail, waitFor } from '../../test/test-app.ts';
import { buy, createProduct, salesOf } from '../orders/test-helpers.ts';

const app = listeningTestApp();
const DAY = 86_400_000;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  request(app.test.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const creator = (name = 'Wanda Workflow') => createSignedInUser(app.test, { role: 'creator', name });

async function createWorkflow(cookie: string, input: WorkflowInput): Promise<AudienceWorkflow> {
  const response = await call('POST', '/api/audience/workflows', cookie, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AudienceWorkflow;
}

const workflow = async (cookie: string, id: string) => (await call('GET', `/api/audience/workflows/${id}`, cookie)).json() as AudienceWorkflow;

/** Runs the workflow steps that are due now, and waits for their mails. */
async function runDueSteps() {
  await app.test.app.zerri.tasks.drain({ names: ['audience.workflow'] });
  await mailSent(app.test.database);
}

/** Moves the clock of the queued workflow steps `days` ahead (they fall due as if that time had passed), then runs the due ones. */
async function passDays(days: number) {
  await app.test.database.pool.query(`UPDATE tasks SET run_at = run_at - make_interval(days => $1) WHERE name = 'audience.workflow'`, [days]);
  await runDueSteps();
}

/** The workflow mails (their bodies say "About …") an address got, by the step's subject (the creator's subject is the body's title). */
async function mailsTo(email: string, title?: string) {
  const { rows } = await app.test.database.pool.query<{ subject: string; text: string }>(
    `SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND text LIKE '%About **%' AND ($2::text IS NULL OR text LIKE '%' || $2 || '%') ORDER BY id`,
    [email, title ?? null],
  );
  return rows;
}

const steps = (...list: [number, string][]) => list.map(([delayDays, subject]) => ({ delayDays, subject, body: `About **${subject}**.` }));

describe('workflows', () => {
  it('enrols a purchase and sends each step at its time, once, in the buyer’s language', async () => {
    const seller = await creator();
    const brushes = await createProduct(app.base, seller.cookie, { name: 'Brushes', price: '10' });
    const fonts = await createProduct(app.base, seller.cookie, { name: 'Fonts', price: '5' });
    const onboarding = await createWorkflow(seller.cookie, { name: 'Brushes onboarding', productId: brushes.id, steps: steps([0, 'Welcome to Brushes'], [3, 'Brushes tips']) });
    const thanks = await createWorkflow(seller.cookie, { name: 'Thanks', productId: null, steps: steps([1, 'Thank you for buying']) });
    const paused = await createWorkflow(seller.cookie, { name: 'Paused', productId: null, paused: true, steps: steps([0, 'Never sent']) });
    expect(onboarding).toMatchObject({ productName: 'Brushes', paused: false, stats: { enrolled: 0, sent: 0 } });

    // A signed-in buyer who reads French; a guest buyer of the other product.
    const buyer = await createSignedInUser(app.test, { name: 'Fabienne' });
    await app.test.database.pool.query(`UPDATE users SET locale = 'fr' WHERE id = $1`, [buyer.id]);
    await buy(app.test, buyer.email, [brushes.id], buyer.cookie);
    const guest = uniqueEmail('guest');
    await buy(app.test, guest, [fonts.id]);
    expect((await workflow(seller.cookie, onboarding.id)).stats).toMatchObject({ enrolled: 1 });
    expect((await workflow(seller.cookie, thanks.id)).stats).toMatchObject({ enrolled: 2 });
    expect((await workflow(seller.cookie, paused.id)).stats).toMatchObject({ enrolled: 0 });

    // Day 0: only the first step of the onboarding is due.
    await runDueSteps();
    const welcome = await mailsTo(buyer.email, 'Welcome to Brushes');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.subject).toBe('Une nouveauté d’un créateur sur Zerri'); // the fixed subject, in the buyer's language
    expect(welcome[0]!.text).toContain('De Wanda Workflow :');
    expect(welcome[0]!.text).toMatch(/\/api\/audience\/unsubscribe\?token=/);
    expect(await mailsTo(buyer.email, 'Thank you for buying')).toHaveLength(0);
    expect(await mailsTo(guest)).toHaveLength(0);

    // A repeat of a step already sent (a task run again after a crash) sends nothing.
    const [enrollment] = (
      await app.test.database.pool.query<{ id: number }>(`SELECT id FROM audience_workflow_enrollments WHERE workflow_id = $1`, [onboarding.id])
    ).rows;
    await enqueueTask(app.test.database.db, 'audience.workflow', { enrollmentId: Number(enrollment!.id), step: 0 });
    await runDueSteps();
    expect(await mailsTo(buyer.email, 'Welcome to Brushes')).toHaveLength(1);

    // Day 1: the thanks to both buyers; day 4: the onboarding's second step.
    await passDays(1);
    expect(await mailsTo(buyer.email, 'Thank you for buying')).toHaveLength(1);
    expect(await mailsTo(guest, 'Thank you for buying')).toHaveLength(1);
    expect((await mailsTo(guest, 'Thank you for buying'))[0]!.subject).toBe('A new update from a creator on Zerri');
    expect(await mailsTo(buyer.email, 'Brushes tips')).toHaveLength(0);
    await passDays(3);
    expect(await mailsTo(buyer.email, 'Brushes tips')).toHaveLength(1);
    await passDays(30);
    expect(await mailsTo(buyer.email)).toHaveLength(3);
    expect(await mailsTo(guest)).toHaveLength(1);
    expect((await workflow(seller.cookie, onboarding.id)).stats).toEqual({ enrolled: 1, sent: 2, active: 0, done: 1, refunded: 0, unsubscribed: 0 });
    expect((await workflow(seller.cookie, thanks.id)).stats).toMatchObject({ enrolled: 2, sent: 2, done: 2 });
    expect(await mailsTo(buyer.email, 'Never sent')).toHaveLength(0);
  });

  it('stops at a refund of the sale', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    const flow = await createWorkflow(seller.cookie, { name: 'Course', productId: product.id, steps: steps([0, 'Lesson one'], [2, 'Lesson two']) });
    const buyer = uniqueEmail('refunded');
    const order = await buy(app.test, buyer, [product.id]);
    await runDueSteps();
    expect(await mailsTo(buyer, 'Lesson one')).toHaveLength(1);
    const [sale] = await salesOf(app.test, order);
    expect((await call('POST', `/api/sales/${sale!.id}/refund`, seller.cookie, {})).statusCode).toBe(200);
    await passDays(2);
    expect(await mailsTo(buyer, 'Lesson two')).toHaveLength(0);
    expect((await workflow(seller.cookie, flow.id)).stats).toMatchObject({ enrolled: 1, sent: 1, active: 0, refunded: 1 });
  });

  it('stops at an unsubscribe from the mail’s link, and enrols no one who unsubscribed', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    const flow = await createWorkflow(seller.cookie, { name: 'Drip', productId: null, steps: steps([0, 'Drip one'], [1, 'Drip two']) });
    const buyer = uniqueEmail('unsub');
    await buy(app.test, buyer, [product.id]);
    await runDueSteps();
    const [first] = await mailsTo(buyer, 'Drip one');
    const url = new URL(/Unsubscribe: (\S+)/.exec(first!.text)![1]!);
    const bare = await app.test.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bare.statusCode, bare.body).toBe(200);
    await passDays(1);
    expect(await mailsTo(buyer, 'Drip two')).toHaveLength(0);
    expect((await workflow(seller.cookie, flow.id)).stats).toMatchObject({ enrolled: 1, sent: 1, unsubscribed: 1 });
    // Buying again: unsubscribed from this creator, so not enrolled.
    const other = await createProduct(app.base, seller.cookie, { price: '3' });
    await buy(app.test, buyer, [other.id]);
    expect((await workflow(seller.cookie, flow.id)).stats.enrolled).toBe(1);
  });

  it('count towards the plan’s e-mails a month; with them used, a step waits for the next month', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    await createWorkflow(seller.cookie, { name: 'Counted', productId: product.id, steps: steps([0, 'Counted one']) });
    const overview = async () => (await call('GET', '/api/audience', seller.cookie)).json().sending as { monthlyLimit: number; sentThisMonth: number };
    await buy(app.test, uniqueEmail('counted'), [product.id]);
    await runDueSteps();
    expect(await overview()).toMatchObject({ monthlyLimit: 1000, sentThisMonth: 1 });

    // The rest of the Free plan's 1,000 this month went out in earlier workflow mails.
    await app.test.database.pool.query(`INSERT INTO audience_workflow_mails (creator_id) SELECT $1 FROM generate_series(1, 999)`, [seller.id]);
    expect(await overview()).toMatchObject({ sentThisMonth: 1000 });
    const late = uniqueEmail('next-month');
    await buy(app.test, late, [product.id]);
    await runDueSteps();
    expect(await mailsTo(late, 'Counted one')).toHaveLength(0);
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const { rows } = await app.test.database.pool.query<{ run_at: Date }>(
      `SELECT t.run_at FROM tasks t JOIN audience_workflow_enrollments e ON e.id = (t.payload->>'enrollmentId')::bigint WHERE t.name = 'audience.workflow' AND e.email = $1 AND t.state = 'queued'`,
      [late],
    );
    expect(rows.map((row) => row.run_at.getTime())).toEqual([nextMonth.getTime()]);
    // Next month (the allowance renews): it goes out, once.
    await app.test.database.pool.query(`UPDATE audience_workflow_mails SET sent_at = sent_at - interval '32 days' WHERE creator_id = $1`, [seller.id]);
    await passDays(32);
    expect(await mailsTo(late, 'Counted one')).toHaveLength(1);
    expect(await overview()).toMatchObject({ sentThisMonth: 1 });
  });

  it('while paused sends nothing and enrols no one; resumed, the waiting steps go out', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    const input = { name: 'Later', productId: product.id, steps: steps([1, 'Day one']) };
    const flow = await createWorkflow(seller.cookie, input);
    const early = uniqueEmail('early');
    await buy(app.test, early, [product.id]);
    expect((await call('PUT', `/api/audience/workflows/${flow.id}`, seller.cookie, { ...input, paused: true })).json()).toMatchObject({ paused: true });
    const late = uniqueEmail('late');
    await buy(app.test, late, [product.id]);
    await passDays(1);
    expect(await mailsTo(early)).toHaveLength(0);
    const resumed = await call('PUT', `/api/audience/workflows/${flow.id}`, seller.cookie, { ...input, paused: false });
    expect(resumed.json()).toMatchObject({ paused: false, stats: { enrolled: 1 } });
    // Queued again for the time it was due (a day after the purchase; the clock here moves for queued steps only).
    await passDays(1);
    expect(await mailsTo(early, 'Day one')).toHaveLength(1);
    expect(await mailsTo(late)).toHaveLength(0);
  });

  it('belongs to its creator: another creator gets 404, signed out 401, and invalid input 400', async () => {
    const seller = await creator();
    const other = await creator('Olga Other');
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    const input = { name: 'Mine', productId: product.id, steps: steps([0, 'Hello']) };
    const flow = await createWorkflow(seller.cookie, input);
    expect((await call('GET', `/api/audience/workflows/${flow.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/api/audience/workflows/${flow.id}`, other.cookie, input)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/audience/workflows/${flow.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/audience/workflows', other.cookie)).json()).toEqual({ items: [] });
    expect((await call('GET', '/api/audience/workflows')).statusCode).toBe(401);
    expect((await call('POST', '/api/audience/workflows', undefined, input)).statusCode).toBe(401);
    // Another creator's product cannot start one's workflow.
    const foreign = await call('POST', '/api/audience/workflows', other.cookie, input);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('product_not_found');
    expect((await call('POST', '/api/audience/workflows', seller.cookie, { ...input, steps: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/audience/workflows', seller.cookie, { ...input, steps: steps([400, 'Too late']) })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/audience/workflows/${flow.id}`, seller.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/audience/workflows/${flow.id}`, seller.cookie)).statusCode).toBe(404);
  });

  it('keeps a step due later than now waiting (the queue runs it at its time, not before)', async () => {
    const seller = await creator();
    const product = await createProduct(app.base, seller.cookie, { price: '10' });
    await createWorkflow(seller.cookie, { name: 'Weekly', productId: product.id, steps: steps([7, 'A week later']) });
    const buyer = uniqueEmail('week');
    await buy(app.test, buyer, [product.id]);
    const { rows } = await app.test.database.pool.query<{ run_at: Date }>(
      `SELECT t.run_at FROM tasks t JOIN audience_workflow_enrollments e ON (t.payload->>'enrollmentId')::bigint = e.id WHERE t.name = 'audience.workflow' AND e.email = $1`,
      [buyer],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    await runDueSteps();
    expect(await mailsTo(buyer)).toHaveLength(0);
    await passDays(6);
    expect(await mailsTo(buyer)).toHaveLength(0);
    await passDays(1);
    expect(await mailsTo(buyer, 'A week later')).toHaveLength(1);
  });
});

describe('workflow mails at a real SMTP server', () => {
  it('delivers each step once, with the one-click unsubscribe headers, even when the step runs again', { timeout: 120_000 }, async () => {
    const peer = await startSmtpPeer();
    const test = await createTestApp({ SMTP_URL: peer.url });
    try {
      const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
      // The confirmation mail goes to the SMTP server too: the account is confirmed in the database.
      const sellerEmail = uniqueEmail('smtp-seller');
      expect((await signUp(test.app, { email: sellerEmail, role: 'creator', name: 'Sam Smtp' })).statusCode).toBe(200);
      await test.database.pool.query(`UPDATE users SET email_verified = true WHERE email = $1`, [sellerEmail]);
      const seller = { cookie: await logIn(test.app, sellerEmail) };
      const product = await createProduct(base, seller.cookie, { price: '10' });
      const created = await request(test.app, {
        method: 'POST',
        url: '/api/audience/workflows',
        cookie: seller.cookie,
        payload: { name: 'Wire', productId: product.id, steps: steps([0, 'On the wire']) },
      });
      expect(created.statusCode, created.body).toBe(201);
      const buyer = uniqueEmail('wire');
      await buy(test, buyer, [product.id]);
      const toBuyer = () => peer.received.filter((mail) => mail.to.includes(buyer) && mail.raw.includes('On the wire'));

      await test.app.zerri.tasks.drain({ names: ['audience.workflow'] });
      await waitFor('the step’s mail at the SMTP server', () => toBuyer().length > 0);
      // The step again, as after a crash between sending and the task's end: no second mail.
      const { rows } = await test.database.pool.query<{ id: number }>(`SELECT id FROM audience_workflow_enrollments WHERE workflow_id = $1`, [
        (created.json() as AudienceWorkflow).id,
      ]);
      await enqueueTask(test.database.db, 'audience.workflow', { enrollmentId: Number(rows[0]!.id), step: 0 });
      await test.app.zerri.tasks.drain({ names: ['audience.workflow'] });
      await waitFor('the mail queue emptied', async () => {
        const queued = await test.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE name IN ('mail.send', 'audience.workflow')`);
        return queued.rows[0]!.n === 0;
      });

      expect(toBuyer()).toHaveLength(1);
      const raw = toBuyer()[0]!.raw.replace(/\r\n[ \t]+/g, ' '); // headers unfolded
      expect(raw).toMatch(/List-Unsubscribe: <http:\/\/zerri\.test\/api\/audience\/unsubscribe\?token=[\w.-]+>/);
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(raw).toContain('Subject: A new update from a creator on Zerri');
    } finally {
      await test.close();
      await peer.close();
    }
  });
});
