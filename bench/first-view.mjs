// JavaScript a visitor downloads on the first view of a page, and how many requests it makes (issue #18;
// / at ≤ 150 KB gzip and /store at ≤ 165, docs/decisions/014; a product page, a server page, at ≤ 60 KB
// and ≤ 15 requests, issue #47). Starts the production build, seeds a product with a cover, loads each
// page as a guest in Debian's Chromium and sums the gzip size of every script it fetched.
// Usage: npm run bench:first-view [-- /path ...] [--all] (--all lists every file, not the 5 biggest)
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_CHOICES_PRODUCT_PATH, BENCH_PRODUCT_PATH, seedProductWithCover, startApp } from './lib.mjs';

/** Budgets: KB of JavaScript gzip (decision 014) and, for a server page, requests (issue #47). */
const TARGETS = { '/': { kb: 150 }, '/store': { kb: 165 }, [BENCH_PRODUCT_PATH]: { kb: 60, requests: 15 }, [BENCH_CHOICES_PRODUCT_PATH]: { kb: 60, requests: 15 } };
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const listAll = process.argv.includes('--all');
const app = await startApp();
await seedProductWithCover(app);
let failed = false;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const path of paths.length ? paths : ['/', '/store', BENCH_PRODUCT_PATH, BENCH_CHOICES_PRODUCT_PATH]) {
    const page = await browser.newPage();
    const scripts = [];
    const reading = [];
    let requests = 0;
    page.on('request', () => {
      requests += 1;
    });
    page.on('response', (response) => {
      if (!/\.js(\?|$)/.test(response.url())) return;
      reading.push(
        response
          .body()
          .catch(() => Buffer.alloc(0))
          .then((body) => scripts.push({ name: response.url().split('/').pop(), gzip: zlib.gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(`${app.base}${path}`, { waitUntil: 'networkidle' });
    // Running the first-view chunk can outlast networkidle's 500 ms on a busy machine; the lazy
    // chunks it then asks for (cart link, first-visit notice, the route's page) belong to the first view.
    await page.waitForTimeout(2000);
    await Promise.all(reading);
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    const kb = total / 1024;
    const target = TARGETS[path];
    const verdict = (value, limit, unit) => {
      if (limit === undefined) return '';
      failed ||= value > limit;
      return ` (target <= ${limit}${unit}) ${value <= limit ? 'ok' : 'OVER TARGET'}`;
    };
    console.log(`${path}: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${scripts.length} files${verdict(kb, target?.kb, ' KB')}`);
    console.log(`    ${requests} requests${verdict(requests, target?.requests, '')}`);
    for (const script of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, listAll ? undefined : 5)) console.log(`    ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${script.name}`);
    await page.close();
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await browser.close();
  await app.stop();
}
