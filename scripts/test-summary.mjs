// Adds up the vitest and Playwright JSON reports into one closing line, and names every failed
// or flaky test just above it (CI logs are often read from their tail).
import fs from "node:fs";

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
const firstLine = (s) =>
  String(s ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((l) => l.trim()) ?? "";
let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
const flakes = [];

const v = read("test-results/vitest.json");
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    if (file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed")) {
      failures.push(`vitest ${file.name}: ${firstLine(file.message)}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === "failed") failures.push(`vitest ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
} else {
  failed += 1;
  failures.push("vitest: no report (test-results/vitest.json)");
}

function walk(suite, titles, report) {
  for (const s of suite.suites ?? []) walk(s, [...titles, s.title], report);
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const name = `${report} [${t.projectName}] ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(" › ")}`;
      const errors = (t.results ?? [])
        .map((r) => firstLine(r.error?.message ?? r.errors?.[0]?.message))
        .filter(Boolean);
      if (t.status === "unexpected") failures.push(`${name}: ${errors.at(-1) ?? "failed"}`);
      else if (t.status === "flaky") flakes.push(`${name}: ${errors[0] ?? "failed once"}`);
    }
  }
}

const reports = fs.existsSync("test-results")
  ? fs.readdirSync("test-results").filter((f) => /^playwright.*\.json$/.test(f))
  : [];
if (reports.length === 0) {
  failed += 1;
  failures.push("playwright: no report");
}
for (const f of reports) {
  const p = read(`test-results/${f}`);
  if (!p?.stats) {
    failed += 1;
    failures.push(`playwright ${f}: unreadable report`);
    continue;
  }
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
  skipped += p.stats.skipped ?? 0;
  for (const s of p.suites ?? []) walk(s, [s.title], f.replace(/\.json$/, ""));
  for (const e of p.errors ?? []) failures.push(`${f}: ${firstLine(e.message)}`);
}

if (flakes.length) console.log(`Flaky (passed on retry):\n${flakes.map((l) => `  ~ ${l}`).join("\n")}`);
if (failures.length) console.log(`Failed:\n${failures.map((l) => `  x ${l}`).join("\n")}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
