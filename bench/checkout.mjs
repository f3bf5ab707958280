// Checkout benchmark (issue #21, "Prices that sell"): POST /api/checkout of a two-product cart (one
// fixed price in a chosen version, one pay what you want with a named amount), taxed at the buyer's
// country's rate (TAX_RATES, DE at 19 %), with a creator's discount code, 10
// concurrent guest buyers, each request a new buyer e-mail. Every checkout with the code locks the
// code's row to count its use (docs/decisions/017), so checkouts with one code take turns: this
// measures that. Also measured in the same run: the same checkout without a code, Buy now (issue #44:
// its quote, POST /api/checkout/quote, then the one-product checkout it starts, both with the code),
// and GET /api/health as the baseline. At the end the orders made are counted against the answers: one use per order
// with the code, none lost, none extra.
// Usage: npm run bench:checkout [-- --seconds 15 --max-uses N --strict]
//   --max-uses N  give the code a total of N uses (default unlimited), so each checkout also counts them under the lock
//   --strict      exit 1 when the p95 with the code is over the 50 ms target (else only printed)
// Set DATABASE_URL to use an external PostgreSQL.
import pg from 'pg';
import { argument, databaseLabel, describeLoad, load, luaString, resultOf, runWrk, startApp } from './lib.mjs';

const seconds = argument('seconds', 15);
const maxUses = argument('max-uses', null);
const strict = process.argv.includes('--strict');
const CLIENTS = 10;
const TARGET_P95_MS = 50;
const CODE = 'BENCH20';
const FIXED_CENTS = 1000; // the fixed-price product
const MINIMUM_CENTS = 500; // the pay-what-you-want product's minimum
const NAMED_CENTS = 1500; // what each buyer names for it
const EMAIL = '@@EMAIL@@';

// Guests all come from 127.0.0.1: the per-visitor mail limit (each checkout counts its receipt
// against it) is raised, as in the API tests. Each buyer e-mail is new, so the per-recipient limit
// stays at its default and is checked for real. Checkouts with a code count against the discount
// codes tried per address (DISCOUNT_RATE_LIMIT_MAX, a guard against guessing), raised here too.
const BENCH_ENV = { ALLOW_TEST_PAYMENTS: 'true', MAIL_RATE_LIMIT_VISITOR: '1000000', MAIL_RATE_LIMIT_USER: '1000000', DISCOUNT_RATE_LIMIT_MAX: '1000000', TAX_RATES: 'DE:19' };
const TAX_BPS = 1900;

/**
 * A creator with a fixed-price product sold in two versions (the buyer picks Extended, at the same
 * price), a pay-what-you-want product and a percent code on all their products.
 */
async function seed(client) {
  await client.query(`DELETE FROM users WHERE id = 'bench-checkout-creator'`); // a run kept with BENCH_KEEP_DATA
  await client.query(`INSERT INTO users (id, name, email, role, email_verified)
    VALUES ('bench-checkout-creator', 'Bench Checkout Creator', 'checkout-creator@bench.test', 'creator', true)`);
  const product = async (name, priceCents, payWhatYouWant) =>
    (
      await client.query(
        `INSERT INTO products (user_id, name, description, price_cents, pay_what_you_want, suggested_price_cents, category, file_key, file_name, file_size)
         VALUES ('bench-checkout-creator', $1, 'For the checkout benchmark', $2, $3, $4, 'eBook', 'bench/checkout', 'book.pdf', 1024) RETURNING id`,
        [name, priceCents, payWhatYouWant, payWhatYouWant ? 2000 : null],
      )
    ).rows[0].id;
  const fixedId = await product('Bench Fixed Price Guide', FIXED_CENTS, false);
  const pwywId = await product('Bench Pay What You Want Pack', MINIMUM_CENTS, true);
  const version = async (name, position) =>
    (
      await client.query(
        `INSERT INTO product_versions (product_id, name, price_cents, file_key, file_name, file_size, position)
         VALUES ($1, $2, $3, 'bench/checkout', 'book.pdf', 1024, $4) RETURNING id`,
        [fixedId, name, FIXED_CENTS, position],
      )
    ).rows[0].id;
  await version('Basic', 0);
  const versionId = await version('Extended', 1);
  await client.query(
    `INSERT INTO discount_codes (creator_id, code, kind, amount, max_uses) VALUES ('bench-checkout-creator', $1, 'percent', 20, $2)`,
    [CODE, maxUses],
  );
  await client.query('ANALYZE');
  return { fixedId, pwywId, versionId };
}

