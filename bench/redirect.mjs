// ZerriLink redirect benchmark (the ZerriLink issue's "Speed" section).
// Runs the production build (embedded PostgreSQL unless DATABASE_URL is set) and a bare node:http
// baseline in the same run, loads both with wrk, and prints the ratio, p50/p99, the app's peak RSS
// and whether clicks were counted exactly. Usage: npm run bench:redirect [-- --duration 10]
//
// With `--links N` (e.g. 1000000): N links made before the app starts, requests spread over them by a
// Zipf law (s = 1, the link of rank k followed in proportion to 1/k), the bare baseline holding the
// same N links in a Map. The app is started afresh on those links and loaded as soon as it answers
// (it reads its links index first): the first 5 s, then three rounds of --duration seconds, each with
// its ratio to the bare server.
//
// With `--links N --while-running`: the app starts with no links; the N links are made through the API
// while it runs, mostly by the import (files of 5,000 rows), some by POST /api/links, on instance A, while
// a second instance B on the same database (loaded afterwards as above) is asked how many of them its
// index holds: the lag between a link made on A and B holding it is printed (target: within a second).
//
// The bare server and the app take turns: bare, Zerri, bare, … (with --links: bare once before the app
// starts, then the app's first 5 s and three rounds, each followed by a bare round), and each Zerri round
// is compared with the bare rounds just before and after it (one link: the median of three printed). A
// shared machine's speed drifts over a run's minute (the bare server alone moved 20–50 % between
// rounds a minute apart), and a baseline from the run's ends put that drift into the ratio.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { argument, databaseLabel, startApp, waitFor } from './lib.mjs';

const duration = argument('duration', 10);
const links = argument('links', 1);
const whileRunning = process.argv.includes('--while-running');
const connections = 50;
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** wrk on `url` (with a Lua `script`, its path): requests/s, p50, p99 and answers other than 2xx/3xx. */
function wrk(url, seconds = duration, script) {
  const out = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', `User-Agent: ${browserAgent}`, ...(script ? ['-s', script] : []), url], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const latency = (pct) => {
    const match = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return match ? toMs(match[1], match[2]) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)[1]);
  return { rps, p50: latency(50), p99: latency(99), non2xx, requests };
}

/** The fields of /proc/<pid>/stat after the command's name (the state first). */
const statFields = (pid) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** CPU seconds a process has used (user and system, all its threads), from /proc. */
function cpuSeconds(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100 on Linux)
}

/**
 * CPU seconds an embedded PostgreSQL server has used: its postmaster with the backends it has reaped
 * (cutime, cstime) and those still running.
 */
function postgresCpuSeconds(postmaster) {
  const fields = statFields(postmaster);
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = statFields(entry);
      if (Number(child[1]) === postmaster) ticks += Number(child[11]) + Number(child[12]); // its parent's pid, then its own time
    } catch {
      // gone meanwhile: its time is in the postmaster's cutime/cstime now
    }
  }
  return ticks / 100;
}

/**
 * wrk as above, with the server's CPU per request (µs): what the server itself spent, time waiting for
 * a core not counted (the machine's state still moves it: the same bare server took 14–26 µs in one day).
 * With `postgres` (an embedded server's postmaster), also the share of a core PostgreSQL took meanwhile:
 * on a small machine its writes of the clicks compete with the app and wrk for the cores.
 */
function measured(pid, url, seconds, script, postgres) {
  const before = cpuSeconds(pid);
  const postgresBefore = postgres && postgresCpuSeconds(postgres);
  const run = wrk(url, seconds, script);
  const postgresShare = postgres && (postgresCpuSeconds(postgres) - postgresBefore) / seconds;
  return { ...run, cpuUs: ((cpuSeconds(pid) - before) * 1e6) / run.requests, postgresShare };
}

