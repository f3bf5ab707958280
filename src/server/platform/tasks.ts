import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { deleteInBatches } from '../db/batches.ts';
import type { Db, Executor } from '../db/client.ts';
import { tasks } from '../db/schema/tasks.ts';

// A durable task queue on the app's PostgreSQL (decision 015). enqueueTask writes a row in the
// caller's transaction, so a task exists exactly when the change that causes it committed; its
// NOTIFY wakes the runners at commit. Each instance's runner claims due tasks with FOR UPDATE SKIP
// LOCKED (one instance runs each), deletes a done task, and puts a failed one back with a backoff
// until its attempts are used up (or the handler says the failure is permanent): then it stays,
// failed, for an admin to see and retry. A task whose instance died is taken back (reclaimStale).
// Work on a timer (`every`) is one task row per name that each run puts back for its next time.

const CHANNEL = 'zerri_tasks';
/** A database session's name: its process id and start time (pids are reused). */
const SESSION_NAME_SQL = `pid::text || '@' || extract(epoch FROM backend_start)::text`;
const SESSION_NAME = sql.raw(SESSION_NAME_SQL);

/** Thrown by a handler when trying again cannot help (an SMTP 5xx): the task fails at once. */
export class PermanentTaskError extends Error {}

export interface TaskOptions {
  /** When to run first (default now). */
  runAt?: Date;
  /** Attempts before the task fails for good (default 10). */
  maxAttempts?: number;
  /** At most one unfinished task per key: a second enqueue with the same key adds nothing. */
  key?: string;
}

export type TaskHandler<Payload> = (payload: Payload, task: { id: number; attempts: number }) => Promise<void>;

export interface TaskDefinition<Payload> {
  handle: TaskHandler<Payload>;
  /** A line about one task for the admin's list (a mail's recipient and subject); default the name. */
  describe?: (payload: Payload) => string;
  /** Seconds to wait before attempt n + 1 (default: 2^n seconds plus a little jitter, at most an hour). */
  backoffSeconds?: (attempts: number) => number;
}

/** Adds a task in the given transaction (or on its own); the runners hear of it at commit. */
export async function enqueueTask(executor: Executor, name: string, payload: unknown, options: TaskOptions = {}): Promise<void> {
  const values = { name, payload, maxAttempts: options.maxAttempts ?? 10, key: options.key ?? null, runAt: options.runAt ?? new Date() };
  await executor
    .insert(tasks)
    .values(values)
    .onConflictDoNothing({ target: tasks.key, where: sql`${tasks.key} IS NOT NULL AND ${tasks.state} <> 'failed'` });
  await executor.execute(sql`SELECT pg_notify(${CHANNEL}, ${name})`);
}

/**
 * Wakes every instance's runner at `at`, for a task queued (and committed) to run then: a task due in
 * a second would otherwise wait for the next poll. Best effort: if this process ends first, the poll
 * still finds the task.
 */
export function wakeRunnersAt(db: Db, name: string, at: Date): void {
  const timer = setTimeout(
    () => void db.execute(sql`SELECT pg_notify(${CHANNEL}, ${name})`).catch(() => {}),
    Math.max(0, at.getTime() - Date.now()),
  );
  timer.unref();
}

/** The key of a recurring task's one row (TaskRunner.every). */
export const recurringKey = (name: string) => `every:${name}`;

const defaultBackoff = (attempts: number) => Math.min(3600, 2 ** attempts) + Math.random();

export interface TaskRunnerOptions {
  db: Db;
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Tasks run at the same time by this instance. */
  concurrency?: number;
  /** How often to look for due tasks without a notification (retries, tasks scheduled for later). */
  pollMs?: number;
  /** A running task not finished after this long is taken to belong to a dead instance and run again. */
  lockTimeoutMs?: number;
}

export interface TaskRunner {
  /** Registers what a task name does; call before start. */
  define<Payload>(name: string, definition: TaskDefinition<Payload>): void;
  /**
   * Work on a timer, shared by every instance: start() makes sure one run of `name` is queued (its
   * `key` keeps it to one across instances, so one instance at a time runs it), due at once the first
   * time. After each run, done or failed, the same task is put back `intervalMs` later: a failure is
   * logged and kept on it (last error, attempts = failed runs in a row) and never stops the schedule.
   * Call before start.
   */
  every(name: string, intervalMs: number, handle: () => Promise<unknown>): void;
  start(): Promise<void>;
  /** Runs every due task now and resolves once none is left (tests, the dev outbox). */
  drain(options?: { names?: string[]; timeoutMs?: number }): Promise<void>;
  /** Stops claiming; waits up to `drainMs` for running tasks, then hands the rest back to the queue. */
  stop(drainMs?: number): Promise<void>;
  /** The admin's line about a task (TaskDefinition.describe). */
  describe(name: string, payload: unknown): string;
}

export type TaskListState = 'queued' | 'retrying' | 'running' | 'failed';

/** A queued task that has failed before is "retrying". */
const listState = (row: { state: string; attempts: number }): TaskListState =>
  row.state === 'queued' && row.attempts > 0 ? 'retrying' : (row.state as TaskListState);

