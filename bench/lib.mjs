// Shared parts of the load benchmarks: start the production build on a fresh data directory,
// reach its database, and drive N concurrent clients measuring latency percentiles.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The Node flags `npm start` runs the server with (package.json); see docs/decisions/004. */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16'];

export function argument(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

export async function waitFor(url, status = 200) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url, { redirect: 'manual' })).status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/** The production build on a fresh data directory (embedded PostgreSQL unless DATABASE_URL is set). */
export async function startApp(env = {}) {
  const webDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'dist/web');
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(webDir, 'index.html'))) {
    if (process.env.WEB_DIST_DIR) throw new Error(`${webDir}/index.html or dist/server/main.js is missing: build first.`);
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const port = 3700 + Math.floor(Math.random() * 250);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/api/health`);
  return {
    base,
    webDir,
    port,
    pid: child.pid,
    /** The database this app uses: DATABASE_URL, or its embedded server (postmaster.pid, secrets.json). */
    databaseUrl() {
      if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
      const pgPort = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
      const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      return `postgres://zerri:${encodeURIComponent(postgresPassword)}@127.0.0.1:${pgPort}/zerri`;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `clients` loops for `seconds`, each sending its next request when the last one answered. */
export async function load(urls, { clients = 10, seconds = 10, headers = {} } = {}) {
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i += clients) {
        const started = performance.now();
        const response = await fetch(urls[i % urls.length], { headers });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests: latencies.length, rps: latencies.length / seconds, p50: at(50), p95: at(95), p99: at(99), failures };
}

export const describeLoad = (r) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failures ${r.failures}`;

export const databaseLabel = () => (process.env.DATABASE_URL ? 'external PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL');
