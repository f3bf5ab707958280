// JavaScript a visitor downloads on the first view of a page (issue #18; / at ≤ 150 KB gzip and /store at ≤ 165, docs/decisions/014).
// Starts the production build, loads the page in Debian's Chromium and sums the gzip size of every
// script it fetched. Usage: npm run bench:first-view [-- /path ...] [--all] (--all lists every file, not the 5 biggest)
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startApp } from './lib.mjs';

/** Budgets in KB gzip (decision 014). */
const TARGETS = { '/': 150, '/store': 165 };
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const listAll = process.argv.includes('--all');
const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const path of paths.length ? paths : ['/', '/store']) {
    const page = await browser.newPage();
    const scripts = [];
    const reading = [];
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
    const target = TARGETS[path] ? ` (target <= ${TARGETS[path]} KB, decision 014)` : '';
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB of JavaScript (gzip) in ${scripts.length} files${target}`);
    for (const script of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, listAll ? undefined : 5)) console.log(`    ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${script.name}`);
    await page.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