const stateFilter = (state: TaskListState) =>
  state === 'queued'
    ? sql`${tasks.state} = 'queued' AND ${tasks.attempts} = 0`
    : state === 'retrying'
      ? sql`${tasks.state} = 'queued' AND ${tasks.attempts} > 0`
      : sql`${tasks.state} = ${state}`;

/** Counts per state, and the tasks of one state (or every one), oldest first. */
export async function listTasks(db: Db, state: TaskListState | undefined, limit = 100) {
  const [counts] = await db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${stateFilter('queued')})::int`,
      retrying: sql<number>`count(*) FILTER (WHERE ${stateFilter('retrying')})::int`,
      running: sql<number>`count(*) FILTER (WHERE ${stateFilter('running')})::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${stateFilter('failed')})::int`,
    })
    .from(tasks);
  const rows = await db
    .select()
    .from(tasks)
    .where(state ? stateFilter(state) : undefined)
    .orderBy(tasks.createdAt, tasks.id)
    .limit(limit);
  return { counts: counts!, items: rows.map((row) => ({ ...row, state: listState(row) })) };
}

/** Runs a failed or waiting task now, with its attempts counted afresh; undefined when it is gone or running. */
export async function retryTaskNow(db: Db, id: number) {
  const [row] = await db
    .update(tasks)
    .set({ state: 'queued', attempts: 0, runAt: new Date(), failedAt: null })
    .where(and(eq(tasks.id, id), inArray(tasks.state, ['queued', 'failed'])))
    .returning();
  if (!row) return undefined;
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${row.name})`);
  return { ...row, state: listState(row) };
}

