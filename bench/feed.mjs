// Community feed benchmark (the ZerriJobs issue's "Speed" section): 100,000 posts, the first page
// of each feed (All Posts, Following, Popular) for a signed-in reader, 10 concurrent clients.
// Usage: npm run bench:feed [-- --seconds 10]   (set DATABASE_URL to use an external PostgreSQL)
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, startApp } from './lib.mjs';

const seconds = argument('seconds', 10);
const POSTS = 100_000;
const PASSWORD = 'bench-reader-password';

async function generatePosts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO users (id, name, email, role, email_verified)
    SELECT 'bench-' || g, 'Bench Author ' || g, 'author' || g || '@bench.test', 'creator', true FROM generate_series(1, 500) g
    ON CONFLICT DO NOTHING`);
  await client.query(`
    INSERT INTO posts (id, author_id, content, like_count, comment_count, created_at)
    SELECT 'post_bench' || lpad(g::text, 10, '0'), 'bench-' || (1 + g % 500),
      'Post number ' || g || ' about making things', (g * 7) % 97, (g * 13) % 31, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${POSTS}) g`);
  await client.query('VACUUM ANALYZE posts');
  await client.end();
}

/** A confirmed reader who follows 40 authors; returns the session cookie. */
async function reader(base, url) {
  const email = `reader-${Date.now()}@bench.test`;
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench Reader' }),
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`UPDATE users SET email_verified = true WHERE email = $1 RETURNING id`, [email]);
  await client.query(
    `INSERT INTO follows (follower_id, followee_id) SELECT $1, 'bench-' || g FROM generate_series(1, 500, 13) g`,
    [rows[0].id],
  );
  await client.end();
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const app = await startApp({ AUTH_RATE_LIMIT_MAX: '1000' });
try {
  await generatePosts(app.databaseUrl());
  const cookie = await reader(app.base, app.databaseUrl());
  const headers = { cookie };
  await load([`${app.base}/api/posts?feed=all`], { seconds: 2, headers }); // warm-up
  console.log(`\nCommunity feeds, ${databaseLabel()}, ${POSTS} posts, 10 clients, ${seconds}s each, signed-in reader`);
  const health = await load([`${app.base}/api/health`], { seconds, headers });
  console.log(`  baseline GET /api/health:   ${describeLoad(health)}`);
  for (const feed of ['all', 'following', 'popular']) {
    const result = await load([`${app.base}/api/posts?feed=${feed}`], { seconds, headers });
    console.log(`  GET /api/posts?feed=${feed.padEnd(9)} ${describeLoad(result)}  (p95 target <= 50 ms)`);
  }
} finally {
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DELETE FROM users WHERE id LIKE 'bench-%' OR email LIKE '%@bench.test'`);
    await client.end();
  }
}
