// Growth tables for the data benchmarks (bench:store, bench:feed): the same requests measured at
// 10,000, 100,000 and then `--rows` rows, generated in one run, with the health baseline of each step.

/** Row counts to measure: `--rows` alone up to 100,000; above it, 10,000 and 100,000 first. */
export function growthSteps(rows) {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows takes a positive whole number, not ${rows}`);
  return rows > 100_000 ? [10_000, 100_000, rows] : [rows];
}

const thousands = (n) => n.toLocaleString('en-US');

/**
 * Prints one table per request: a line per row count with p50/p95/p99, req/s, req/s as a share of
 * the same step's health baseline, and the p95 target met or not. `steps` is
 * `[{ rows, health, results: { [name]: load result } }]`.
 */
export function printGrowth(steps, { target = 50 } = {}) {
  const names = Object.keys(steps[0].results);
  const width = Math.max(...steps.map((step) => thousands(step.rows).length), 4);
  const line = (rows, r, baseline) =>
    `  ${rows.padStart(width)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${r.rps.toFixed(0).padStart(6)} | ${
      baseline ? (r.rps / baseline.rps).toFixed(3).padStart(9) : '        -'
    } | ${baseline ? (r.p95 <= target ? `yes (<= ${target})` : `NO (> ${target})`) : ''}${r.failures ? `  failures ${r.failures}` : ''}`;
  const header = `  ${'rows'.padStart(width)} |  p50ms |  p95ms |  p99ms |  req/s | of health | p95 target`;
  console.log(`\nGET /api/health (baseline, each step)\n${header}`);
  for (const step of steps) console.log(line(thousands(step.rows), step.health));
  for (const name of names) {
    console.log(`\n${name}\n${header}`);
    for (const step of steps) console.log(line(thousands(step.rows), step.results[name], step.health));
  }
}
