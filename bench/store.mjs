// Marketplace search benchmark (the Products issue's "Speed" section): 100,000 generated products,
// the store API with a text query plus category, price and tag filters, 10 concurrent clients.
// Prints p50/p95/p99 and, as a baseline in the same run, the same figures for GET /api/health.
// Usage: npm run bench:store [-- --duration 15]   (set DATABASE_URL to use an external PostgreSQL)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const durationArg = process.argv.indexOf('--duration');
const seconds = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 15;
const PRODUCTS = 100_000;
const CLIENTS = 10;

const QUERIES = [
  'q=minimal&category=Templates&minPrice=10&maxPrice=400&tags=Design',
  'q=icon pack&category=Graphics&maxPrice=500&tags=Design,Illustration',
  'q=course&category=Course&minPrice=20&maxPrice=900&tags=Marketing',
  'q=beats&category=Audio&minPrice=5&maxPrice=300&tags=Music Production',
  'q=notion&category=Software&maxPrice=250&tags=Productivity,Business',
  'q=ultimate guide&category=eBook&minPrice=1&maxPrice=100&tags=Writing',
];

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/** The embedded server of a running app: its port from postmaster.pid, its password from secrets.json. */
function embeddedUrl(dataDir) {
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  return `postgres://zerri:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/zerri`;
}

async function generateProducts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO users (id, name, email, role, email_verified)
    SELECT 'bench-' || g, 'Bench Creator ' || g, 'creator' || g || '@bench.test', 'creator', true FROM generate_series(1, 200) g
    ON CONFLICT DO NOTHING`);
  await client.query(`
    WITH words AS (SELECT
      ARRAY['Minimal','Bold','Ultimate','Essential','Modern','Retro','Pro','Cozy','Dark','Bright','Clean','Vintage'] AS adj,
      ARRAY['Icon Pack','Template','Course','Beats','Guide','Notion Kit','Preset','Font','Mockup','Planner','Loops','Toolkit'] AS noun,
      ARRAY['eBook','Templates','Software','Graphics','Video','Audio','Course','ZIP'] AS cat,
      ARRAY['Design','Development','Marketing','Illustration','Video Editing','Music Production','Productivity','Business','AI','Finance','Writing'] AS tag)
    INSERT INTO products (user_id, name, description, price_cents, category, tags, file_key, file_name, file_size, created_at)
    SELECT 'bench-' || (1 + g % 200),
      adj[1 + g % 12] || ' ' || noun[1 + (g / 12) % 12] || ' ' || g,
      'A ' || lower(adj[1 + (g / 7) % 12]) || ' ' || lower(noun[1 + (g / 3) % 12]) || ' for creators, item ' || g,
      (g * 7919) % 99900 + 100,
      cat[1 + (g / 5) % 8],
      ARRAY[tag[1 + g % 11], tag[1 + (g / 11) % 11]],
      'bench/' || g, 'file-' || g || '.zip', 1024,
      now() - (g || ' minutes')::interval
    FROM generate_series(1, ${PRODUCTS}) g, words`);
  await client.query('VACUUM ANALYZE products'); // as autovacuum would after a bulk load (flushes GIN pending lists)
  await client.end();
}

/** CLIENTS loops, each sending the next request as soon as one answers. */
async function load(urls) {
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i += CLIENTS) {
        const started = performance.now();
        const response = await fetch(urls[i % urls.length]);
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

const fmt = (r) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failures ${r.failures}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-bench-store-'));
fs.chmodSync(dataDir, 0o755);
const port = 3800 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitFor(`${base}/api/health`);
  const url = process.env.DATABASE_URL ?? embeddedUrl(dataDir);
  const started = Date.now();
  await generateProducts(url);
  console.log(`generated ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const storeUrls = QUERIES.map((query) => `${base}/api/store/products?${query}`);
  const sample = await (await fetch(storeUrls[0])).json();
  await load(storeUrls.slice(0, 2)); // warm-up
  const health = await load([`${base}/api/health`]);
  const store = await load(storeUrls);
  const database = process.env.DATABASE_URL ? 'external PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL';
  console.log(`\nMarketplace search, ${database}, ${PRODUCTS} products, ${CLIENTS} clients, ${seconds}s each`);
  console.log(`  baseline GET /api/health: ${fmt(health)}`);
  console.log(`  GET /api/store/products:  ${fmt(store)}  (first query matched ${sample.total})`);
  console.log(`  p95 ${store.p95.toFixed(1)} ms (target <= 50), p95 ratio to baseline ${(store.p95 / health.p95).toFixed(1)}x`);
} finally {
  app.kill('SIGTERM');
  await new Promise((resolve) => app.once('exit', resolve));
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DELETE FROM users WHERE id LIKE 'bench-%'`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
