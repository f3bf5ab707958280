import type { Realtime } from '../platform/realtime.ts';
import { checkLedger } from '../modules/ledger/check.ts';
import type { Clock } from '../platform/clock.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type { PlanId } from '#shared/plans.ts';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { devMailbox } from '../db/schema/site.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

export const TEST_ORIGIN = 'http://zerri.test';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  databaseUrl: string;
  logs: () => string;
  close(): Promise<void>;
}

/**
 * The app of a test file whose tests also make real HTTP requests (uploads, downloads): started
 * before the file's tests on its own database, listening on a free port, closed after them. Read
 * `app.test` and `app.base` inside the tests.
 */
export function listeningTestApp(options: { env?: Record<string, string>; clock?: Clock; ledgerCheck?: boolean; webFolder?: string } = {}) {
  const started = {} as { test: TestApp; base: string };
  beforeAll(async () => {
    started.test = await createTestApp(options.env, { clock: options.clock, ledgerCheck: options.ledgerCheck, webFolder: options.webFolder });
    started.base = await started.test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => started.test.close());
  return started;
}

/** A real app on its own copy of the migrated template database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    databaseName?: string;
    clock?: Clock;
    /**
     * Whether closing checks the ledger against the sales, refunds, invoices and payouts (checkLedger):
     * on, except where a test writes thousands of sales straight into the tables for another purpose.
     */
    ledgerCheck?: boolean;
    /** Serve this folder's built web app (index.html), as production serves dist/web. */
    webFolder?: string;
  } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  let name = options.databaseName;
  if (!name) {
    name = `${template.replace('zerri_tpl_', 'zerri_t_')}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test's database is thrown away: its commits need not wait for the disk (on either server).
    await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  }
  const databaseUrl = withDatabase(adminUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_MAX: '10000',
    // Tests make many accounts and mails from one address; the hardening tests set real limits.
    MAIL_RATE_LIMIT_RECIPIENT: '10000',
    MAIL_RATE_LIMIT_VISITOR: '10000',
    MAIL_RATE_LIMIT_USER: '10000',
    DISCOUNT_RATE_LIMIT_MAX: '10000',
    ...env,
  });
  const database = connectDatabase(databaseUrl, { max: 5 });
  const logStream = new PassThrough();
  let logText = '';
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const app = await buildApp({
    config,
    database,
    authSecret: 'test-secret-'.padEnd(40, 'x'),
    logStream,
    clock: options.clock,
    ...(options.webFolder ? { serveWeb: true, webFolder: options.webFolder } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    logs: () => logText,
    async close() {
      // Every test's money, however it moved, is in the books (`npm run ledger:check` on each test's database).
      const problems = options.ledgerCheck === false ? [] : await checkLedger(database.db);
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problems.length) throw new Error(`The ledger does not match the money of this test's database:\n${problems.slice(0, 20).join('\n')}`);
    },
  };
}

/** Requests as a browser on our own site would send them. */
export function request(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { origin: TEST_ORIGIN, host: 'zerri.test', ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** Polls `check` until it gives a truthy value and returns it (background work: tasks, deliveries). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until every mail due is sent: mail goes out through a background task (platform/mail.ts), so
 * a test reads the outbox once no mail task is waiting or running (a task retrying later is not waited for).
 */
export async function mailSent(database: Database, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE name = 'mail.send' AND (state = 'running' OR (state = 'queued' AND run_at <= now()))`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} mails still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function latestMailTo(database: Database, email: string) {
  await mailSent(database);
  const [mail] = await database.db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.to, email))
    .orderBy(desc(devMailbox.id))
    .limit(1);
  return mail;
}

export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail: ${text}`);
  return match[0];
}

let counter = 0;
export function uniqueEmail(prefix = 'person') {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'correct-horse-battery';

export async function signUp(
  app: FastifyInstance,
  body: { email: string; name?: string; role?: string; password?: string },
) {
  return request(app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      email: body.email,
      name: body.name ?? 'Test Person',
      password: body.password ?? TEST_PASSWORD,
      ...(body.role ? { role: body.role } : {}),
    },
  });
}

export async function confirmEmail(test: TestApp, email: string) {
  const mail = await latestMailTo(test.database, email);
  if (!mail) throw new Error(`No mail to ${email}`);
  const link = new URL(firstLink(mail.text));
  return request(test.app, { method: 'GET', url: link.pathname + link.search });
}

export async function logIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await request(app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response.headers['set-cookie']);
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * A confirmed, signed-in account; returns its session cookie and id. `plan` sets its plan as an
 * admin would (new accounts are Free).
 */
export async function createSignedInUser(test: TestApp, options: { role?: string; name?: string; email?: string; plan?: PlanId } = {}) {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const response = await signUp(test.app, { email, role: options.role === 'admin' ? 'creator' : options.role, name: options.name });
  if (response.statusCode !== 200) throw new Error(`Sign-up failed: ${response.body}`);
  await confirmEmail(test, email);
  if (options.role === 'admin') {
    await test.database.pool.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]);
  }
  if (options.plan) await test.database.pool.query(`UPDATE users SET plan = $1 WHERE email = $2`, [options.plan, email]);
  const cookie = await logIn(test.app, email);
  const id = (JSON.parse(response.body) as { user: { id: string } }).user.id;
  return { email, cookie, id };
}

/** Publishes an event outside the typed map (src/shared/realtime.ts): markers that only tests send. */
export function publishUntyped(realtime: Realtime, channel: string, type: string, data?: unknown): Promise<void> {
  return (realtime.publish as (channel: string, type: string, data?: unknown) => Promise<void>)(channel, type, data);
}

/** A page's meta as the web app's server answers it (platform/web-app.ts): the first resolver that knows the address. */
export async function resolvePageMeta(app: FastifyInstance, pathname: string, request: Partial<FastifyRequest> = { headers: {} }) {
  for (const resolve of app.zerri.pageMeta) {
    // A real request knows its server (platform/session.ts reads the database through it).
    const meta = await resolve(pathname, { server: app, ...request } as FastifyRequest);
    if (meta) return meta;
  }
  return undefined;
}
