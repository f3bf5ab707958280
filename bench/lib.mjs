// Shared parts of the load benchmarks: start the production build on a fresh data directory,
// reach its database, and load it with wrk (N connections, latency percentiles).
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');

/** The Node flags and environment `npm start` and the Docker image run the server with (package.json, Dockerfile); see docs/decisions/004. */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16'];
const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2' };
/** More Node flags for the app only, e.g. BENCH_APP_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it under load. */
const extraFlags = process.env.BENCH_APP_FLAGS?.split(' ').filter(Boolean) ?? [];

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
  const launch = async () => {
    const started = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, ...extraFlags, 'dist/server/main.js'], {
      cwd: root,
      env: { ...PRODUCTION_ENV, ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor(`${base}/api/health`);
    return started;
  };
  const halt = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  let child = await launch();
  /** The embedded server's postmaster.pid: its process id first, its port fourth. */
  const postmasterLines = () => fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return {
    base,
    webDir,
    port,
    dataDir,
    get pid() {
      return child.pid;
    },
    /** Stops the app, keeping its data; `start()` runs it again on the same data. */
    halt,
    async start() {
      child = await launch();
    },
    /** The embedded PostgreSQL server's process (its postmaster), or undefined with DATABASE_URL. */
    postgresPid() {
      return process.env.DATABASE_URL ? undefined : Number(postmasterLines()[0]);
    },
    /** The database this app uses: DATABASE_URL, or its embedded server (postmaster.pid, secrets.json). */
    databaseUrl() {
      if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
      const pgPort = postmasterLines()[3];
      const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      return `postgres://zerri:${encodeURIComponent(postgresPassword)}@127.0.0.1:${pgPort}/zerri`;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address of the product seedProductWithCover makes. */
export const BENCH_PRODUCT_PATH = '/store/product/bench-cover-pack';
/** The same product sold in two versions at a price the buyer names: its page writes the picker and the amount's field. */
export const BENCH_CHOICES_PRODUCT_PATH = '/store/product/bench-cover-studio';

/**
 * A published product with a cover (1600 px and its 480 px card, WebP as an upload stores them), and one
 * in two versions at a price to name (BENCH_CHOICES_PRODUCT_PATH), by a
 * creator with a storefront, for the page benches: the product page's and the store's first view
 * with a real image. Written straight into the app's database and local storage (no DATABASE_URL
 * or S3 for the page benches).
 */
export async function seedProductWithCover(app) {
  const { default: pg } = await import('pg');
  const { default: sharp } = await import('sharp');
  const key = 'bench-cover/cover.webp';
  const cardKey = 'bench-cover/cover_card.webp';
  const svg = (width, height) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.22}" fill="#fde68a" opacity="0.8"/></svg>`,
    );
  const folder = path.join(app.dataDir, 'storage', 'product-images', 'bench-cover');
  fs.mkdirSync(folder, { recursive: true });
  for (const [file, width] of [[key, 1600], [cardKey, 480]]) {
    const height = Math.round((width * 9) / 16);
    await sharp(svg(width, height)).webp({ quality: 80 }).toFile(path.join(app.dataDir, 'storage', 'product-images', file));
  }
  const client = new pg.Client({ connectionString: app.databaseUrl() });
  await client.connect();
  try {
    await client.query(`INSERT INTO users (id, name, email, role, email_verified) VALUES ('bench-cover', 'Cora Cover', 'cora@bench.test', 'creator', true) ON CONFLICT DO NOTHING`);
    await client.query(`UPDATE user_profiles SET storefront_slug = 'bench-cover', bio = 'Brushes, fonts and guides.' WHERE id = 'bench-cover'`);
    await client.query(
      `INSERT INTO products (user_id, name, slug, description, price_cents, category, file_key, file_name, file_size, cover_key, card_key)
       VALUES ('bench-cover', 'Cover Pack', $1, $2, 2400, 'Graphics', 'bench/cover', 'pack.zip', 1024, $3, $4)`,
      [
        BENCH_PRODUCT_PATH.split('/').pop(),
        'Forty textures for paper and canvas.\n\nEach brush comes in three sizes, with a guide to layering them.',
        key,
        cardKey,
      ],
    );
    const { rows } = await client.query(
      `INSERT INTO products (user_id, name, slug, description, price_cents, pay_what_you_want, category, file_key, file_name, file_size, cover_key, card_key)
       VALUES ('bench-cover', 'Cover Pack Studio', $1, 'The pack, or the pack with its layered source files.', 2400, true, 'Graphics', 'bench/cover', 'pack.zip', 1024, $2, $3) RETURNING id`,
      [BENCH_CHOICES_PRODUCT_PATH.split('/').pop(), key, cardKey],
    );
    await client.query(
      `INSERT INTO product_versions (product_id, name, description, price_cents, file_key, file_name, file_size, position)
       VALUES ($1, 'Pack', 'Forty textures', 2400, 'bench/cover', 'pack.zip', 1024, 0), ($1, 'Studio', 'With the layered files', 4800, 'bench/cover', 'studio.zip', 1024, 1)`,
      [rows[0].id],
    );
  } finally {
    await client.end();
  }
  return BENCH_PRODUCT_PATH;
}

/** Printable ASCII as a Lua string literal. */
export const luaString = (text) => {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
  return JSON.stringify(text);
};

/** A wrk script: the paths in turn (with `body` when set), the headers on each request, and p50/p95/p99 at the end. */
function wrkScript(paths, headers, method, body) {
  const headerTable = Object.entries(headers).map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`);
  return `
local paths = { ${paths.map(luaString).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format(${luaString(method)}, paths[(i % #paths) + 1], { ${headerTable.join(', ')} }${body === undefined ? '' : `, ${luaString(body)}`})
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('RESULT %d %d %d %.3f %.3f %.3f\\n', summary.requests, summary.duration,
    e.status + e.connect + e.read + e.write + e.timeout, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end`;
}

/** wrk with `clients` connections for `seconds`, the URLs in turn (all on one origin). */
export async function load(urls, { clients = 10, seconds = 10, headers = {}, method = 'GET', body } = {}) {
  const { origin } = new URL(urls[0]);
  const paths = urls.map((url) => {
    const parsed = new URL(url);
    if (parsed.origin !== origin) throw new Error('load() takes URLs of one origin');
    return parsed.pathname + parsed.search;
  });
  const { stdout } = await runWrk(origin, wrkScript(paths, headers, method, body), { clients, seconds });
  return resultOf(stdout);
}

/** wrk (one thread) with a Lua script of one's own on `origin`; its standard output. */
export async function runWrk(origin, lua, { clients = 10, seconds = 10 } = {}) {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-wrk-')), 'load.lua');
  fs.writeFileSync(script, lua);
  try {
    return await promisify(execFile)('wrk', ['-t1', `-c${clients}`, `-d${seconds}s`, '-s', script, origin]);
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** The figures of a script's `RESULT requests duration-us failures p50 p95 p99` line (milliseconds). */
export function resultOf(stdout) {
  const [requests, durationUs, failures, p50, p95, p99] = /RESULT (.+)/.exec(stdout)[1].split(' ').map(Number);
  return { requests, rps: requests / (durationUs / 1e6), p50, p95, p99, failures };
}

export const describeLoad = (r) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failures ${r.failures}`;

export const databaseLabel = () => (process.env.DATABASE_URL ? 'external PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL');