/**
 * The checkout body every buyer sends (EMAIL is replaced by each request's own address): the buyer's
 * country (taxed), a version, a named price and, with `withCode`, the discount code.
 */
function checkoutBody({ fixedId, pwywId, versionId }, withCode) {
  return {
    email: EMAIL,
    country: 'DE',
    productIds: [fixedId, pwywId],
    versions: [{ productId: fixedId, versionId }],
    prices: [{ productId: pwywId, amountCents: NAMED_CENTS }],
    ...(withCode ? { discountCode: CODE.toLowerCase() } : {}),
  };
}

/**
 * Buy now's two requests for one product (the Extended version) with the code: the quote the dialog
 * shows (no e-mail yet) and the checkout its Pay button starts.
 */
function buyNowBodies({ fixedId, versionId }) {
  const common = { country: 'DE', productIds: [fixedId], versions: [{ productId: fixedId, versionId }], discountCode: CODE.toLowerCase() };
  return { quote: common, checkout: { ...common, email: EMAIL, buyNow: true } };
}

/**
 * A wrk script posting `body` to `path` with a new e-mail `<prefix>-<thread>-<n>@bench.test` on each
 * request (where the body holds EMAIL); counts requests sent, `okStatus` answers and other answers
 * (the first few printed).
 */
function checkoutScript(base, body, prefix, path = '/api/checkout', okStatus = 201) {
  const [head, tail = ''] = JSON.stringify(body).split(EMAIL);
  const bodyOf = tail ? `${luaString(head)} .. email .. ${luaString(tail)}` : luaString(head);
  const headers = { 'content-type': 'application/json', origin: base };
  const headerTable = Object.entries(headers).map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`);
  return `
local threads = {}
local thread_count = 0
setup = function(thread)
  thread:set('thread_id', thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end
sent, created, other = 0, 0, 0
local headers = { ${headerTable.join(', ')} }
request = function()
  sent = sent + 1
  local email = ${luaString(prefix)} .. '-' .. thread_id .. '-' .. sent .. '@bench.test'
  return wrk.format('POST', ${luaString(path)}, headers, ${bodyOf})
end
response = function(status, response_headers, response_body)
  if status == ${okStatus} then
    created = created + 1
  else
    other = other + 1
    if other <= 3 then io.write('UNEXPECTED ' .. status .. ' ' .. string.sub(response_body, 1, 300) .. '\\n') end
  end
end
done = function(summary, latency)
  local s, c, o = 0, 0, 0
  for _, thread in ipairs(threads) do
    s = s + thread:get('sent')
    c = c + thread:get('created')
    o = o + thread:get('other')
  end
  local e = summary.errors
  io.write(string.format('RESULT %d %d %d %.3f %.3f %.3f\\n', summary.requests, summary.duration,
    e.status + e.connect + e.read + e.write + e.timeout, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
  io.write(string.format('COUNTS %d %d %d\\n', s, c, o))
end`;
}

async function checkoutLoad(base, body, prefix, loadSeconds, path, okStatus) {
  const { stdout } = await runWrk(base, checkoutScript(base, body, prefix, path, okStatus), { clients: CLIENTS, seconds: loadSeconds });
  const [sent, created, other] = /COUNTS (.+)/.exec(stdout)[1].split(' ').map(Number);
  return { ...resultOf(stdout), sent, created, other, unexpected: stdout.split('\n').filter((line) => line.startsWith('UNEXPECTED')) };
}

/** The orders of one run (by its e-mail prefix) once the requests still in flight when wrk stopped are done. */
async function ordersOf(client, prefix) {
  const query = `SELECT count(*)::int AS orders, count(DISTINCT o.buyer_email)::int AS emails,
      count(*) FILTER (WHERE o.discount_code IS NOT NULL)::int AS with_code,
      count(r.order_id)::int AS uses, count(*) FILTER (WHERE o.status <> 'pending')::int AS not_pending,
      array_agg(DISTINCT o.total_cents) AS totals
    FROM orders o LEFT JOIN discount_redemptions r ON r.order_id = o.id
    WHERE o.buyer_email LIKE $1`;
  let last;
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query(query, [`${prefix}-%`]);
    if (last && rows[0].orders === last.orders) return rows[0];
    last = rows[0];
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return last;
}

/** The problems of one run: any answer but 201, and orders or uses that do not match the answers. */
function problemsOf(label, run, made, withCode, expectedTotal) {
  const problems = [];
  if (run.other || run.failures) problems.push(`${label}: ${run.other} answers other than 201 (${run.failures} wrk errors) ${run.unexpected.join(' | ')}`);
  // wrk stops with up to one request per connection in flight: the server may still make those orders.
  if (made.orders < run.created || made.orders > run.sent) problems.push(`${label}: ${made.orders} orders for ${run.created} answers 201 of ${run.sent} sent`);
  if (made.emails !== made.orders) problems.push(`${label}: ${made.orders} orders for ${made.emails} e-mails`);
  if (made.uses !== (withCode ? made.orders : 0) || made.with_code !== made.uses) {
    problems.push(`${label}: ${made.orders} orders, ${made.with_code} naming the code, ${made.uses} uses of it`);
  }
  if (made.not_pending) problems.push(`${label}: ${made.not_pending} orders not pending`);
  if (made.orders && (made.totals.length !== 1 || made.totals[0] !== expectedTotal)) problems.push(`${label}: totals ${made.totals} (expected ${expectedTotal})`);
  return problems;
}

const describeOrders = (run, made) =>
  `${made.orders} orders (${run.created} answered 201, ${made.orders - run.created} made while wrk stopped), ${made.uses} uses of the code`;

const app = await startApp(BENCH_ENV);
const client = new pg.Client({ connectionString: app.databaseUrl() });
await client.connect();
let failed = false;
try {
  const ids = await seed(client);
  const run = `r${Date.now().toString(36)}`;
  await checkoutLoad(app.base, checkoutBody(ids, true), `${run}-warm`, 2); // warm-up
  const health = await load([`${app.base}/api/health`], { clients: CLIENTS, seconds });
  const withCode = await checkoutLoad(app.base, checkoutBody(ids, true), `${run}-code`, seconds);
  const withoutCode = await checkoutLoad(app.base, checkoutBody(ids, false), `${run}-plain`, seconds);
  const buyNow = buyNowBodies(ids);
  const quote = await checkoutLoad(app.base, buyNow.quote, `${run}-quote`, seconds, '/api/checkout/quote', 200);
  const buyNowCheckout = await checkoutLoad(app.base, buyNow.checkout, `${run}-buy-now`, seconds);
  const madeWithCode = await ordersOf(client, `${run}-code`);
  const madeWithoutCode = await ordersOf(client, `${run}-plain`);
  const madeBuyNow = await ordersOf(client, `${run}-buy-now`);

  // Each line's price, then its tax on top (lineTaxCents: rounded per line).
  const taxed = (...lines) => lines.reduce((sum, cents) => sum + cents + Math.round((cents * TAX_BPS) / 10_000), 0);
  const fullTotal = taxed(FIXED_CENTS, NAMED_CENTS);
  const discountedTotal = taxed(Math.round(FIXED_CENTS * 0.8), Math.round(NAMED_CENTS * 0.8));
  const buyNowTotal = taxed(Math.round(FIXED_CENTS * 0.8));
  console.log(`\nCheckout, ${databaseLabel()}, ${CLIENTS} clients, ${seconds}s each, guest buyers with a new e-mail per request`);
  console.log(`  cart: a $${FIXED_CENTS / 100} product (its Extended version) and a pay-what-you-want product (minimum $${MINIMUM_CENTS / 100}) at $${NAMED_CENTS / 100};`);
  console.log(`  buyer country DE, taxed at ${TAX_BPS / 100}% on top (TAX_RATES);`);
  console.log(`  code ${CODE}: 20% off, ${maxUses === null ? 'unlimited uses' : `${maxUses} uses`}; test card provider (ALLOW_TEST_PAYMENTS), answers 201 with a pending order`);
  console.log(`  raised for the bench: MAIL_RATE_LIMIT_VISITOR and _USER (all buyers share 127.0.0.1); /api/checkout has no request limit`);
  console.log(`  baseline GET /api/health:        ${describeLoad(health)}`);
  console.log(`  POST /api/checkout with code:    ${describeLoad(withCode)}, non-201 ${withCode.other}`);
  console.log(`  POST /api/checkout without code: ${describeLoad(withoutCode)}, non-201 ${withoutCode.other}`);
  console.log(`  Buy now, POST /api/checkout/quote: ${describeLoad(quote)}, non-200 ${quote.other}`);
  console.log(`  Buy now, POST /api/checkout:       ${describeLoad(buyNowCheckout)}, non-201 ${buyNowCheckout.other}`);
  console.log(`  with code:    ${describeOrders(withCode, madeWithCode)}`);
  console.log(`  without code: ${describeOrders(withoutCode, madeWithoutCode)}`);
  console.log(`  Buy now:      ${describeOrders(buyNowCheckout, madeBuyNow)}`);
  console.log(
    `  p95 ratio to baseline: with code ${(withCode.p95 / health.p95).toFixed(1)}x, without ${(withoutCode.p95 / health.p95).toFixed(1)}x;` +
      ` with code / without: p95 ${(withCode.p95 / withoutCode.p95).toFixed(2)}x, req/s ${(withCode.rps / withoutCode.rps).toFixed(2)}x;` +
      ` Buy now quote ${(quote.p95 / health.p95).toFixed(1)}x, checkout ${(buyNowCheckout.p95 / health.p95).toFixed(1)}x`,
  );
  const problems = [
    ...(health.failures ? [`GET /api/health: ${health.failures} failures`] : []),
    ...problemsOf('with code', withCode, madeWithCode, true, discountedTotal),
    ...problemsOf('without code', withoutCode, madeWithoutCode, false, fullTotal),
    ...problemsOf('Buy now', buyNowCheckout, madeBuyNow, true, buyNowTotal),
    ...(quote.other || quote.failures ? [`Buy now quote: ${quote.other} answers other than 200 (${quote.failures} wrk errors) ${quote.unexpected.join(' | ')}`] : []),
  ];
  const timed = [withCode, withoutCode, quote, buyNowCheckout];
  const pass = timed.every((result) => result.p95 <= TARGET_P95_MS);
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'}: p95 with code ${withCode.p95.toFixed(1)} ms, without ${withoutCode.p95.toFixed(1)} ms,` +
      ` Buy now quote ${quote.p95.toFixed(1)} ms and checkout ${buyNowCheckout.p95.toFixed(1)} ms (target <= ${TARGET_P95_MS} ms)`,
  );
  if (problems.length) {
    console.error(`\nCHECKOUT BENCH FAILED:\n  ${problems.join('\n  ')}`);
    failed = true;
  }
  if (!pass && strict) failed = true;
} finally {
  await client.end();
  await app.stop();
  if (process.env.DATABASE_URL && !process.env.BENCH_KEEP_DATA) {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DELETE FROM orders WHERE buyer_email LIKE '%@bench.test'`);
    await cleanup.query(`DELETE FROM users WHERE id = 'bench-checkout-creator'`);
    await cleanup.end();
  }
}
if (failed) process.exit(1);
