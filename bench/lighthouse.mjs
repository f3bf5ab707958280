// Lighthouse scores of the public site (the public-site issue's "Quality" section).
// Starts the production build on a fresh data directory (embedded PostgreSQL unless DATABASE_URL
// is set), runs Lighthouse's default (mobile) config in Debian's Chromium against / and /store, and
// prints the performance, accessibility, best-practices and SEO scores against the targets.
// Usage: node bench/lighthouse.mjs [path ...]
//   env: WEB_DIST_DIR (default dist/web), CHROMIUM_PATH,
//        LH_RUNS (runs per page, the median performance run is reported; default 1),
//        LH_JSON_DIR (write each full report there).
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from './lib.mjs';

const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const paths = pages.length > 0 ? pages : ['/', '/store'];

const CATEGORIES = [
  ['performance', 'Performance', 90],
  ['accessibility', 'Accessibility', 95],
  ['best-practices', 'Best practices', 95],
  ['seo', 'SEO', 95],
];

const app = await startApp();
const { base, webDir } = app;

let chrome;
try {
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
  await app.stop();
}
