// Lighthouse scores of the public site (the public-site issue's "Quality" section).
// Starts the production build on a fresh data directory (embedded PostgreSQL unless DATABASE_URL
// is set), runs Lighthouse's default (mobile) config in Debian's Chromium against / and /store, and
// prints the performance, accessibility, best-practices and SEO scores against the targets.
// Usage: node bench/lighthouse.mjs [path ...]
//   env: LH_PORT (default random 3800-3889), WEB_DIST_DIR (default dist/web), CHROMIUM_PATH,
//        LH_RUNS (runs per page, the median performance run is reported; default 1),
//        LH_JSON_DIR (write each full report there).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const webDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'dist/web');
const port = Number(process.env.LH_PORT ?? 3800 + Math.floor(Math.random() * 90));
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const paths = pages.length > 0 ? pages : ['/', '/store'];
const base = `http://127.0.0.1:${port}`;

const CATEGORIES = [
  ['performance', 'Performance', 90],
  ['accessibility', 'Accessibility', 95],
  ['best-practices', 'Best practices', 95],
  ['seo', 'SEO', 95],
];

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(webDir, 'index.html'))) {
  if (process.env.WEB_DIST_DIR) throw new Error(`${webDir}/index.html or dist/server/main.js is missing: build first.`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-lighthouse-'));
fs.chmodSync(dataDir, 0o755);
const app = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_DIST_DIR: webDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let chrome;
try {
  await waitFor(`${base}/api/health`);
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = [];
  for (const pagePath of paths) {
    const url = `${base}${pagePath}`;
    const reports = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      reports.push(result.lhr);
    }
    reports.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = reports[Math.floor(reports.length / 2)];
    if (process.env.LH_JSON_DIR) {
      fs.mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
      const name = pagePath === '/' ? 'home' : pagePath.replace(/^\/+/, '').replace(/[^\w-]+/g, '_');
      fs.writeFileSync(path.join(process.env.LH_JSON_DIR, `${name}.json`), JSON.stringify(lhr, null, 2));
    }
    results.push({ pagePath, lhr });
  }

  console.log(`\nLighthouse ${results[0]?.lhr.lighthouseVersion}, mobile preset, ${base} (web build ${webDir})`);
  let failed = false;
  for (const { pagePath, lhr } of results) {
    console.log(`\n  ${pagePath}`);
    for (const [id, label, target] of CATEGORIES) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= target;
      failed ||= !ok;
      console.log(`    ${label.padEnd(15)} ${String(score).padStart(3)}  (target >= ${target}) ${ok ? 'ok' : 'BELOW TARGET'}`);
    }
    const metric = (auditId) => lhr.audits[auditId]?.displayValue ?? '?';
    console.log(
      `    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => audit.id);
    if (failing.length > 0) console.log(`    audits below 0.9: ${failing.join(', ')}`);
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await chrome?.kill();
  app.kill('SIGTERM');
  await new Promise((resolve) => app.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
