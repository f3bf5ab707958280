import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, mailSent, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { enqueueTask, PermanentTaskError } from '../../platform/tasks.ts';

// The admin's Background tasks page: GET /api/admin/tasks and POST /api/admin/tasks/:id/retry.

let test: TestApp;
let admin: string;
let refuse = true;
beforeAll(async () => {
  test = await createTestApp({}, {
    beforeReady(app) {
      // A task kind that fails for good until the test lets it through.
      app.zerri.tasks.define<{ to: string }>('test.deliver', {
        describe: (payload) => `Deliver to ${payload.to}`,
        handle: async () => {
          if (refuse) throw new PermanentTaskError('The receiver refused it.');
        },
      });
    },
  });
  admin = (await createSignedInUser(test, { role: 'admin' })).cookie;
});
afterAll(() => test.close());

const list = (cookie: string | undefined, state?: string) =>
  request(test.app, { method: 'GET', url: `/api/admin/tasks${state ? `?state=${state}` : ''}`, cookie });

async function failedTasks() {
  for (let tries = 0; tries < 500; tries++) {
    const failed = (await list(admin, 'failed')).json().items as { id: number; summary: string; lastError: string }[];
    if (failed.length > 0) return failed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no failed task');
}

describe('background tasks for admins', () => {
  it('lists a failed task with its error, and runs it again on "retry now"', async () => {
    await mailSent(test.database);
    await enqueueTask(test.database.db, 'test.deliver', { to: 'hooks.example' });
    const [failed] = await failedTasks();
    expect(failed).toMatchObject({ summary: 'Deliver to hooks.example', lastError: 'The receiver refused it.', recurring: false });
    const all = (await list(admin)).json();
    expect(all.counts).toMatchObject({ failed: 1 });

    refuse = false;
    const retried = await request(test.app, { method: 'POST', url: `/api/admin/tasks/${failed!.id}/retry`, cookie: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed!.id, state: 'queued', attempts: 0, failedAt: null });
    // Done and gone; what waits now is only the app's work on a timer (one queued run each).
    await waitFor('the retried task to run', async () => !(await list(admin)).json().items.some((task: { id: number }) => task.id === failed!.id));
    const { counts, items } = (await list(admin)).json() as { counts: Record<string, number>; items: { name: string; recurring: boolean }[] };
    expect(counts).toMatchObject({ retrying: 0, failed: 0 });
    expect(items.map((task) => task.name).toSorted()).toEqual(['audience.trial-ending', 'auth.purge', 'checkout.reminders', 'domains.check', 'links.purge', 'memberships.cycle', 'notifications.digest', 'notifications.purge', 'orders.expire', 'payouts.test-accounts', 'plans.cycle', 'tasks.purge', 'webhooks.purge']);
    expect(items.every((task) => task.recurring)).toBe(true);
    const again = await request(test.app, { method: 'POST', url: `/api/admin/tasks/${failed!.id}/retry`, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('task_not_found');
  });

  it('is for admins only', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const role of ['creator', 'user', 'company']) {
      const { cookie } = await createSignedInUser(test, { role });
      expect((await list(cookie)).statusCode).toBe(403);
      expect((await request(test.app, { method: 'POST', url: '/api/admin/tasks/1/retry', cookie })).statusCode).toBe(403);
    }
  });
});
