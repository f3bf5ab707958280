// The creator's Sales page and Analytics benchmark (issue #46): one creator with 100,000 sales (and
// 50,000 of other creators around them), the Sales page's first page unfiltered and filtered and the
// Analytics summary of 30 and 90 days, 10 concurrent clients.
// Prints p50/p95/p99 per endpoint and, as a baseline in the same run, GET /api/health; then the plans
// of the list's queries (EXPLAIN ANALYZE), to see which index each filter reads.
// More endpoints: add an entry to ENDPOINTS (a name, a path, and its p95 target in ms).
// Usage: npm run bench:sales [-- --seconds 10]   (set DATABASE_URL to use an external PostgreSQL)
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, startApp } from './lib.mjs';

const seconds = argument('seconds', 10);
const SALES = 100_000;
const OTHERS = 50_000;
const PASSWORD = 'bench-creator-password';
const DAY = '2026-06-01';

/** The endpoints measured, in order: `path` is given the seeded ids (the creator's first product, a link, an affiliate). */
const ENDPOINTS = [
  { name: 'GET /api/my/sales (first page)', path: () => '/api/my/sales', target: 100 },
  { name: 'GET /api/my/sales?source=link:…', path: (ids) => `/api/my/sales?source=link%3A${ids.linkId}`, target: 100 },
  { name: 'GET /api/my/sales?productId=…', path: (ids) => `/api/my/sales?productId=${ids.productId}`, target: 100 },
  { name: 'GET /api/my/sales?status=refunded', path: () => '/api/my/sales?status=refunded', target: 100 },
  { name: 'GET /api/my/sales?source=affiliate:…', path: (ids) => `/api/my/sales?source=affiliate%3A${ids.affiliateId}`, target: 100 },
  { name: 'GET /api/my/sales?from=…&to=… (a day)', path: () => `/api/my/sales?from=${DAY}&to=${DAY}`, target: 100 },
  { name: 'GET /api/my/sales?q=buyer77', path: () => '/api/my/sales?q=buyer77', target: 100 },
  // The Analytics summary: the closed days are read from analytics_day_cache after the warm-up's first request.
  { name: 'GET /api/my/analytics?range=30d', path: () => '/api/my/analytics?range=30d', target: 100 },
  { name: 'GET /api/my/analytics?range=90d', path: () => '/api/my/analytics?range=90d', target: 100 },
];

/** A confirmed creator; answers their id and session cookie. */
async function creator(base, client) {
  const email = `sales-creator-${Date.now()}@bench.test`;
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench Seller' }),
  });
  const { rows } = await client.query(`UPDATE users SET email_verified = true, role = 'creator' WHERE email = $1 RETURNING id`, [email]);
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return { id: rows[0].id, cookie: login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') };
}

/**
 * The creator's 5 products, 20 short links (half with a UTM source), an affiliate, and 100,000 sales over
 * two years (an order and an order number each): 10 % through a link, 5 % from their page, 3 % by the
 * affiliate, 8 % refunded and 3 % partly; then 50,000 sales of 10 other creators.
 */