/** The bare server's request handler: a 302 to the Map's address for the code, else 404. */
const bareServer = `http.createServer((req, res) => {
      const target = links.get(req.url.slice(3));
      res.writeHead(target ? 302 : 404, target ? { Location: target } : {});
      res.end();
    }).listen(Number(process.argv[1]), '127.0.0.1');`;

/**
 * The bare node:http server answering 302 from a Map of `count` links (codes `zb1`…, or `bench1` alone),
 * in its own process like the app, started and warmed up 2 s: its url, pid and stop().
 */
async function startBare(count, script) {
  const source = `
    const http = require('node:http');
    const links = new Map();
    if (${count} === 1) links.set('bench1', 'https://example.com/landing');
    else for (let i = 1; i <= ${count}; i++) links.set('zb' + i, 'https://example.com/landing/' + i);
    ${bareServer}`;
  const barePort = port + 1;
  const url = `http://127.0.0.1:${barePort}/z/${count === 1 ? 'bench1' : 'zb1'}`;
  const server = spawn(process.execPath, ['-e', source, String(barePort)], { stdio: 'inherit' });
  const stop = async () => {
    server.kill();
    await new Promise((resolve) => (server.exitCode === null && server.signalCode === null ? server.once('exit', resolve) : resolve()));
  };
  try {
    await waitFor(url, 302);
    wrk(url, 2, script); // warm-up
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid, stop };
}

const describeBare = (run) => `${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, CPU ${run.cpuUs.toFixed(1)} µs per request`;

function peakRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** The app's heap spaces (committed MB) and external memory, from its /metrics: where the RSS goes. */
async function heapSpaces(base) {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const mb = (bytes) => (Number(bytes) / 1e6).toFixed(0);
  const spaces = [...metrics.matchAll(/^zerri_nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\d+)/gm)].filter(([, , bytes]) => Number(bytes) >= 1e6).map(([, space, bytes]) => `${space.replace(/_space$/, '')} ${mb(bytes)}`);
  const external = /^zerri_nodejs_external_memory_bytes (\d+)/m.exec(metrics)?.[1];
  const gc = [...metrics.matchAll(/^zerri_nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e-]+)/gm)].map(([, kind, seconds]) => `${kind} ${(Number(seconds) * 1000).toFixed(0)}`);
  return `heap: ${spaces.join(', ')}; external ${mb(external ?? 0)}; GC ms so far: ${gc.join(', ')}`;
}

function currentRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** One redirect request per code (a code may repeat), over keep-alive connections. */
async function sendEach(base, codes) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const worker = async () => {
    while (sent < codes.length) {
      const code = codes[sent++];
      await new Promise((resolve, reject) => {
        http
          .get(`${base}/z/${code}`, { agent, headers: { 'user-agent': browserAgent } }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
}

let port;
/** Zerri's rounds in the one-link scenario, each between two bare rounds. */
const ONE_LINK_ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One link, followed by every request (the bare server holding that one link). */
async function oneLink() {
  const app = await startApp({ LINK_RATE_LIMIT_MAX: '100000' });
  port = app.port;
  const base = app.base;
  try {
    const created = await (
      await fetch(`${base}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/landing' }) })
    ).json();
    const code = created.code;
    wrk(`${base}/z/${code}`, 2); // warm-up
    // Both servers stay up and take turns, bare first and last: each of Zerri's rounds is compared with
    // the bare rounds just before and after it, so the machine's drift over the minute is in both sides.
    const bareServer = await startBare(1);
    const bareRounds = [];
    const zerriRounds = [];
    try {
      bareRounds.push(measured(bareServer.pid, bareServer.url, duration));
      for (let round = 0; round < ONE_LINK_ROUNDS; round++) {
        zerriRounds.push(measured(app.pid, `${base}/z/${code}`, duration));
        bareRounds.push(measured(bareServer.pid, bareServer.url, duration));
      }
    } finally {
      await bareServer.stop();
    }
    const rss = peakRss(app.pid);
    const roundRatios = zerriRounds.map((zerri, i) => zerri.rps / ((bareRounds[i].rps + bareRounds[i + 1].rps) / 2));
    const cpuRatios = zerriRounds.map((zerri, i) => (bareRounds[i].cpuUs + bareRounds[i + 1].cpuUs) / 2 / zerri.cpuUs);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = (await (await fetch(`${base}/api/links/${code}`)).json()).clicks;
    const exactTotal = 20_000;
    await sendEach(base, Array(exactTotal).fill(code));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = (await (await fetch(`${base}/api/links/${code}`)).json()).clicks;

    const ratio = median(roundRatios);
    const p99 = Math.max(...zerriRounds.map((zerri) => zerri.p99));
    console.log(`\nZerriLink redirect, ${databaseLabel()}, wrk ${connections} connections, ${duration}s each, bare and Zerri in turns`);
    bareRounds.forEach((bare, i) => {
      console.log(`  bare node:http:      ${describeBare(bare)}`);
      const zerri = zerriRounds[i];
      if (zerri)
        console.log(
          `  Zerri /z/{code}:     ${zerri.rps.toFixed(0)} req/s, p50 ${zerri.p50} ms, p99 ${zerri.p99} ms, non-3xx ${zerri.non2xx}, CPU ${zerri.cpuUs.toFixed(1)} µs per request; ratio to the bare rounds around it ${roundRatios[i].toFixed(2)}, CPU ${cpuRatios[i].toFixed(2)}`,
        );
    });
    console.log(`  ratio ${ratio.toFixed(2)}, the median of ${ONE_LINK_ROUNDS} rounds (target >= 0.9); CPU per request, bare's over Zerri's: ${median(cpuRatios).toFixed(2)}`);
    console.log(`  p99 ${p99} ms at most (target <= 10), peak RSS ${rss.toFixed(0)} MB (target <= 150)`);
    console.log(`  clicks exact: ${after - before === exactTotal ? 'yes' : 'NO'} (${after - before} counted for ${exactTotal} sent)`);
  } finally {
    await app.stop();
  }
}

/** A wrk script following the link of rank k (code `zb<k>`: custom codes have at least three characters) with probability proportional to 1/k. */
function zipfScript(count) {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-zipf-')), 'zipf.lua');
  fs.writeFileSync(
    script,
    `local n = ${count}
local cdf = {}
local sum = 0
for k = 1, n do sum = sum + 1 / k; cdf[k] = sum end
for k = 1, n do cdf[k] = cdf[k] / sum end
local threads = 0
setup = function(thread) threads = threads + 1; thread:set('seed', threads) end
init = function() math.randomseed(os.time() * 100 + seed) end
request = function()
  local r = math.random()
  local lo, hi = 1, n
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cdf[mid] < r then lo = mid + 1 else hi = mid end
  end
  return wrk.format('GET', '/z/zb' .. lo)
end`,
  );
  return script;
}

/** The Zipf ranks of `total` visits, drawn as the wrk script draws them. */
function zipfCodes(count, total) {
  const cdf = new Float64Array(count);
  let sum = 0;
  for (let k = 1; k <= count; k++) cdf[k - 1] = sum += 1 / k;
  return Array.from({ length: total }, () => {
    const r = Math.random() * sum;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return `zb${lo + 1}`;
  });
}

/** `count` links made before the app starts; requests spread over them by a Zipf law. */
async function manyLinks(count) {
  const app = await startApp({ LINK_RATE_LIMIT_MAX: '100000', METRICS_PUBLIC: 'true' });
  port = app.port;
  const script = zipfScript(count);
  const client = () => new pg.Client({ connectionString: app.databaseUrl() });
  try {
    const seeding = client();
    await seeding.connect();
    const made = Date.now();
    await seeding.query(`INSERT INTO short_links (short_code, original_url)
      SELECT 'zb' || i, 'https://example.com/landing/' || i FROM generate_series(1, ${count}) i`);
    await seeding.query('VACUUM ANALYZE short_links');
    await seeding.end();
    console.log(`${count} links made in ${((Date.now() - made) / 1000).toFixed(1)} s`);
    await app.halt();

    // The bare server holding the same links, loaded once before the app starts; it stays up to take turns with the app.
    const bare = await startBare(count, script);
    try {
      const bareBefore = measured(bare.pid, bare.url, duration, script);
      // The app afresh on those links, loaded from the moment it answers.
      const starting = Date.now();
      await app.start();
      const answeredAfter = (Date.now() - starting) / 1000;
      const started = `app answered ${answeredAfter.toFixed(1)} s after it was started (PostgreSQL's start and the links index)`;
      await loadAndReport(app, app, count, script, { bare, bareBefore }, client, started);
    } finally {
      await bare.stop();
    }
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
    await app.stop();
  }
}

/**
 * The Zipf load on `app` (the first 5 s, then three rounds), the clicks counted exactly, the bare server
 * again, and the report. `database` is the app whose embedded PostgreSQL it uses.
 */
/**
 * Loads `app` (just started, or B) with the Zipf script: its first 5 s, then three rounds of --duration
 * seconds, each followed by a round of the bare server (`bare`, up all along, loaded once before the
 * app: `bareBefore`). Each of the app's rounds is compared with the bare rounds just before and after
 * it. Then the clicks are counted and everything printed.
 */
async function loadAndReport(app, database, count, script, { bare, bareBefore }, client, started, extra = []) {
  {
    const url = `${app.base}/z/zb1`;
    const startRss = currentRss(app.pid);
    const startHeap = await heapSpaces(app.base);
    const postgres = database.postgresPid();
    const fastRedirects = async () => Number(/^zerri_redirects_total (\d+)$/m.exec(await (await fetch(`${app.base}/metrics`)).text())?.[1] ?? NaN);
    // Which share of the round's redirects the fast path answered (the rest took the checked route).
    const appRound = async (label, seconds) => {
      const fastBefore = await fastRedirects();
      const run = measured(app.pid, url, seconds, script, postgres);
      return { label, ...run, fastShare: ((await fastRedirects()) - fastBefore) / run.requests, rss: currentRss(app.pid) };
    };
    // While the bare server is loaded, the app may still write the clicks of its last round: its and PostgreSQL's share of a core is printed beside.
    const bareRound = () => {
      const appBefore = cpuSeconds(app.pid);
      const postgresBefore = postgres && postgresCpuSeconds(postgres);
      const run = measured(bare.pid, bare.url, duration, script);
      const appShare = (cpuSeconds(app.pid) - appBefore + (postgres ? postgresCpuSeconds(postgres) - postgresBefore : 0)) / duration;
      return { ...run, appShare };
    };
    const rounds = [{ ...(await appRound(whileRunning ? 'first 5 s of load' : 'first 5 s after start', 5)), heap: await heapSpaces(app.base) }];
    const bareRounds = [bareBefore];
    for (let round = 1; round <= 3; round++) {
      rounds.push({ ...(await appRound(`round ${round} (${duration} s)`, duration)), heap: await heapSpaces(app.base) });
      bareRounds.push(bareRound());
    }
    const rss = peakRss(app.pid);

    // Clicks exact: a known number of visits spread the same way, counted over all links.
    const counting = client();
    await counting.connect();
    // The total once every click in memory is written (the app's gauge of clicks not yet written is 0).
    const settledTotal = async () => {
      for (;;) {
        const metrics = await (await fetch(`${app.base}/metrics`)).text();
        if (/^zerri_unflushed_clicks 0$/m.test(metrics)) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return Number((await counting.query('SELECT sum(clicks)::bigint AS n FROM short_links')).rows[0].n);
    };
    const before = await settledTotal();
    const codes = zipfCodes(count, 20_000);
    await sendEach(app.base, codes);
    const counted = (await settledTotal()) - before;
    await counting.end();
    await app.halt();

    // Round i of the app (i >= 1) ran between bare rounds i - 1 and i; the first 5 s (i = 0) are compared with the two bare rounds around round 1's start.
    const around = (i) => (i === 0 ? [bareRounds[0], bareRounds[1]] : [bareRounds[i - 1], bareRounds[i]]);
    const ratioOf = (run, i) => run.rps / ((around(i)[0].rps + around(i)[1].rps) / 2);
    const cpuRatioOf = (run, i) => (around(i)[0].cpuUs + around(i)[1].cpuUs) / 2 / run.cpuUs;
    console.log(`\nZerriLink redirect, ${count} links (Zipf, s = 1)${whileRunning ? ' made through the API while the app ran' : ''}, ${databaseLabel()}, wrk ${connections} connections, bare and Zerri in turns`);
    for (const line of extra) console.log(`  ${line}`);
    console.log(`  ${started}, RSS then ${startRss.toFixed(0)} MB (${startHeap})`);
    console.log(`  bare node:http with the same links in a Map, before the app: ${describeBare(bareBefore)}`);
    rounds.forEach((run, i) => {
      console.log(
        `  Zerri, ${run.label.padEnd(22)} ${run.rps.toFixed(0)} req/s, ratio ${ratioOf(run, i).toFixed(2)} to the bare rounds around it, p50 ${run.p50} ms, p99 ${run.p99} ms, non-3xx ${run.non2xx}, RSS after ${run.rss.toFixed(0)} MB`,
      );
      const postgresShare = run.postgresShare === undefined ? '' : `; PostgreSQL meanwhile ${(run.postgresShare * 100).toFixed(0)} % of a core`;
      console.log(`    CPU ${run.cpuUs.toFixed(1)} µs per request (bare's over Zerri's: ${cpuRatioOf(run, i).toFixed(2)})${postgresShare}; fast path ${(run.fastShare * 100).toFixed(1)} % of redirects`);
      console.log(`    ${run.heap}`);
      if (i > 0) {
        const after = bareRounds[i];
        console.log(`  bare node:http then:    ${describeBare(after)}; the app and PostgreSQL meanwhile ${(after.appShare * 100).toFixed(0)} % of a core`);
      }
    });
    const later = rounds.slice(1);
    const worst = Math.min(...later.map((run, i) => ratioOf(run, i + 1)));
    console.log(
      `  targets: ratio >= 0.7 in every round after the first 5 s (worst ${worst.toFixed(2)}), p99 <= 10 ms (worst ${Math.max(...later.map((run) => run.p99))} ms),` +
        ` first 5 s p99 <= 20 ms (${rounds[0].p99} ms), peak RSS <= 250 MB (${rss.toFixed(0)} MB)`,
    );
    console.log(`  clicks exact: ${counted === codes.length ? 'yes' : 'NO'} (${counted} counted for ${codes.length} sent over ${new Set(codes).size} links)`);
  }
}

/** A confirmed account on `base` (no limit on the links it makes); its session cookie. */
async function linkMaker(base, databaseUrl) {
  const email = `links-${Date.now()}@bench.test`;
  const password = 'bench-password-123';
  const json = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password, name: 'Bench Links' }) });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`UPDATE users SET email_verified = true, role = 'creator' WHERE email = $1`, [email]);
  await client.end();
  const login = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Links `zb<first>`…`zb<last>` made on `base`: one import file, or (`byPost`) one POST /api/links each, 16 at a time. */
async function makeLinks(base, cookie, first, last, byPost) {
  const headers = { cookie, origin: base };
  if (!byPost) {
    const rows = ['url,code'];
    for (let i = first; i <= last; i++) rows.push(`https://example.com/landing/${i},zb${i}`);
    const form = new FormData();
    form.append('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'links.csv');
    const report = await (await fetch(`${base}/api/links/import`, { method: 'POST', headers, body: form })).json();
    if (report.created !== last - first + 1) throw new Error(`import of zb${first}-zb${last}: ${report.created} created (${JSON.stringify(report).slice(0, 300)})`);
    return;
  }
  let next = first;
  const worker = async () => {
    while (next <= last) {
      const i = next++;
      const response = await fetch(`${base}/api/links`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://example.com/landing/${i}`, code: `zb${i}` }) });
      if (response.status !== 201) throw new Error(`POST /api/links zb${i}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** How many links `base`'s index holds (its /metrics). */
async function indexHeld(base) {
  return Number(/^zerri_links_index_links (\d+)$/m.exec(await (await fetch(`${base}/metrics`)).text())[1]);
}

/**
 * `count` links made through the API of instance A while it runs, mostly imported in files of 5,000
 * rows (two files at a time), some by POST /api/links; instance B, on A's database, is then loaded.
 * Each time a file's links are made on A, B is asked until its index holds them.
 */
async function madeWhileRunning(count) {
  const env = { LINK_RATE_LIMIT_MAX: '100000', METRICS_PUBLIC: 'true' };
  const a = await startApp(env);
  const b = await startApp({ ...env, DATABASE_URL: a.databaseUrl() });
  port = b.port;
  const script = zipfScript(count);
  const client = () => new pg.Client({ connectionString: a.databaseUrl() });
  try {
    const cookie = await linkMaker(a.base, a.databaseUrl());
    const file = 5000;
    const chunks = [];
    // Every 50th file's first 1,000 links one POST each (a creation takes a few queries: about 30 ms alone here).
    for (let first = 1, n = 0; first <= count; first += file, n++) {
      const last = Math.min(count, first + file - 1);
      if (n % 50 === 1 && last - first >= 1000) chunks.push({ first, last: first + 999, byPost: true }, { first: first + 1000, last, byPost: false });
      else chunks.push({ first, last, byPost: false });
    }
    const lags = [];
    let made = 0;
    let posted = 0;
    const making = Date.now();
    let nextChunk = 0;
    // Made on A, then waited for on B: the lag from A's answer to B's index holding every link made so far.
    const maker = async () => {
      while (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++];
        await makeLinks(a.base, cookie, chunk.first, chunk.last, chunk.byPost);
        made += chunk.last - chunk.first + 1;
        if (chunk.byPost) posted += chunk.last - chunk.first + 1;
        const target = made;
        const madeAt = Date.now();
        while ((await indexHeld(b.base)) < target) await new Promise((resolve) => setTimeout(resolve, 10));
        lags.push(Date.now() - madeAt);
      }
    };
    await Promise.all([maker(), maker()]);
    const makingSeconds = (Date.now() - making) / 1000;
    const heldOnA = await indexHeld(a.base);
    const sortedLags = lags.slice().sort((x, y) => x - y);
    const extra = [
      `${count} links made on instance A in ${makingSeconds.toFixed(0)} s (${(count / makingSeconds).toFixed(0)} a second): ${count - posted} imported in files of up to ${file}, ${posted} by POST /api/links; A's index holds ${heldOnA}`,
      `B (same database, loaded below) held the links of each file (or POSTs) ${sortedLags[Math.floor(sortedLags.length / 2)]} ms after A answered (median), at most ${sortedLags.at(-1)} ms (target <= 1000 ms: ${sortedLags.at(-1) <= 1000 ? 'yes' : 'NO'})`,
    ];
    // A stays up, idle: its embedded PostgreSQL is the database. The bare server is loaded once before B, then they take turns.
    const bare = await startBare(count, script);
    try {
      const bareBefore = measured(bare.pid, bare.url, duration, script);
      await loadAndReport(b, a, count, script, { bare, bareBefore }, client, `B answered from the start (no links then)`, extra);
    } finally {
      await bare.stop();
    }
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
    await b.stop();
    await a.stop();
  }
}

if (links > 1 && whileRunning) await madeWhileRunning(links);
else if (links > 1) await manyLinks(links);
else await oneLink();
