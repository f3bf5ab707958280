// `npm test`: typecheck, lint, build, Vitest, Playwright, each stage timed. Playwright runs even when
// Vitest failed (both are reported), not when the build failed (it tests the build); the exit code fails if any stage did.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The end-to-end stage needs the browser: say so before ten minutes of other stages.
if (!fs.existsSync(chromium)) {
  console.error(
    `npm test needs Chromium for the end-to-end tests, and there is none at ${chromium}.\n` +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const stages = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'build', command: ['npm', 'run', 'build'], required: true },
  { name: 'vitest', command: ['npx', 'vitest', 'run'] },
  { name: 'playwright', command: ['npx', 'playwright', 'test'] },
];

const results = [];
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const run = spawnSync(stage.command[0], stage.command.slice(1), { cwd: root, stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  results.push({ name: stage.name, ok, seconds });
  console.log(`== ${stage.name} ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok && stage.required) {
    console.error(`The ${stage.name} failed: the later stages need it and do not run.`);
    break;
  }
}

console.log('\nnpm test:');
for (const result of results) console.log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(7)} s`);
for (const skipped of stages.slice(results.length)) console.log(`  not run ${skipped.name}`);
process.exit(results.every((result) => result.ok) && results.length === stages.length ? 0 : 1);
