// Mail queue benchmark (issue #19 "Speed"): how fast the task runner drains 10,000 queued mails to
// an SMTP server on this machine (target >= 200 mails/s), and what enqueuing a mail adds to the
// request that causes it (target <= 2 ms). Runs the production build on a fresh database of the
// external PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432) and an SMTP
// server (smtp-server) in this process that counts what it receives.
// Enqueue cost: POST /api/products/:id/contact by a signed-in visitor, to another creator's product
// (throttle + mail task, 202) against the same request to the visitor's own product, which does the
// same lookups and stops before the mail (400 own_product), in the same run with wrk.
// Usage: npm run bench:mail-queue [-- --mails 10000 --seconds 10 --clients 1]
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { argument, describeLoad, load, startApp } from './lib.mjs';

const MAILS = argument('mails', 10_000);
const seconds = argument('seconds', 10);
const clients = argument('clients', 1);
const PASSWORD = 'bench-mail-password';
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = `zerri_bench_mail_${process.pid}`;
const databaseUrl = `${serverUrl}/${database}`;

async function onServer(statement) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An SMTP server that accepts everything and counts the mails; `reached(n)` resolves at the n-th.
 * `hold()` keeps each mail's DATA unanswered until `release()`: the runner's slots fill up and it
 * stops claiming, so a request's own cost can be measured without deliveries beside it.
 */
async function startSmtpCounter() {
  let received = 0;
  const waiting = [];
  let held;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const accept = () => {
          received++;
          for (const wait of waiting.filter((w) => received >= w.count)) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.resolve();
          }
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    get received() {
      return received;
    },
    hold: () => (held ??= []),
    release() {
      const accepts = held ?? [];
      held = undefined;
      for (const accept of accepts) accept();
    },
    reached: (count) => (received >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A confirmed account with one listed product; returns its session cookie and product id. */
async function creatorWithProduct(base, db, label) {
  const email = `${label}-${Date.now()}@bench.test`;
  const headers = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD, name: `Bench ${label}` }) });
  const { rows } = await db.query(`UPDATE users SET email_verified = true, role = 'creator' WHERE email = $1 RETURNING id`, [email]);
  const product = await db.query(
    `INSERT INTO products (user_id, name, description, price_cents, category, tags, file_key, file_name, file_size)
     VALUES ($1, $2, 'A product to ask about', 1000, 'Templates', ARRAY['Design'], 'bench/' || $1, 'file.zip', 1024) RETURNING id`,
    [rows[0].id, `Bench product of ${label}`],
  );
  const login = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, productId: product.rows[0].id };
}

await onServer(`CREATE DATABASE ${database}`);
const smtp = await startSmtpCounter();
let app;
try {
  const limit = String(1_000_000);
  app = await startApp({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '1000',
    CONTACT_RATE_LIMIT_MAX: limit,
    MAIL_RATE_LIMIT_RECIPIENT: limit,
    MAIL_RATE_LIMIT_VISITOR: limit,
    MAIL_RATE_LIMIT_USER: limit,
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // 1. Drain: 10,000 mail tasks in one transaction, one NOTIFY, until the SMTP server has them all.
  const before = smtp.received;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO tasks (name, payload, max_attempts)
     SELECT 'mail.send', jsonb_build_object('to', 'reader' || g || '@bench.test', 'subject', 'Bench mail ' || g,
       'text', 'Hello reader ' || g || E',\n\nthis is a benchmark mail of about the size of a receipt.\n'), 14
     FROM generate_series(1, $1::int) g`,
    [MAILS],
  );
  await db.query(`NOTIFY zerri_tasks, 'mail.send'`);
  const started = performance.now();
  await db.query('COMMIT');
  await smtp.reached(before + MAILS);
  const drainSeconds = (performance.now() - started) / 1000;
  const mailsPerSecond = MAILS / drainSeconds;

  // 2. Enqueue cost: the same request with and without the mail it queues.
  const creator = await creatorWithProduct(app.base, db, 'creator');
  const visitor = await creatorWithProduct(app.base, db, 'visitor');
  const body = JSON.stringify({ name: 'Bench Visitor', email: 'visitor@bench.test', message: 'Does this include the source files?' });
  const options = { clients, seconds, method: 'POST', body, headers: { cookie: visitor.cookie, 'content-type': 'application/json', origin: app.base } };
  const contactUrl = (id) => `${app.base}/api/products/${id}/contact`;
  const check = async (id, status) => {
    const response = await fetch(contactUrl(id), { method: 'POST', headers: options.headers, body });
    if (response.status !== status) throw new Error(`${contactUrl(id)}: ${response.status} ${await response.text()}, expected ${status}`);
  };
  await check(visitor.productId, 400);
  await check(creator.productId, 202);
  await load([contactUrl(visitor.productId)], { ...options, seconds: 2 }); // warm-up
  await load([contactUrl(creator.productId)], { ...options, seconds: 2 });
  const queuedBefore = smtp.received;
  const baseline = await load([contactUrl(visitor.productId)], options);
  const withMail = await load([contactUrl(creator.productId)], options);
  // Again with deliveries held: the request's own cost (throttle, task row, NOTIFY) alone.
  const baselineHeld = await load([contactUrl(visitor.productId)], options);
  smtp.hold();
  const withMailHeld = await load([contactUrl(creator.productId)], options);
  smtp.release();
  const mailsSent = withMail.requests + withMailHeld.requests - withMail.failures - withMailHeld.failures;
  await smtp.reached(queuedBefore + mailsSent);

  console.log(`\nMail queue, external PostgreSQL (${database}), SMTP server in the bench process`);
  console.log(`  drain: ${MAILS} mails in ${drainSeconds.toFixed(2)} s = ${mailsPerSecond.toFixed(0)} mails/s (target >= 200)`);
  const signed = (ms) => `${ms >= 0 ? '+' : ''}${ms.toFixed(2)} ms`;
  const added = (mail, base) =>
    `p50 ${signed(mail.p50 - base.p50)}, p95 ${signed(mail.p95 - base.p95)} (target <= 2), p50 ratio ${(mail.p50 / base.p50).toFixed(2)}x`;
  console.log(`  enqueue cost, ${clients} client(s), ${seconds}s each (the baseline answers 400 by design: wrk counts those as failures)`);
  console.log(`    baseline, own product (no mail):           ${describeLoad(baseline)}`);
  console.log(`    queues a mail, delivered meanwhile:        ${describeLoad(withMail)}`);
  console.log(`      (each request also causes a delivery on these cores: the runner, PostgreSQL and the SMTP server)`);
  console.log(`      added: ${added(withMail, baseline)}`);
  console.log(`    baseline again:                            ${describeLoad(baselineHeld)}`);
  console.log(`    queues a mail, deliveries held:            ${describeLoad(withMailHeld)}`);
  console.log(`      added: ${added(withMailHeld, baselineHeld)}`);
  console.log(`    all ${mailsSent} mails of the requests delivered`);
  await db.end();
} finally {
  await app?.stop();
  await smtp.close();
  await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
