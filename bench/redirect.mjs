// ZerriLink redirect benchmark (the ZerriLink issue's "Speed" section).
// Runs the production build (embedded PostgreSQL unless DATABASE_URL is set) and a bare node:http
// baseline in the same run, loads both with wrk, and prints the ratio, p50/p99, the app's peak RSS
// and whether clicks were counted exactly. Usage: npm run bench:redirect [-- --duration 10]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { argument, databaseLabel, startApp, waitFor } from './lib.mjs';

const duration = argument('duration', 10);
const connections = 50;
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function wrk(url, seconds = duration) {
  const out = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', `User-Agent: ${browserAgent}`, url], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const latency = (pct) => {
    const match = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return match ? toMs(match[1], match[2]) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50: latency(50), p99: latency(99), non2xx };
}

/** The bare node:http server answering 302 from a Map, in its own process like the app. */
async function baseline() {
  const source = `
    const http = require('node:http');
    const links = new Map([['bench1', 'https://example.com/landing']]);
    http.createServer((req, res) => {
      const target = links.get(req.url.slice(3));
      res.writeHead(target ? 302 : 404, target ? { Location: target } : {});
      res.end();
    }).listen(Number(process.argv[1]), '127.0.0.1');`;
  const basePort = port + 1;
  const server = spawn(process.execPath, ['-e', source, String(basePort)], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${basePort}/z/bench1`, 302);
  const result = wrk(`http://127.0.0.1:${basePort}/z/bench1`);
  server.kill();
  return result;
}

function peakRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Sends exactly `total` redirect requests over keep-alive connections. */
async function sendExactly(base, code, total) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const worker = async () => {
    while (sent < total) {
      sent += 1;
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

const app = await startApp({ LINK_RATE_LIMIT_MAX: '100000' });
const port = app.port;
const base = app.base;
try {
  const created = await (
    await fetch(`${base}/api/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/landing' }) })
  ).json();
  const code = created.code;
  wrk(`${base}/z/${code}`, 2); // warm-up
  const bare = await baseline();
  const zerri = wrk(`${base}/z/${code}`);
  const rss = peakRss(app.pid);

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = (await (await fetch(`${base}/api/links/${code}`)).json()).clicks;
  const exactTotal = 20_000;
  await sendExactly(base, code, exactTotal);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = (await (await fetch(`${base}/api/links/${code}`)).json()).clicks;

  const ratio = zerri.rps / bare.rps;
  console.log(`\nZerriLink redirect, ${databaseLabel()}, wrk ${connections} connections, ${duration}s each`);
  console.log(`  bare node:http baseline: ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);
  console.log(`  Zerri /z/{code}:         ${zerri.rps.toFixed(0)} req/s, p50 ${zerri.p50} ms, p99 ${zerri.p99} ms, non-3xx ${zerri.non2xx}`);
  console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.8), p99 ${zerri.p99} ms (target <= 10), peak RSS ${rss.toFixed(0)} MB (target <= 150)`);
  console.log(`  clicks exact: ${after - before === exactTotal ? 'yes' : 'NO'} (${after - before} counted for ${exactTotal} sent)`);
} finally {
  await app.stop();
}
