// Community feed benchmark (the ZerriJobs issue's "Speed" section, issue #47): generated posts by 500
// authors, the first page of each feed (All Posts, Following, Popular) and the next page after it,
// for a signed-in reader who follows 39 of them, 10 concurrent clients; GET /api/health as the
// baseline in the same run. With `--rows` above 100,000 the posts are generated in steps (10,000,
// 100,000, then --rows) and each step is measured: the growth table.
// Usage: npm run bench:feed [-- --rows 1000000] [-- --seconds 10]   (DATABASE_URL: an external PostgreSQL)
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, startApp } from './lib.mjs';
import { growthSteps, printGrowth } from './growth.mjs';

const seconds = argument('seconds', 10);
const steps = growthSteps(argument('rows', 100_000));
const PASSWORD = 'bench-reader-password';

async function generatePosts(client, from, to) {
  if (from === 1) {
    await client.query(`INSERT INTO users (id, name, email, role, email_verified)
      SELECT 'bench-' || g, 'Bench Author ' || g, 'author' || g || '@bench.test', 'creator', true FROM generate_series(1, 500) g
      ON CONFLICT DO NOTHING`);
    await client.query('ANALYZE users, user_profiles'); // as autovacuum would soon after
  }
  // Post g is g seconds old: each step's posts are older than the last step's, as a history that grows back in time.
  await client.query(
    `INSERT INTO posts (id, author_id, content, like_count, comment_count, created_at)
    SELECT 'post_bench' || lpad(g::text, 10, '0'), 'bench-' || (1 + g % 500),
      'Post number ' || g || ' about making things', (g * 7) % 97, (g * 13) % 31, now() - (g || ' seconds')::interval
    FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );
  await client.query('VACUUM ANALYZE posts');
}

/** A confirmed reader who follows 39 authors; returns the session cookie. */
async function reader(base, client) {
  const email = `reader-${Date.now()}@bench.test`;
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench Reader' }),
  });
  const { rows } = await client.query(`UPDATE users SET email_verified = true WHERE email = $1 RETURNING id`, [email]);
  await client.query(`INSERT INTO follows (follower_id, followee_id) SELECT $1, 'bench-' || g FROM generate_series(1, 500, 13) g`, [rows[0].id]);
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const app = await startApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const client = new pg.Client({ connectionString: app.databaseUrl() });
try {
  await client.connect();
  console.log(`Community feeds, ${databaseLabel()}, 10 clients, ${seconds}s each, signed-in reader`);
  const measured = [];
  let made = 0;
  let headers;
  for (const rows of steps) {
    const started = Date.now();
    await generatePosts(client, made + 1, rows);
    console.log(`\n${rows.toLocaleString('en-US')} posts (${(rows - made).toLocaleString('en-US')} generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    made = rows;
    headers ??= { cookie: await reader(app.base, client) };
    const scenarios = {};
    for (const feed of ['all', 'following', 'popular']) {
      const first = `${app.base}/api/posts?feed=${feed}`;
      const { items, nextCursor } = await (await fetch(first, { headers })).json();
      if (items.length !== 20 || !nextCursor) throw new Error(`feed=${feed} gave ${items.length} posts and no next page`);
      scenarios[`GET /api/posts?feed=${feed} (first page and the next)`] = [first, `${first}&cursor=${nextCursor}`];
    }
    await load([`${app.base}/api/posts?feed=all`], { seconds: 2, headers }); // warm-up
    const health = await load([`${app.base}/api/health`], { seconds, headers });
    console.log(`  baseline GET /api/health: ${describeLoad(health)}`);
    const results = {};
    for (const [name, urls] of Object.entries(scenarios)) {
      results[name] = await load(urls, { seconds, headers });
      console.log(`  ${name}: ${describeLoad(results[name])}  (p95 target <= 50 ms)`);
    }
    measured.push({ rows, health, results });
  }
  console.log(`\nGrowth, ${databaseLabel()}, 10 clients, ${seconds}s each, signed-in reader (p95 target <= 50 ms)`);
  printGrowth(measured);
} finally {
  await client.end();
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DELETE FROM users WHERE id LIKE 'bench-%' OR email LIKE '%@bench.test'`);
    await cleanup.end();
  }
}
