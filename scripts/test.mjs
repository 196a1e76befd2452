#!/usr/bin/env node
/**
 * `npm test`: unit and API tests (Vitest), then the browser tests (Playwright) against the built app.
 * Ends with one plain line, "N passed, N failed, N skipped", and fails when anything failed or
 * nothing ran. With TEST_DATABASE_URL set, everything runs on PostgreSQL instead of PGlite.
 * Arguments: --unit (Vitest only), --e2e (Playwright only).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const only = process.argv[2];
mkdirSync('.tmp', { recursive: true });
process.env.GIGREEL_TEST_RUN ??= `r${process.pid}`;
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (only !== '--e2e') {
  rmSync('.tmp/vitest.json', { force: true });
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);
  if (existsSync('.tmp/vitest.json')) {
    const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (code !== 0 && report.numFailedTests === 0) broken = true; // a suite that failed to load
  } else broken = true;
}

if (only !== '--unit') {
  if (run('npm', ['run', 'build', '--silent']) !== 0) broken = true;
  rmSync('.tmp/playwright.json', { force: true });
  const code = run('npx', ['playwright', 'test']);
  if (existsSync('.tmp/playwright.json')) {
    const { stats } = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0) broken = true;
  } else broken = true;
}

writeFileSync('.tmp/totals.json', JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (broken) console.log('A test run did not complete (see above).');
process.exit(totals.failed > 0 || totals.passed === 0 || broken ? 1 : 0);
