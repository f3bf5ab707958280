// `npm test`: typecheck, lint, build, Vitest, Playwright, each stage timed. Playwright runs even when
// Vitest failed (both are reported), not when the build failed (it tests the build); the exit code fails if any stage did.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_CANDIDATES, chromiumPath } from './chromium-path.mjs';

const root = path.resolve(import.meta.dirname, '..');

// The end-to-end stage needs the browser: say so before ten minutes of other stages.
if (!chromiumPath()) {
  console.error(
    `npm test needs Chromium for the end-to-end tests, and there is none at ${process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.join(' or ')}.\n` +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, or `chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

// Each test stage also writes a JSON report; the summary at the end names the failed tests, since
// CI keeps only the tail of the output.
const reports = path.join(root, 'test-results', 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The start of an error: its first lines (the assertion, expected and received), for the summary CI keeps. */
function errorStart(text, lines = 8) {
  // eslint-disable-next-line no-control-regex -- the colour codes of a terminal are what is taken out
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, lines)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join('\n             ');
}

function vitestFailures() {
  const report = readReport('vitest.json');
  if (!report) return ['(no Vitest report: see the output above)'];
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName}: ${errorStart(test.failureMessages?.[0])}`);
    // A file that fails before its tests run (an import or hook error) has no failed test of its own.
    return failed.length || file.status !== 'failed' ? failed : [`${name}: ${errorStart(file.message)}`];
  });
}

function playwrightFailures() {
  const report = readReport('playwright.json');
  if (!report) return ['(no Playwright report: see the output above)'];
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const where = last?.error?.location ? ` at line ${last.error.location.line}` : '';
          const verdict = test.status === 'flaky' ? 'flaky (passed on retry)' : `${errorStart(last?.error?.message)}${where}`;
          failures.push(`${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line}): ${verdict}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return failures;
}

const stages = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'build', command: ['npm', 'run', 'build'], required: true },
  {
    name: 'vitest',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`],
    failures: vitestFailures,
  },
  {
    name: 'playwright',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    failures: playwrightFailures,
  },
];

const results = [];
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const run = spawnSync(stage.command[0], stage.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...stage.env },
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  results.push({ name: stage.name, ok, seconds, failures: stage.failures?.() ?? [] });
  console.log(`== ${stage.name} ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok && stage.required) {
    console.error(`The ${stage.name} failed: the later stages need it and do not run.`);
    break;
  }
}

console.log('\nnpm test:');
for (const result of results) {
  console.log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(7)} s`);
  for (const failure of result.failures) console.log(`           ✗ ${failure}`);
}
for (const skipped of stages.slice(results.length)) console.log(`  not run ${skipped.name}`);
process.exit(results.every((result) => result.ok) && results.length === stages.length ? 0 : 1);
