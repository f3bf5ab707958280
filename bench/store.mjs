// Marketplace search benchmark (the Products issue's "Speed" section): 100,000 generated products,
// the store API with a text query plus category, price and tag filters, 10 concurrent clients.
// Prints p50/p95/p99 and, as a baseline in the same run, the same figures for GET /api/health.
// Usage: npm run bench:store [-- --seconds 15]   (set DATABASE_URL to use an external PostgreSQL)
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, startApp } from './lib.mjs';

const seconds = argument('seconds', 15);
const PRODUCTS = 100_000;

const QUERIES = [
  'q=minimal&category=Templates&minPrice=10&maxPrice=400&tags=Design',
  'q=icon pack&category=Graphics&maxPrice=500&tags=Design,Illustration',
  'q=course&category=Course&minPrice=20&maxPrice=900&tags=Marketing',
  'q=beats&category=Audio&minPrice=5&maxPrice=300&tags=Music Production',
  'q=notion&category=Software&maxPrice=250&tags=Productivity,Business',
  'q=ultimate guide&category=eBook&minPrice=1&maxPrice=100&tags=Writing',
];

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

const app = await startApp();
try {
  const started = Date.now();
  await generateProducts(app.databaseUrl());
  console.log(`generated ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const storeUrls = QUERIES.map((query) => `${app.base}/api/store/products?${query}`);
  const sample = await (await fetch(storeUrls[0])).json();
  await load(storeUrls.slice(0, 2), { seconds: 2 }); // warm-up
  const health = await load([`${app.base}/api/health`], { seconds });
  const store = await load(storeUrls, { seconds });
  console.log(`\nMarketplace search, ${databaseLabel()}, ${PRODUCTS} products, 10 clients, ${seconds}s each`);
  console.log(`  baseline GET /api/health: ${describeLoad(health)}`);
  console.log(`  GET /api/store/products:  ${describeLoad(store)}  (first query matched ${sample.total})`);
  console.log(`  p95 ${store.p95.toFixed(1)} ms (target <= 50), p95 ratio to baseline ${(store.p95 / health.p95).toFixed(1)}x`);
} finally {
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DELETE FROM users WHERE id LIKE 'bench-%'`);
    await client.end();
  }
}
