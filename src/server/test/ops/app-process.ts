import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { projectRoot } from '../../paths.ts';
import { adminQuery, withDatabase } from '../global-setup.ts';

/**
 * The production build (`node dist/server/main.js`, as `npm start` runs it) in a child process,
 * for the shutdown, crash and backup tests.
 */
export interface AppProcess {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output(): string;
  exit: Promise<number | null>;
}

const children = new Set<ChildProcess>();
/** Kills what a test left running (a failed assertion before its own stop). */
export function killLeftovers() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Builds dist/server when it is missing or older than the sources (a lock keeps parallel test files from building at once). */
export function ensureServerBuild() {
  const lock = path.join(projectRoot, 'dist', '.server-build-lock');
  const main = path.join(projectRoot, 'dist/server/main.js');
  const stale = () => !fs.existsSync(main) || fs.statSync(main).mtimeMs < newest(path.join(projectRoot, 'src'));
  if (!stale()) return;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (waited > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      execFileSync('sleep', ['0.2']);
    }
  }
  try {
    if (stale()) execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: projectRoot, stdio: 'inherit' });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function newest(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);
}

export function makeDataDir(prefix = 'zerri-ops-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // the embedded server runs as `postgres` and must reach it
  return dir;
}

/** A tiny web build, so these tests do not depend on `npm run build:web`. */
export function webDir(): string {
  const dir = path.join(os.tmpdir(), 'zerri-ops-web');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Zerri</title></head><body><div id="root"></div></body></html>');
  return dir;
}

/**
 * A free port for a test app (or a peer it will reach later), below the kernel's ephemeral range
 * (32768-60999 on Linux). The app's embedded PostgreSQL takes an ephemeral port (listen on 0): a
 * port from that range, free when probed, could be handed to it before the app listens there.
 */
export async function findAppPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Starts the production build and waits for /readyz (`ready: false`: returns at once, for tests of the start itself). */
export async function startAppProcess(options: { dataDir: string; env?: Record<string, string>; ready?: boolean }): Promise<AppProcess> {
  const port = await findAppPort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: webDir(),
      AUTH_RATE_LIMIT_MAX: '100000',
      LINK_RATE_LIMIT_MAX: '100000',
      MAIL_RATE_LIMIT_RECIPIENT: '100000',
      MAIL_RATE_LIMIT_VISITOR: '100000',
      MAIL_RATE_LIMIT_USER: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app = { child, base, dataDir: options.dataDir, output: () => output, exit };
  if (options.ready !== false) await waitUntilReady(app);
  return app;
}

async function waitUntilReady(app: AppProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void app.exit.then(() => (exited = true));
  while (Date.now() < deadline) {
    // An exit by a signal leaves exitCode null: the 'exit' event says it either way.
    if (exited) throw new Error(`app exited early:\n${app.output()}`);
    try {
      if ((await fetch(`${app.base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`app did not become ready:\n${app.output()}`);
}

/** The database of an app: DATABASE_URL, or its embedded server (port in postmaster.pid, password in secrets.json). */
export function databaseUrlOf(dataDir: string, databaseUrl?: string): string {
  if (databaseUrl) return databaseUrl;
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  return `postgres://zerri:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/zerri`;
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** An empty database on the external test server (TEST_DATABASE_URL). */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `zerri_ops_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return withDatabase(adminUrl, name);
}

/**
 * A copy of the migrated template database (the Vitest global setup's) on the external test server:
 * for tests of a running app that are not about migrating an empty database, which the app then
 * finds up to date instead of running every migration again.
 */
export async function createMigratedDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = inject('templateDatabase');
  // The template's prefix: the global teardown drops what a failed test left behind.
  const name = `${template.replace('zerri_tpl_', 'zerri_t_')}_ops_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
export const PASSWORD = 'correct-horse-battery';

/** A confirmed creator on a running app process; returns its session cookie. */
export async function signedInCreator(app: AppProcess, databaseUrl: string, email: string): Promise<string> {
  const signUp = await fetch(`${app.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Ops Creator', password: PASSWORD, role: 'creator' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // Production sends no dev mails; the confirmation is done in the database.
  await query(databaseUrl, `UPDATE users SET email_verified = true WHERE email = $1`, [email]);
  const signIn = await fetch(`${app.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A product upload as the browser sends it (multipart), with a file of `size` bytes of `fill`. */
export function productForm(name: string, file: Buffer): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('price', '9.99');
  form.set('category', 'Templates');
  form.set('description', 'Written under load.');
  form.set('file', new Blob([new Uint8Array(file)]), `${name}.zip`);
  return form;
}
