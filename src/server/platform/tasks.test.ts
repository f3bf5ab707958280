import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp } from '../test/test-app.ts';
import { createTaskRunner, enqueueTask, PermanentTaskError, type TaskRunner } from './tasks.ts';

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
  (await test.database.pool.query<{ id: string; state: string; attempts: number; last_error: string | null }>(`SELECT * FROM tasks WHERE name = $1 ORDER BY id`, [name])).rows;

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
});