export function createTaskRunner(options: TaskRunnerOptions): TaskRunner {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 5_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10 * 60_000;
  // This instance's name on the tasks it runs: its listener's database session once started, so a
  // task whose session is gone (the process was killed) is taken back at once by any instance.
  let worker = `local-${randomUUID()}`;
  const definitions = new Map<string, TaskDefinition<unknown>>();
  /** Recurring task names (`every`) and their interval in ms. */
  const intervals = new Map<string, number>();
  const running = new Map<number, Promise<void>>();
  let listener: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let wanted = false;
  let claiming: Promise<void> | undefined;

  /** Claims up to `limit` due tasks of the known names for this instance. */
  async function claim(limit: number, names: string[]) {
    if (limit <= 0 || names.length === 0) return [];
    const { rows } = await db.execute<{ id: number; name: string; payload: unknown; attempts: number; max_attempts: number }>(sql`
      UPDATE ${tasks} SET state = 'running', locked_at = now(), locked_by = ${worker}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${tasks}
        WHERE state = 'queued' AND run_at <= now() AND name IN (${sql.join(names.map((name) => sql`${name}`), sql`, `)})
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts`);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async function settle(task: { id: number; name: string; attempts: number; max_attempts: number }, error: unknown) {
    const definition = definitions.get(task.name);
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentTaskError || task.attempts >= task.max_attempts;
    if (permanent) {
      log.error({ err: error, task: task.id, name: task.name, attempts: task.attempts }, 'task failed for good');
      await db.update(tasks).set({ state: 'failed', failedAt: new Date(), lastError: message, lockedAt: null, lockedBy: null }).where(eq(tasks.id, task.id));
      return;
    }
    const delay = (definition?.backoffSeconds ?? defaultBackoff)(task.attempts);
    log.warn({ err: error, task: task.id, name: task.name, attempts: task.attempts, retryInSeconds: Math.round(delay) }, 'task failed; will retry');
    await db
      .update(tasks)
      .set({ state: 'queued', runAt: sql`now() + make_interval(secs => ${delay})`, lastError: message, lockedAt: null, lockedBy: null })
      .where(eq(tasks.id, task.id));
  }

  /** A recurring task after its run: queued again for its next time, a failure noted on it. */
  async function reschedule(task: { id: number; name: string; attempts: number }, intervalMs: number, failure?: { error: unknown }) {
    if (failure) log.error({ err: failure.error, task: task.id, name: task.name, failedRuns: task.attempts }, 'recurring task failed; it runs again at its next time');
    await db
      .update(tasks)
      .set({
        state: 'queued',
        runAt: sql`now() + make_interval(secs => ${intervalMs / 1000})`,
        lockedAt: null,
        lockedBy: null,
        ...(failure ? { lastError: failure.error instanceof Error ? failure.error.message : String(failure.error) } : { attempts: 0, lastError: null }),
      })
      // Still ours: a run that outlived the lock timeout may have been taken back and be running elsewhere.
      .where(and(eq(tasks.id, task.id), eq(tasks.lockedBy, worker)));
  }

  function run(task: Awaited<ReturnType<typeof claim>>[number]) {
    const definition = definitions.get(task.name)!;
    const intervalMs = intervals.get(task.name);
    const done = (async () => {
      try {
        await definition.handle(task.payload, { id: task.id, attempts: task.attempts });
        if (intervalMs !== undefined) await reschedule(task, intervalMs);
        else await db.delete(tasks).where(eq(tasks.id, task.id));
      } catch (error) {
        await (intervalMs !== undefined ? reschedule(task, intervalMs, { error }) : settle(task, error)).catch((settleError: unknown) =>
          log.error({ err: settleError, task: task.id }, 'could not record a task failure'),
        );
      }
    })().finally(() => {
      running.delete(task.id);
      wake();
    });
    running.set(task.id, done);
  }

  /**
   * Takes back tasks left running by an instance whose database session is gone (killed, crashed,
   * the server restarted), or that has held them longer than the lock timeout (hung).
   */
  async function reclaimStale() {
    await db
      .update(tasks)
      .set({ state: 'queued', lockedAt: null, lockedBy: null })
      .where(
        and(
          eq(tasks.state, 'running'),
          sql`(${lt(tasks.lockedAt, new Date(Date.now() - lockTimeoutMs))} OR ${tasks.lockedBy} NOT IN (SELECT ${SESSION_NAME} FROM pg_stat_activity WHERE backend_start IS NOT NULL))`,
        ),
      );
  }

  /** Claims and starts due tasks while there is room; repeats while it finds some. */
  function wake() {
    if (stopped) return;
    wanted = true;
    claiming ??= (async () => {
      try {
        while (wanted && !stopped) {
          wanted = false;
          const found = await claim(concurrency - running.size, [...definitions.keys()]);
          for (const task of found) run(task);
          if (found.length > 0 && running.size < concurrency) wanted = true;
        }
      } catch (error) {
        log.warn({ err: error }, 'could not claim tasks');
      } finally {
        claiming = undefined;
      }
    })();
  }

  const tick = () => {
    void reclaimStale()
      .catch((error: unknown) => log.warn({ err: error }, 'could not take back stale tasks'))
      .finally(wake);
  };

  return {
    define(name, definition) {
      definitions.set(name, definition as TaskDefinition<unknown>);
    },

    every(name, intervalMs, handle) {
      intervals.set(name, intervalMs);
      const every = intervalMs % 60_000 === 0 ? `${intervalMs / 60_000} min` : `${intervalMs / 1000} s`;
      definitions.set(name, { handle: async () => void (await handle()), describe: () => `${name}, every ${every}` });
    },

    describe(name, payload) {
      const describe = definitions.get(name)?.describe;
      return describe ? describe(payload) : name;
    },

    async start() {
      listener = new pg.Client({ connectionString: options.databaseUrl });
      listener.on('error', (error) => log.warn({ err: error }, 'task listener lost its connection'));
      listener.on('notification', () => wake());
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      const { rows } = await listener.query<{ name: string }>(`SELECT ${SESSION_NAME_SQL} AS name FROM pg_stat_activity WHERE pid = pg_backend_pid()`);
      worker = rows[0]?.name ?? worker;
      // Only now: a task claimed under the provisional name would look orphaned to the other instances.
      stopped = false;
      for (const [name, intervalMs] of intervals) {
        await enqueueTask(db, name, {}, { key: recurringKey(name) });
        // An interval shortened since the last run counts from now, not from that run.
        await db
          .update(tasks)
          .set({ runAt: sql`now() + make_interval(secs => ${intervalMs / 1000})` })
          .where(and(eq(tasks.key, recurringKey(name)), eq(tasks.state, 'queued'), sql`${tasks.runAt} > now() + make_interval(secs => ${intervalMs / 1000})`));
      }
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },

    async drain({ names, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const only = names ?? [...definitions.keys()];
      for (;;) {
        const [due] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(tasks)
          .where(and(inArray(tasks.name, only), sql`(${tasks.state} = 'queued' AND ${tasks.runAt} <= now()) OR ${tasks.state} = 'running'`));
        if (!due || due.count === 0) return;
        if (Date.now() > deadline) throw new Error(`${due.count} tasks still due after ${timeoutMs} ms`);
        if (stopped) {
          // Not running (a test app without its runner): run what is due here.
          for (const task of await claim(concurrency, only)) run(task);
        } else wake();
        await Promise.race([Promise.allSettled([...running.values()]), new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    },

    async stop(drainMs = 5_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      await claiming;
      const finished = Promise.allSettled([...running.values()]);
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, drainMs).unref())]);
      if (running.size > 0) {
        // Hand the unfinished back: another instance (or the next start) runs them again.
        const ids = [...running.keys()];
        log.warn({ tasks: ids }, 'stopping with tasks still running; handing them back');
        await db.update(tasks).set({ state: 'queued', lockedAt: null, lockedBy: null, runAt: new Date() }).where(and(inArray(tasks.id, ids), eq(tasks.lockedBy, worker)));
      }
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}

/** How long a failed task stays for the admin page before it is removed (purgeFailedTasks, on a timer). */
export const FAILED_TASK_DAYS = 30;

/** Removes failed tasks that failed more than FAILED_TASK_DAYS ago. */
export function purgeFailedTasks(db: Db): Promise<number> {
  return deleteInBatches(db, tasks, tasks.id, sql`${tasks.state} = 'failed' AND ${tasks.failedAt} < now() - make_interval(days => ${FAILED_TASK_DAYS})`);
}