async function seed(client, creatorId) {
  await client.query(`INSERT INTO users (id, name, email, role, email_verified)
    SELECT 'bench-' || g, 'Bench Creator ' || g, 'bench' || g || '@bench.test', 'creator', true FROM generate_series(1, 11) g ON CONFLICT DO NOTHING`);
  const products = await client.query(
    `INSERT INTO products (user_id, name, price_cents, category, file_key, file_name, file_size)
     SELECT $1, 'Bench Product ' || g, 1000 + g * 100, 'eBook', 'bench/' || g, 'file.zip', 1024 FROM generate_series(1, 5) g RETURNING id`,
    [creatorId],
  );
  const links = await client.query(
    `INSERT INTO short_links (short_code, original_url, user_id, utm)
     SELECT 'bs' || g || substr(md5(random()::text), 1, 6), 'https://example.com/' || g, $1, CASE WHEN g % 2 = 0 THEN jsonb_build_object('source', 'news' || g % 4) END
     FROM generate_series(1, 20) g RETURNING id`,
    [creatorId],
  );
  const productIds = products.rows.map((row) => row.id);
  const linkIds = links.rows.map((row) => row.id);
  await client.query(
    `INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider, created_at)
     SELECT 'bench_sale_' || n, 'products', 'buyer' || n || '@example.com', 1000, 'paid', 'test', now() - n * interval '10 minutes'
     FROM generate_series(1, ${SALES + OTHERS}) n`,
  );
  await client.query(`INSERT INTO store_order_counters (store_id, prefix, last_number) VALUES ($1, 'BENCH', ${SALES})`, [creatorId]);
  await client.query(`INSERT INTO store_order_numbers (order_id, store_id, number) SELECT 'bench_sale_' || n, $1, n FROM generate_series(1, ${SALES}) n`, [creatorId]);
  await client.query(
    `INSERT INTO sales (order_id, product_id, product_name, creator_id, buyer_email, amount_cents, fee_cents, commission_cents, affiliate_id, source,
                        status, refunded_cents, created_at, refunded_at)
     SELECT 'bench_sale_' || n, ($2::uuid[])[1 + n % 5], 'Bench Product ' || (1 + n % 5), $1, 'buyer' || n || '@example.com', 1500, 15,
            CASE WHEN n % 100 < 3 THEN 300 ELSE 0 END, CASE WHEN n % 100 < 3 THEN 'bench-11' END,
            CASE WHEN n % 100 < 13 THEN 'link:' || ($3::int[])[1 + n % 20] WHEN n % 100 < 18 THEN 'page:block' || n % 7 END,
            CASE WHEN n % 100 BETWEEN 50 AND 57 THEN 'refunded' ELSE 'completed' END,
            CASE WHEN n % 100 BETWEEN 50 AND 57 THEN 1500 WHEN n % 100 BETWEEN 60 AND 62 THEN 500 ELSE 0 END,
            now() - n * interval '10 minutes', CASE WHEN n % 100 BETWEEN 50 AND 57 THEN now() - n * interval '10 minutes' + interval '1 day' END
     FROM generate_series(1, ${SALES}) n`,
    [creatorId, productIds, linkIds],
  );
  await client.query(
    `INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents, fee_cents, created_at)
     SELECT 'bench_sale_' || n, 'Other Product', 'bench-' || (1 + n % 10), 'other' || n || '@example.com', 900, 9, now() - (n - ${SALES}) * interval '20 minutes'
     FROM generate_series(${SALES + 1}, ${SALES + OTHERS}) n`,
  );
  // Each sale's movement in the ledger, as insertOrderSales posts it (src/shared/ledger.ts saleEntries; refunds left out).
  await client.query(
    `WITH moved AS (
       INSERT INTO ledger_transactions (kind, currency, creator_id, sale_id, order_id, created_at)
       SELECT 'sale', 'USD', creator_id, id, order_id, created_at FROM sales RETURNING id, sale_id)
     INSERT INTO ledger_entries (transaction_id, account, owner_id, amount_cents)
     SELECT m.id, e.account, e.owner_id, e.amount_cents FROM moved m JOIN sales s ON s.id = m.sale_id,
       LATERAL (VALUES ('provider', NULL, s.amount_cents), ('platform_fees', NULL, -s.fee_cents), ('balance', s.affiliate_id, -s.commission_cents),
                       ('balance', s.creator_id, -(s.amount_cents - s.fee_cents - s.commission_cents))) e(account, owner_id, amount_cents)
     WHERE e.amount_cents <> 0`,
  );
  // As autovacuum would after a bulk load.
  for (const table of ['sales', 'orders', 'store_order_numbers', 'store_order_counters', 'short_links', 'products', 'ledger_transactions', 'ledger_entries']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
  return { productId: productIds[0], linkId: linkIds[3], affiliateId: 'bench-11' };
}

/** The plan of the list's first page (the SQL modules/sales/list.ts builds) with one filter, summed up as the indexes it reads and its time. */
async function explain(client, creatorId, condition, params = []) {
  const { rows } = await client.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM sales WHERE creator_id = $1 ${condition} ORDER BY created_at DESC, id DESC LIMIT 26`,
    [creatorId, ...params],
  );
  const [plan] = rows[0]['QUERY PLAN'];
  const indexes = new Set();
  const walk = (node) => {
    if (node['Index Name']) indexes.add(`${node['Node Type']} on ${node['Index Name']}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return `${[...indexes].join(', ') || plan.Plan['Node Type']}; ${plan['Execution Time'].toFixed(2)} ms`;
}

const app = await startApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const client = new pg.Client({ connectionString: app.databaseUrl() });
await client.connect();
try {
  const started = Date.now();
  const seller = await creator(app.base, client);
  const ids = await seed(client, seller.id);
  console.log(`generated ${SALES} sales of one creator and ${OTHERS} of others in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const headers = { cookie: seller.cookie };
  const first = await fetch(`${app.base}/api/my/sales`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/my/sales answered ${first.status}: ${await first.text()}`);
  await load([`${app.base}/api/my/sales`], { seconds: 2, headers }); // warm-up
  for (const range of ['30d', '90d']) {
    const started = Date.now();
    const answer = await fetch(`${app.base}/api/my/analytics?range=${range}`, { headers });
    if (answer.status !== 200) throw new Error(`GET /api/my/analytics answered ${answer.status}: ${await answer.text()}`);
    console.log(`first GET /api/my/analytics?range=${range} (fills the day cache): ${Date.now() - started} ms`);
  }

  console.log(`\nSales page, ${databaseLabel()}, ${SALES} sales of the creator, 10 clients, ${seconds}s each`);
  const health = await load([`${app.base}/api/health`], { seconds, headers });
  console.log(`  ${'baseline GET /api/health'.padEnd(42)} ${describeLoad(health)}`);
  // A signed-in request's own cost (the session), for comparison.
  const me = await load([`${app.base}/api/me`], { seconds, headers });
  console.log(`  ${'baseline GET /api/me (signed in)'.padEnd(42)} ${describeLoad(me)}`);
  const results = [];
  for (const endpoint of ENDPOINTS) {
    const url = `${app.base}${endpoint.path(ids)}`;
    const items = (await (await fetch(url, { headers })).json()).items?.length;
    const result = await load([url], { seconds, headers });
    results.push({ endpoint, result });
    const shown = items === undefined ? '' : `${items} items; `;
    console.log(`  ${endpoint.name.padEnd(42)} ${describeLoad(result)}  (${shown}p95 target <= ${endpoint.target} ms)`);
  }

  console.log('\nPlans of the first page (EXPLAIN ANALYZE, one run):');
  const plans = [
    ['no filter', ''],
    ['source = link', 'AND source = $2', [`link:${ids.linkId}`]],
    ['product', 'AND product_id = $2', [ids.productId]],
    ['refunded', `AND status = 'refunded'`],
    ['affiliate', 'AND affiliate_id = $2', [ids.affiliateId]],
    ['a day', `AND created_at >= $2::date AND created_at < $2::date + 1`, [DAY]],
    ['q buyer77', `AND (buyer_email ILIKE '%buyer77%' OR product_name ILIKE '%buyer77%')`],
    ['q (no match)', `AND (buyer_email ILIKE '%nobody%' OR product_name ILIKE '%nobody%')`],
  ];
  for (const [name, condition, params] of plans) console.log(`  ${name.padEnd(14)} ${await explain(client, seller.id, condition, params)}`);
  // What a total on every page would cost (the list answers none): counting all the creator's sales.
  const counted = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM sales WHERE creator_id = $1`, [seller.id]);
  console.log(`  ${'count(*)'.padEnd(14)} ${counted.rows[0]['QUERY PLAN'][0]['Execution Time'].toFixed(2)} ms (a total the list does not answer)`);

  const over = results.filter(({ endpoint, result }) => result.p95 > endpoint.target || result.failures > 0);
  console.log(over.length ? `\nOVER TARGET: ${over.map(({ endpoint }) => endpoint.name).join(', ')}` : '\nAll endpoints within their p95 targets.');
} finally {
  await client.end();
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DELETE FROM sales WHERE order_id LIKE 'bench_sale_%'`);
    await cleanup.query(`DELETE FROM store_order_numbers WHERE order_id LIKE 'bench_sale_%'`);
    await cleanup.query(`DELETE FROM orders WHERE id LIKE 'bench_sale_%'`);
    await cleanup.query(`DELETE FROM users WHERE id LIKE 'bench-%' OR email LIKE '%@bench.test'`);
    await cleanup.end();
  }
}
