// Marketplace benchmark (the Products issue's "Speed" section, issue #47): generated products, 10
// concurrent clients on
// - the store search: a text query plus category, price and tag filters (six queries in turn), and the
//   same six each asked with another highest price every time (no page the app keeps is asked again);
// - the marketplace's first page without filters (the /store page as it opens);
// - a storefront: the creator's profile and product pages as the storefront page asks for them
//   (newest first, the next page, a price sort) for a creator holding 1/200 of the products;
// - a big storefront: the same for one creator holding 1/20 of them (50,000 of a million).
// Prints p50/p95/p99 and req/s with, as a baseline in the same run, GET /api/health. With `--rows`
// above 100,000 the products are generated in steps (10,000, 100,000, then --rows) and each step is
// measured: the growth table.
// Usage: npm run bench:store [-- --rows 1000000] [-- --seconds 15]   (DATABASE_URL: an external PostgreSQL)
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, startApp } from './lib.mjs';
import { growthSteps, printGrowth } from './growth.mjs';

const seconds = argument('seconds', 15);
const steps = growthSteps(argument('rows', 100_000));

const QUERIES = [
  'q=minimal&category=Templates&minPrice=10&maxPrice=400&tags=Design',
  'q=icon pack&category=Graphics&maxPrice=500&tags=Design,Illustration',
  'q=course&category=Course&minPrice=20&maxPrice=900&tags=Marketing',
  'q=beats&category=Audio&minPrice=5&maxPrice=300&tags=Music Production',
  'q=notion&category=Software&maxPrice=250&tags=Productivity,Business',
  'q=ultimate guide&category=eBook&minPrice=1&maxPrice=100&tags=Writing',
];
/**
 * The six searches, each asked with 3,000 different highest prices a cent apart (18,000 addresses, more
 * than a run asks for): no answer is asked twice, so none comes from the pages the app keeps for 10 s.
 */
function newSearches(base) {
  const urls = [];
  for (let cents = 0; cents < 3000; cents++) {
    for (const query of QUERIES) {
      const params = new URLSearchParams(query);
      params.set('maxPrice', (Number(params.get('maxPrice')) - cents / 100).toFixed(2));
      urls.push(`${base}/api/store/products?${params}`);
    }
  }
  return urls;
}
/** What the storefront page asks for (store-browser.tsx: 12 a page), and a visitor's next page and price sort. */
const STOREFRONT = ['pageSize=12', 'pageSize=12&page=2', 'pageSize=12&sort=price_asc'];

/** 200 creators; every 20th product is the big store's, the others go round the 200. */
async function generateProducts(client, from, to) {
  if (from === 1) {
    await client.query(`INSERT INTO users (id, name, email, role, email_verified)
      SELECT 'bench-' || g, 'Bench Creator ' || g, 'creator' || g || '@bench.test', 'creator', true FROM generate_series(1, 200) g
      UNION ALL SELECT 'bench-big', 'Bench Big Store', 'big@bench.test', 'creator', true
      ON CONFLICT DO NOTHING`);
    await client.query('ANALYZE users, user_profiles'); // as autovacuum would soon after
  }
  // The slug is given (as the app gives one), so the insert does not look each one up (migration 0055's default).
  await client.query(`
    WITH words AS (SELECT
      ARRAY['Minimal','Bold','Ultimate','Essential','Modern','Retro','Pro','Cozy','Dark','Bright','Clean','Vintage'] AS adj,
      ARRAY['Icon Pack','Template','Course','Beats','Guide','Notion Kit','Preset','Font','Mockup','Planner','Loops','Toolkit'] AS noun,
      ARRAY['eBook','Templates','Software','Graphics','Video','Audio','Course','ZIP'] AS cat,
      ARRAY['Design','Development','Marketing','Illustration','Video Editing','Music Production','Productivity','Business','AI','Finance','Writing'] AS tag)
    INSERT INTO products (user_id, name, slug, description, price_cents, category, tags, file_key, file_name, file_size, created_at)
    SELECT CASE WHEN g % 20 = 0 THEN 'bench-big' ELSE 'bench-' || (1 + g % 200) END,
      adj[1 + g % 12] || ' ' || noun[1 + (g / 12) % 12] || ' ' || g,
      'bench-product-' || g,
      'A ' || lower(adj[1 + (g / 7) % 12]) || ' ' || lower(noun[1 + (g / 3) % 12]) || ' for creators, item ' || g,
      (g::bigint * 7919) % 99900 + 100,
      cat[1 + (g / 5) % 8],
      ARRAY[tag[1 + g % 11], tag[1 + (g / 11) % 11]],
      'bench/' || g, 'file-' || g || '.zip', 1024,
      now() - (g || ' seconds')::interval
    FROM generate_series($1::int, $2::int) g, words`, [from, to]);
  await client.query('VACUUM ANALYZE products'); // as autovacuum would after a bulk load (flushes GIN pending lists)
}

const app = await startApp();
const client = new pg.Client({ connectionString: app.databaseUrl() });
try {
  await client.connect();
  console.log(`Marketplace, ${databaseLabel()}, 10 clients, ${seconds}s each`);
  const measured = [];
  let made = 0;
  for (const rows of steps) {
    const started = Date.now();
    await generateProducts(client, made + 1, rows);
    console.log(`\n${rows.toLocaleString('en-US')} products (${(rows - made).toLocaleString('en-US')} generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    made = rows;
    const slugs = Object.fromEntries(
      (await client.query(`SELECT id, storefront_slug FROM user_profiles WHERE id IN ('bench-7', 'bench-big')`)).rows.map((row) => [row.id, row.storefront_slug]),
    );
    const storefront = (slug) => [`${app.base}/api/store/creators/${slug}`, ...STOREFRONT.map((query) => `${app.base}/api/store/products?creator=${slug}&${query}`)];
    const scenarios = {
      'GET /api/store/products, text + filters (6 searches)': QUERIES.map((query) => `${app.base}/api/store/products?${query}`),
      'GET /api/store/products, text + filters, each search new (none kept)': newSearches(app.base),
      'GET /api/store/products, no filter (the /store page)': [`${app.base}/api/store/products?pageSize=12`, `${app.base}/api/store/products?pageSize=12&page=2`],
      'storefront, a creator of 200 (profile + 3 pages)': storefront(slugs['bench-7']),
      'storefront, the big store: 1/20 of all (profile + 3 pages)': storefront(slugs['bench-big']),
    };
    const { total } = await (await fetch(scenarios['GET /api/store/products, text + filters (6 searches)'][0])).json();
    const counts = await Promise.all(
      [slugs['bench-7'], slugs['bench-big']].map(async (slug) => (await (await fetch(`${app.base}/api/store/products?creator=${slug}`)).json()).total),
    );
    console.log(`  first search matches ${total}; storefronts hold ${counts.join(' and ')} products`);
    for (const urls of Object.values(scenarios)) await load(urls, { seconds: 2 }); // warm-up
    const health = await load([`${app.base}/api/health`], { seconds });
    console.log(`  baseline GET /api/health: ${describeLoad(health)}`);
    const results = {};
    for (const [name, urls] of Object.entries(scenarios)) {
      results[name] = await load(urls, { seconds });
      console.log(`  ${name}: ${describeLoad(results[name])}`);
    }
    measured.push({ rows, health, results });
  }
  console.log(`\nGrowth, ${databaseLabel()}, 10 clients, ${seconds}s each (p95 target <= 50 ms)`);
  printGrowth(measured);
} finally {
  await client.end();
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DELETE FROM users WHERE id LIKE 'bench-%'`);
    await cleanup.end();
  }
}
