import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp } from '../test/test-app.ts';
import { deleteInBatches } from '../db/batches.ts';
import { tasks } from '../db/schema/tasks.ts';
import { createTaskRunner, enqueueTask, PermanentTaskError, purgeFailedTasks, type TaskRunner } from './tasks.ts';

// The queue on PostgreSQL (platform/tasks.ts), with runners as several instances would have them.

let test: TestApp;
const runners: TaskRunner[] = [];
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop(100)));
  await test.close();
});

function runner(options: { lockTimeoutMs?: number; pollMs?: number } = {}) {
  const made = createTaskRunner({ db: test.database.db, databaseUrl: test.databaseUrl, log: test.app.log, ...options });
  runners.push(made);
  return made;
}

const rowsOf = async (name: string) =>
  (await test.database.pool.query<{ id: string; state: string; attempts: number; last_error: string | null; run_at: Date; key: string | null }>(`SELECT * FROM tasks WHERE name = $1 ORDER BY id`, [name])).rows;

/** The database's clock (run_at is set by it). */
const dbNow = async () => (await test.database.pool.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;

/** The explicit clock of these tests: the recurring task's next run becomes due now. */
const makeDue = (name: string) => test.database.pool.query(`UPDATE tasks SET run_at = now() - interval '1 second' WHERE name = $1 AND state = 'queued'`, [name]);

const HOUR_MS = 60 * 60 * 1000;

describe('task queue', () => {
  it('runs each task once across two instances and deletes it when done', async () => {
    const seen: number[] = [];
    const handle = async (payload: { n: number }) => {
      seen.push(payload.n);
    };
    const [one, two] = [runner(), runner()];
    one.define('test.count', { handle });
    two.define('test.count', { handle });
    await Promise.all([one.start(), two.start()]);
    await test.database.db.transaction(async (tx) => {
      for (let n = 0; n < 200; n++) await enqueueTask(tx, 'test.count', { n });
    });
    await waitFor('200 tasks', () => seen.length >= 200);
    await waitFor('an empty queue', async () => (await rowsOf('test.count')).length === 0);
    expect(seen.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('adds nothing when the transaction rolls back, and one task per key', async () => {
    await test.database.db
      .transaction(async (tx) => {
        await enqueueTask(tx, 'test.rollback', {});
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await rowsOf('test.rollback')).toEqual([]);
    await enqueueTask(test.database.db, 'test.keyed', { first: true }, { key: 'only-one', runAt: new Date(Date.now() + 60_000) });
    await enqueueTask(test.database.db, 'test.keyed', { first: false }, { key: 'only-one', runAt: new Date(Date.now() + 60_000) });
    expect(await rowsOf('test.keyed')).toHaveLength(1);
  });

  it('retries a failing task with a backoff, and keeps it as failed when its attempts are used up or the failure is permanent', async () => {
    let calls = 0;
    const worker = runner({ pollMs: 50 });
    worker.define('test.flaky', {
      backoffSeconds: () => 0.05,
      handle: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`try ${calls} failed`);
      },
    });
    worker.define('test.broken', { backoffSeconds: () => 0.05, handle: async () => Promise.reject(new Error('always broken')) });
    worker.define('test.refused', { handle: async () => Promise.reject(new PermanentTaskError('refused for good')) });
    await worker.start();
    await enqueueTask(test.database.db, 'test.flaky', {});
    await enqueueTask(test.database.db, 'test.broken', {}, { maxAttempts: 3 });
    await enqueueTask(test.database.db, 'test.refused', {}, { maxAttempts: 5 });
    await waitFor('the flaky task to succeed', async () => calls === 3 && (await rowsOf('test.flaky')).length === 0);
    await waitFor('the broken task to fail', async () => (await rowsOf('test.broken'))[0]?.state === 'failed');
    expect(await rowsOf('test.broken')).toMatchObject([{ state: 'failed', attempts: 3, last_error: 'always broken' }]);
    await waitFor('the refused task to fail', async () => (await rowsOf('test.refused'))[0]?.state === 'failed');
    expect(await rowsOf('test.refused')).toMatchObject([{ state: 'failed', attempts: 1, last_error: 'refused for good' }]);
  });

  it('takes back a task whose instance died while running it', async () => {
    await test.database.pool.query(
      `INSERT INTO tasks (name, payload, state, attempts, locked_at, locked_by) VALUES ('test.orphan', '{}', 'running', 1, now() - interval '1 hour', 'dead-instance')`,
    );
    let ran = 0;
    const worker = runner({ lockTimeoutMs: 60_000, pollMs: 50 });
    worker.define('test.orphan', { handle: async () => void (ran += 1) });
    await worker.start();
    await waitFor('the orphan to run', async () => ran === 1 && (await rowsOf('test.orphan')).length === 0);
  });

  it('on stop, hands a task that does not finish in time back to the queue', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = runner();
    worker.define('test.slow', {
      handle: async () => {
        release();
        await new Promise(() => {}); // never finishes
      },
    });
    await worker.start();
    await enqueueTask(test.database.db, 'test.slow', {});
    await started;
    expect((await rowsOf('test.slow'))[0]?.state).toBe('running');
    await worker.stop(100);
    expect(await rowsOf('test.slow')).toMatchObject([{ state: 'queued', attempts: 1 }]);
  });

  it('keeps one run of a recurring task across instances, runs it on one at a time, and puts it back an interval later', async () => {
    let runs = 0;
    let inside = 0;
    let overlapped = false;
    const handle = async () => {
      inside += 1;
      if (inside > 1) overlapped = true;
      runs += 1;
      await test.database.pool.query('SELECT pg_sleep(0.02)'); // long enough for the other instance to try
      inside -= 1;
    };
    const [one, two] = [runner({ pollMs: 50 }), runner({ pollMs: 50 })];
    one.every('test.every', HOUR_MS, handle);
    two.every('test.every', HOUR_MS, handle);
    await Promise.all([one.start(), two.start()]);
    expect(await rowsOf('test.every')).toMatchObject([{ key: 'every:test.every' }]);
    await one.drain({ names: ['test.every'] }); // the first run is due at once
    expect(runs).toBe(1);

    for (let round = 2; round <= 6; round++) {
      await makeDue('test.every');
      const before = await dbNow();
      await one.drain({ names: ['test.every'] });
      const after = await dbNow();
      expect(runs).toBe(round);
      const rows = await rowsOf('test.every');
      expect(rows).toMatchObject([{ state: 'queued', attempts: 0, last_error: null }]);
      expect(rows[0]!.run_at.getTime()).toBeGreaterThanOrEqual(before.getTime() + HOUR_MS);
      expect(rows[0]!.run_at.getTime()).toBeLessThanOrEqual(after.getTime() + HOUR_MS);
    }
    expect(overlapped).toBe(false);

    // Another instance starting adds no run and leaves the schedule as it is.
    const [scheduled] = await rowsOf('test.every');
    const three = runner();
    three.every('test.every', HOUR_MS, handle);
    await three.start();
    expect(await rowsOf('test.every')).toEqual([scheduled]);
    expect(runs).toBe(6);
  });

  it('records a failing run of a recurring task and keeps its schedule, however often it fails', async () => {
    let calls = 0;
    const worker = runner();
    worker.every('test.every-failing', HOUR_MS, async () => {
      calls += 1;
      if (calls <= 12) throw new Error(`run ${calls} failed`);
    });
    await worker.start();
    await worker.drain({ names: ['test.every-failing'] });
    expect(await rowsOf('test.every-failing')).toMatchObject([{ state: 'queued', attempts: 1, last_error: 'run 1 failed' }]);
    expect((await rowsOf('test.every-failing'))[0]!.run_at.getTime()).toBeGreaterThan((await dbNow()).getTime() + HOUR_MS / 2);
    expect(test.logs()).toContain('run 1 failed');

    // More failures in a row than a task's attempts (10): it is never given up.
    for (let run = 2; run <= 12; run++) {
      await makeDue('test.every-failing');
      await worker.drain({ names: ['test.every-failing'] });
    }
    expect(await rowsOf('test.every-failing')).toMatchObject([{ state: 'queued', attempts: 12, last_error: 'run 12 failed' }]);
    await makeDue('test.every-failing');
    await worker.drain({ names: ['test.every-failing'] });
    expect(calls).toBe(13);
    expect(await rowsOf('test.every-failing')).toMatchObject([{ state: 'queued', attempts: 0, last_error: null }]);
  });

  it('brings the next run forward when an instance starts with a shorter interval', async () => {
    const daily = runner();
    daily.every('test.every-shorter', 24 * HOUR_MS, async () => {});
    await daily.start();
    await daily.drain({ names: ['test.every-shorter'] });
    await daily.stop(100);
    const hourly = runner();
    hourly.every('test.every-shorter', HOUR_MS, async () => {});
    const before = await dbNow();
    await hourly.start();
    const rows = await rowsOf('test.every-shorter');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.run_at.getTime()).toBeLessThanOrEqual((await dbNow()).getTime() + HOUR_MS);
    expect(rows[0]!.run_at.getTime()).toBeGreaterThanOrEqual(before.getTime() + HOUR_MS);
  });

  it('removes failed tasks after 30 days, in batches, and keeps the rest', async () => {
    await test.database.pool.query(
      `INSERT INTO tasks (name, payload, state, attempts, failed_at, created_at) VALUES
         ('test.purge-old', '{}', 'failed', 10, now() - interval '31 days', now() - interval '32 days'),
         ('test.purge-recent', '{}', 'failed', 10, now() - interval '29 days', now() - interval '32 days'),
         ('test.purge-waiting', '{}', 'queued', 3, NULL, now() - interval '40 days')`,
    );
    expect(await purgeFailedTasks(test.database.db)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('test.purge-old')).toEqual([]);
    expect(await rowsOf('test.purge-recent')).toHaveLength(1);
    expect(await rowsOf('test.purge-waiting')).toHaveLength(1);

    await test.database.pool.query(`INSERT INTO tasks (name, payload, state) SELECT 'test.batch', '{}', 'failed' FROM generate_series(1, 5)`);
    expect(await deleteInBatches(test.database.db, tasks, tasks.id, sql`${tasks.name} = 'test.batch'`, 2)).toBe(5);
    expect(await rowsOf('test.batch')).toEqual([]);
  });
});
