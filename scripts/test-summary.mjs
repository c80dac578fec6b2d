// Adds up the JSON reports that vitest and Playwright write under test-results/ when CI is set, and names
// the slowest test files, where a shorter CI run would start.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
/** Seconds per test file, by report: `<report> <file>`. */
const durations = [];
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const run = path.basename(file, '.json');
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      durations.push({ run, file: path.relative(root, result.name), ms: result.endTime - result.startTime });
    }
  } else if (report.stats) {
    // A journey that passed only on its retry is a failing journey (the config fails the run on it too).
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    const byFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
        byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    for (const [spec, ms] of byFile) durations.push({ run, file: `e2e/tests/${spec}`, ms });
  }
}
const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 15);
if (slowest.length > 0) {
  console.log('Slowest test files:');
  for (const { run, file, ms } of slowest) {
    console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${run.padEnd(16)} ${file}`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
