/**
 * The benchmark's smoke run, so `npm run bench` cannot rot: the feed, write-path and live sections
 * through bench/run.ts at tiny sizes (200 offers, one-second loads), and the scale section on 2,000
 * people of skewed data (every read endpoint, the CSV export and the write paths beside pgbench, in
 * short loads), each expected to return figures with finite numbers and no failed requests. The web,
 * media and mixed-load sections test their own smoke runs.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; when none answers,
 * only the PGlite part of the feed section runs. The run's own engine plays no part (the benchmark makes
 * its databases on that server, and its faults section on the embedded database and a cluster of its
 * own), so the file runs in the PGlite run only.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../apps/server/test/databases.ts';
import { feedSection, SMOKE as FEED_SMOKE } from './feed.ts';
import type { Section } from './report.ts';
import { runBench, type BenchReport } from './run.ts';
import { benchServerUrl } from './seed.ts';

async function postgresAnswers(): Promise<boolean> {
  const sql = postgres(benchServerUrl(), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

// the PGlite run only (see above), with the bench's own databases when PostgreSQL answers
const benchOnPostgres = !inPostgresRun && (await postgresAnswers());
const outDir = mkdtempSync(path.join(tmpdir(), 'gigreel-bench-smoke-'));
const latest = path.join(import.meta.dirname, 'results', 'latest.json');
const latestBefore = existsSync(latest) ? statSync(latest).mtimeMs : null;
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function expectFigures(section: Section): void {
  expect(section.figures.length).toBeGreaterThan(0);
  for (const figure of section.figures) {
    expect(Number.isFinite(figure.value), `${section.title}: ${figure.name} = ${figure.value}`).toBe(true);
    expect(figure.name).not.toMatch(/failures/);
  }
}

describe.skipIf(!benchOnPostgres)(`npm run bench -- --smoke (PostgreSQL at ${new URL(benchServerUrl()).host})`, () => {
  let report: BenchReport;

  it('runs the feed, write-path and live sections and writes the smoke report', async () => {
    report = await runBench({ smoke: true, only: ['feed', 'writes', 'live'], outDir, log: () => {} });
    expect(report.sections.map((section) => [section.key, section.error ?? 'ok'])).toEqual([
      ['feed', 'ok'],
      ['writes', 'ok'],
      ['live', 'ok'],
    ]);
    for (const section of report.sections) expectFigures(section);
    expect(JSON.parse(readFileSync(path.join(outDir, 'smoke.json'), 'utf8')).mode).toBe('smoke');
    expect(readFileSync(path.join(outDir, 'smoke.md'), 'utf8')).toMatch(/^# Benchmark report \(smoke\)/);
    expect(existsSync(latest) ? statSync(latest).mtimeMs : null).toBe(latestBefore);
  }, 300_000);

  it('runs the scale section on skewed data with every read, export and write budget attached', async () => {
    const scale = await runBench({ smoke: true, only: ['scale'], outDir: path.join(outDir, 'scale'), log: () => {} });
    const section = scale.sections[0]!;
    expect([section.key, section.error ?? 'ok']).toEqual(['scale', 'ok']);
    expectFigures(section);
    const budgets = new Set(section.figures.map((figure) => figure.budget).filter(Boolean));
    for (const budget of ['< 50 ms', '< 100 ms', '< 15 ms', '< 30 s', '>= 50%'])
      expect(budgets, budget).toContain(budget);
    for (const what of [
      '/api/feed?tag= rarest tag',
      '/api/messages/conversations (worst case)',
      '/api/admin/audit-log',
      '/api/admin/disputes',
      '/api/admin/reports',
      '/api/offers/:id/reviews (most reviewed offer)',
      '/api/blocks (worst case)',
      '/api/feed signed in (worst case)',
      'Mark paid over HTTP / pgbench',
    ]) {
      expect(
        section.figures.some((figure) => figure.name.startsWith(what)),
        what,
      ).toBe(true);
    }
    // Where each load's CPU went (Linux /proc): the server's and PostgreSQL's share of an answer.
    const cpu = (suffix: string) => section.figures.filter((figure) => figure.name.includes(suffix));
    expect(cpu('/api/blocks (worst case): server CPU an answer').map((figure) => figure.value > 0)).toEqual([true]);
    expect(cpu('Mark paid over HTTP: PostgreSQL CPU an answer').map((figure) => figure.value > 0)).toEqual([true]);
    expect(cpu('Mark paid, pgbench: PostgreSQL CPU a transaction').map((figure) => figure.value > 0)).toEqual([true]);
    // The viewer state and the writes again at half the rate they reached, each answered.
    expect(
      section.figures
        .filter((figure) => figure.unit === 'req/s' && / at half its capacity, /.test(figure.name))
        .map((figure) => figure.value > 0),
    ).toEqual([true, true, true, true, true]);
  }, 180_000);

  it('checks the budgets in the feed section and describes the machine', () => {
    const feed = report.sections.find((section) => section.key === 'feed')!;
    expect(feed.figures.filter((figure) => figure.holds !== undefined).length).toBeGreaterThan(0);
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.machine.postgres).toMatch(
      /^PostgreSQL \d+.* \(shared_buffers \w+, max_wal_size \w+, autovacuum (on|off)\)$/,
    );
  });
});

describe.skipIf(inPostgresRun || benchOnPostgres)('npm run bench -- --smoke without PostgreSQL', () => {
  it('runs the feed section on PGlite alone (no PostgreSQL answered, so its sizes and the write paths are skipped)', async () => {
    expectFigures(await feedSection({ ...FEED_SMOKE, postgresSizes: [] }, { smoke: true, log: () => {} }));
  }, 90_000);
});

describe.skipIf(inPostgresRun)('npm run bench -- --smoke --only faults', () => {
  it('measures recovery from the mail server going away and, where it can make a cluster, a PostgreSQL restart', async () => {
    const faults = await runBench({
      smoke: true,
      only: ['faults'],
      outDir: path.join(outDir, 'faults'),
      log: () => {},
    });
    const section = faults.sections[0]!;
    expect([section.key, section.error ?? 'ok']).toEqual(['faults', 'ok']);
    expect(section.figures.map((figure) => figure.name)).toContain('Every mail delivered after SMTP is back');
    for (const figure of section.figures) {
      expect(Number.isFinite(figure.value), figure.name).toBe(true);
      if (figure.holds !== undefined) expect(figure.holds, `${figure.name} = ${figure.value}`).toBe(true);
    }
  }, 240_000);
});
