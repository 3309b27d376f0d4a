// `npm test`: every suite, in one command. Builds the app when stale (the server and browser suites run the
// build exactly as `npm start` does), then Vitest (unit, domain on PGlite, PostgreSQL, built server), then
// Playwright in Debian's chromium. With CI=true nothing may be skipped for lack of PostgreSQL or a browser.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { buildIfStale } from "./build-freshness.js";

const ci = process.env.CI === "true";
const reports = mkdtempSync(path.join(tmpdir(), "estadia-test-reports-"));
const require = createRequire(import.meta.url);
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = []; // printed last, so the tail of a CI log names what failed
let ok = true;

function run(label, args, env = {}) {
  console.error(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

buildIfStale();

const vitestReport = path.join(reports, "vitest.json");
run("vitest: unit, domain, postgres, server", [
  bin("vitest", "vitest.mjs"),
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
    if (file.status === "failed" && failed.length === 0)
      failures.push(`${where}: ${firstLine([file.message])}`);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(chromium) || ci) {
  const playwrightReport = path.join(reports, "playwright.json");
  run("playwright: browser journeys", [bin("@playwright/test", "cli.js"), "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    const { suites } = JSON.parse(readFileSync(playwrightReport, "utf8"));
    for (const [title, test] of playwrightTests(suites)) {
      if (test.status !== "unexpected") continue;
      const errors = test.results.flatMap((result) => result.errors.map((error) => error.message));
      failures.push(`${title} [${test.projectName}]: ${firstLine(errors)}`);
    }
  }
} else {
  console.error(
    `\nNo browser at ${chromium}: the browser journeys did not run (apt-get install -y chromium).`,
  );
}

rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join("\n")}`);
if (!ok && totals.failed === 0) totals.failed = 1; // a step failed before reporting any test
console.log(`\nAll suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);

function firstLine(messages) {
  const text = (messages ?? []).find(Boolean) ?? "";
  return stripVTControlCharacters(text).trim().split("\n")[0].slice(0, 300);
}

function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    const trail = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) yield [[...trail, spec.title].join(" › "), test];
    yield* playwrightTests(suite.suites, trail);
  }
}
