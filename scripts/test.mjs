// `npm test`: typecheck, lint and build at once, then Vitest, then Playwright, each stage timed. Playwright runs even when
// Vitest failed (both are reported), not when the build failed (it tests the build); the exit code fails if any stage did.
import { spawn } from 'node:child_process';
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

// Each test stage also writes a JSON report; the summary at the end names the failed tests and the
// slowest ones, since CI keeps only the tail of the output. Not under test-results/: Playwright empties it.
const reports = path.join(root, 'test-reports');
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

/** The ten slowest tests of a runner's report, `seconds  file › title` each, for the summary. */
function slowest(tests) {
  return tests
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map((test) => `${test.seconds.toFixed(1).padStart(6)} s  ${test.name.length > 140 ? `${test.name.slice(0, 140)}…` : test.name}`);
}

function vitestSlowest() {
  const report = readReport('vitest.json');
  if (!report) return [];
  return slowest(
    report.testResults.flatMap((file) =>
      file.assertionResults.map((test) => ({ seconds: (test.duration ?? 0) / 1000, name: `${path.relative(root, file.name)} › ${test.fullName}` })),
    ),
  );
}

function playwrightSlowest() {
  const report = readReport('playwright.json');
  if (!report) return [];
  const tests = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0) / 1000;
        tests.push({ seconds, name: `${spec.file}:${spec.line} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return slowest(tests);
}

// Stages in a group run at once (their output is printed as each ends): typecheck, lint and build are
// each one process on one core, and together take the time of the longest instead of the sum.
const groups = [
  [
    { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
    { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'] },
    { name: 'build', command: ['npm', 'run', 'build'], required: true },
  ],
  [
    {
      name: 'vitest',
      command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`],
      failures: vitestFailures,
      slowest: vitestSlowest,
    },
  ],
  [
    {
      name: 'playwright',
      command: ['npx', 'playwright', 'test', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
      failures: playwrightFailures,
      slowest: playwrightSlowest,
    },
  ],
];
const stages = groups.flat();

/** Runs a stage; alone it prints as it goes, beside others its output is printed whole when it ends. */
function runStage(stage, alone) {
  console.log(`\n== ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const child = spawn(stage.command[0], stage.command.slice(1), {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...stage.env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = status === 0;
      if (!alone) process.stdout.write(`\n== ${stage.name} output:\n${Buffer.concat(output).toString()}`);
      console.log(`== ${stage.name} ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name: stage.name, ok, seconds, required: stage.required, failures: stage.failures?.() ?? [], slowest: stage.slowest?.() ?? [] });
    });
  });
}

const started = performance.now();
const results = [];
for (const group of groups) {
  results.push(...(await Promise.all(group.map((stage) => runStage(stage, group.length === 1)))));
  const broken = results.find((result) => !result.ok && result.required);
  if (broken) {
    console.error(`The ${broken.name} failed: the later stages need it and do not run.`);
    break;
  }
}

for (const result of results.filter((each) => each.slowest.length)) {
  console.log(`\nThe ten slowest tests of ${result.name}:`);
  for (const line of result.slowest) console.log(`  ${line}`);
}
console.log('\nnpm test:');
for (const result of results) {
  console.log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(7)} s`);
  for (const failure of result.failures) console.log(`           ✗ ${failure}`);
}
for (const skipped of stages.slice(results.length)) console.log(`  not run ${skipped.name}`);
console.log(`  total (wall)      ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
process.exit(results.every((result) => result.ok) && results.length === stages.length ? 0 : 1);
