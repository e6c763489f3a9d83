// Adds up the vitest and Playwright JSON reports into one closing line.
import fs from "node:fs";

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
let passed = 0, failed = 0, skipped = 0;

const v = read("test-results/vitest.json");
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else failed += 1;

const reports = fs.existsSync("test-results")
  ? fs.readdirSync("test-results").filter((f) => /^playwright-\d+\.json$/.test(f))
  : [];
if (reports.length === 0) failed += 1;
for (const f of reports) {
  const p = read(`test-results/${f}`);
  if (!p?.stats) {
    failed += 1;
    continue;
  }
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
  skipped += p.stats.skipped ?? 0;
}

console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
