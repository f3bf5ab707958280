import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths.ts';
import { ensureServerBuild, findAppPort, webDir } from './test/ops/app-process.ts';

// The real entry point, as `npm start` runs it (the build, dist/server/main.js), on the embedded PostgreSQL.
interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

const children = new Set<ChildProcess>();
beforeAll(() => ensureServerBuild(), 120_000);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function makeDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-main-'));
  fs.chmodSync(dir, 0o755);
  return dir;
}

async function startApp(env: Record<string, string>): Promise<Started> {
  const port = await findAppPort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    // A tiny web build (as in the ops tests): the test does not depend on `npm run build:web`.
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', WEB_DIST_DIR: webDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exit };
}

// Budgets for a loaded 2-core machine (initdb runs at the first start); the waits are on events.
const TEST_TIMEOUT_MS = 240_000;

async function waitForHealth(app: Started, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`app exited early:\n${app.output()}`);
    try {
      const response = await fetch(`${app.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`app did not answer:\n${app.output()}`);
}

const signUpBody = (email: string) =>
  JSON.stringify({ email, name: 'Persisted Person', password: 'correct-horse-battery', role: 'creator' });

// Each test project runs the part that is about its own database server.
const onExternal = process.env.ZERRI_TEST_DB === 'external';

if (!onExternal) describe('the app process on the embedded PostgreSQL', () => {
  // One data directory for these tests: the first start creates its cluster (initdb and every
  // migration), the later ones start on it as a restarted app does; none of them is about a new one.
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeDataDir();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second app on the same data directory with a clear message', { timeout: TEST_TIMEOUT_MS }, async () => {
    const first = await startApp({ DATA_DIR: dataDir });
    await waitForHealth(first);
    const second = await startApp({ DATA_DIR: dataDir });
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain('is already running on the data directory');
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
  });

  it('stops its PostgreSQL on SIGTERM and exits 0', { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await startApp({ DATA_DIR: dataDir });
    await waitForHealth(app);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    app.child.kill('SIGTERM');
    expect(await app.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'zerri.pid'))).toBe(false);
  });

  it('recovers after kill -9 and keeps acknowledged writes', { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await startApp({ DATA_DIR: dataDir });
    await waitForHealth(app);
    const email = 'survivor@example.com';
    const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signUpBody(email),
    });
    expect(signUp.status).toBe(200);
    app.child.kill('SIGKILL');
    await app.exit;
    const orphan = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const again = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitForHealth(again);
    expect(again.output()).toContain('left running by an earlier app');
    const mailbox = await (await fetch(`${again.url}/dev/mailbox`)).text();
    expect(mailbox).toContain(email);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  });

  it('stops at start with the list of bad settings', { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await startApp({ DATA_DIR: makeDataDir(), PORT: 'abc', PUBLIC_URL: 'nope' });
    expect(await app.exit).toBe(1);
    expect(app.output()).toMatch(/Invalid configuration: .*PORT.*PUBLIC_URL|Invalid configuration: .*PUBLIC_URL.*PORT/);
  });
});

if (onExternal) describe('the app process on an external PostgreSQL', () => {
  it('uses DATABASE_URL and starts no server of its own', { timeout: TEST_TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL! });
    await waitForHealth(app);
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    app.child.kill('SIGTERM');
    expect(await app.exit).toBe(0);
  });
});
