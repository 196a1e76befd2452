#!/usr/bin/env node
/**
 * `npm test`: every tier; `npm run test:<tier>` (or `node scripts/test.mjs <tier>...`) runs the ones named.
 * unit, api and slow are Vitest (see vitest.config.ts for which files each holds), e2e is Playwright
 * against the built app. Ends with one plain line, "N passed, N failed, N skipped" (also written to
 * .tmp/totals.json), and fails when anything failed or nothing ran. With TEST_DATABASE_URL set, the
 * tests run on PostgreSQL instead of PGlite. GIGREEL_E2E_VIEWPORTS (`phone`, `desktop` or both,
 * comma-separated; both when unset) names the Playwright projects the browser tests run in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const TIERS = ['unit', 'api', 'slow', 'e2e'];
const asked = process.argv.slice(2);
const unknown = asked.filter((tier) => !TIERS.includes(tier));
if (unknown.length > 0) {
  console.error(`unknown test tier ${unknown.join(', ')}; the tiers are ${TIERS.join(', ')}`);
  process.exit(2);
}
const tiers = asked.length > 0 ? TIERS.filter((tier) => asked.includes(tier)) : TIERS;
const vitestTiers = tiers.filter((tier) => tier !== 'e2e');
mkdirSync('.tmp', { recursive: true });
process.env.GIGREEL_TEST_RUN ??= `r${process.pid}`;
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Why a run did not complete, said again on the last lines (CI shows a log's tail). */
const broken = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

// All three Vitest tiers together are one run (one template database, both cores busy throughout).
const vitestRuns = vitestTiers.length === 3 ? ['all'] : vitestTiers;
for (const tier of vitestRuns) {
  rmSync('.tmp/vitest.json', { force: true });
  rmSync('.tmp/vitest-unhandled.json', { force: true });
  const code = run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest.json',
      '--reporter=./scripts/unhandled-reporter.mjs',
    ],
    { GIGREEL_TEST_TIER: tier },
  );
  if (existsSync('.tmp/vitest.json')) {
    const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    const unhandled = existsSync('.tmp/vitest-unhandled.json')
      ? JSON.parse(readFileSync('.tmp/vitest-unhandled.json', 'utf8'))
      : [];
    for (const error of unhandled)
      broken.push(
        `Vitest (${tier}): an error outside the tests${error.file ? ` in ${error.file}` : ''}${error.test ? ` ("${error.test}")` : ''}: ${error.message} ${error.where}`,
      );
    // else a suite that failed to load
    if (code !== 0 && report.numFailedTests === 0 && unhandled.length === 0)
      broken.push(
        `Vitest (${tier}) exited with ${code} though no test failed: look above for a file that did not load`,
      );
  } else broken.push(`Vitest (${tier}) wrote no report (exit ${code})`);
}

if (tiers.includes('e2e')) {
  if (run('npm', ['run', 'build', '--silent']) !== 0) broken.push('the web build failed');
  rmSync('.tmp/playwright.json', { force: true });
  const viewports = (process.env.GIGREEL_E2E_VIEWPORTS ?? '').split(',').filter(Boolean);
  const code = run('npx', ['playwright', 'test', ...viewports.map((viewport) => `--project=${viewport}`)]);
  if (existsSync('.tmp/playwright.json')) {
    const { stats, errors = [] } = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
    // errors outside the tests: global setup or teardown, a worker that would not stop
    for (const error of errors) broken.push(`Playwright: ${String(error.message ?? error.value ?? '').split('\n')[0]}`);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0 && errors.length === 0)
      broken.push(`Playwright exited with ${code} though no test failed: look above for an error outside the tests`);
  } else broken.push(`Playwright wrote no report (exit ${code})`);
}

writeFileSync('.tmp/totals.json', JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const reason of broken) console.log(`A test run did not complete: ${reason}.`);
process.exit(totals.failed > 0 || totals.passed === 0 || broken.length > 0 ? 1 : 0);
