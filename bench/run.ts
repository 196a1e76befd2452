/**
 * `npm run bench`: every benchmark section in turn on this machine, in one run, written to
 * bench/results/latest.md and latest.json (and the summary table into the README's Benchmarks
 * section after a full run of every section).
 *
 *   npm run bench                          # all sections, full sizes (about 45 minutes, 30 of them the scale section)
 *   npm run bench -- --only feed,writes    # some sections
 *   npm run bench -- --smoke               # tiny sizes, a few seconds each; writes .tmp/bench/smoke.md/json
 *   npm run bench -- --only scale --scale-sizes=100k --smoke   # the scale section at a chosen size, short loads
 *
 * Sections: feed, writes (this folder), web, media, load, scale (their own files, each exporting
 * `section`), live (bench/live.ts run as a child process, its JSON turned into a section). A section
 * that is missing or throws is recorded as failed and the run goes on.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { atMost, type BenchSection, type Figure, type Section, type SectionOptions } from './report.ts';
import { benchServerUrl, releaseSharedDatabases } from './seed.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export const SECTION_KEYS = ['feed', 'writes', 'web', 'media', 'live', 'load', 'scale', 'faults'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

const TITLES: Record<SectionKey, string> = {
  feed: 'Feed API',
  writes: 'Write paths',
  web: 'Web app',
  media: 'Media',
  live: 'Live',
  load: 'Mixed load',
  scale: 'Scale (skewed data)',
  faults: 'Faults',
};

export type SectionOutcome = Section & { key: SectionKey; seconds: number; error?: string };

export type Machine = {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  postgres: string;
  os: string;
  loadAverageStart: number[];
  loadAverageEnd: number[];
  /**
   * Milliseconds one core took for the same fixed loop at the start and the end of the run: a virtual
   * machine's speed changes from day to day, and runs are compared only at the same speed.
   */
  loopMsStart?: number;
  loopMsEnd?: number;
};

export type BenchReport = {
  when: string;
  mode: 'full' | 'smoke';
  seconds: number;
  machine: Machine;
  sections: SectionOutcome[];
};

export type RunOptions = {
  smoke: boolean;
  only?: SectionKey[];
  outDir?: string;
  log?: (line: string) => void;
  updateReadme?: boolean;
};

/** Runs the chosen sections and writes the report; returns it. */
export async function runBench(options: RunOptions): Promise<BenchReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const keys = options.only?.length ? SECTION_KEYS.filter((key) => options.only!.includes(key)) : [...SECTION_KEYS];
  const started = performance.now();
  const loadAverageStart = loadAverage();
  const loopMsStart = options.smoke ? undefined : fixedLoopMs();
  const outDir =
    options.outDir ?? (options.smoke ? path.join(repoRoot, '.tmp', 'bench') : path.join(repoRoot, 'bench', 'results'));
  mkdirSync(outDir, { recursive: true });
  const sections: SectionOutcome[] = [];
  try {
    for (const key of keys) {
      log(`== ${TITLES[key]} (${key})`);
      const sectionStarted = performance.now();
      const sectionOptions: SectionOptions = { smoke: options.smoke, log: (line) => log(`  ${line}`) };
      try {
        const section = await runSection(key, sectionOptions, outDir);
        sections.push({ ...section, key, seconds: elapsed(sectionStarted) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`  ${TITLES[key]} failed: ${message}`);
        sections.push({
          key,
          title: TITLES[key],
          figures: [],
          notes: [`This section failed: ${message.split('\n')[0]}`],
          seconds: elapsed(sectionStarted),
          error: message,
        });
      }
      log(`  (${elapsed(sectionStarted).toFixed(0)} s)`);
    }
  } finally {
    await releaseSharedDatabases();
  }
  const report: BenchReport = {
    when: new Date().toISOString(),
    mode: options.smoke ? 'smoke' : 'full',
    seconds: elapsed(started),
    machine: { ...(await describeMachine(loadAverageStart)), loopMsStart, loopMsEnd: loopMsStart && fixedLoopMs() },
    sections,
  };
  const name = options.smoke ? 'smoke' : 'latest';
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(outDir, `${name}.md`), renderMarkdown(report));
  log(`report: ${path.join(outDir, `${name}.md`)} (${report.seconds.toFixed(0)} s in all)`);
  if (options.updateReadme && !options.smoke && keys.length === SECTION_KEYS.length) updateReadme(report);
  return report;
}

async function runSection(key: SectionKey, options: SectionOptions, outDir: string): Promise<Section> {
  if (key === 'live') return liveSection(options, outDir);
  const file = path.join(import.meta.dirname, `${key}.ts`);
  if (!existsSync(file)) throw new Error(`bench/${key}.ts does not exist yet`);
  const loaded = (await import(file)) as { section?: BenchSection };
  if (typeof loaded.section !== 'function') throw new Error(`bench/${key}.ts exports no \`section\``);
  return loaded.section(options);
}

/** bench/live.ts is a script of its own: run it, then read the JSON it wrote. */
async function liveSection({ smoke, log }: SectionOptions, outDir: string): Promise<Section> {
  const started = Date.now();
  const code = await new Promise<number>((resolve, reject) => {
    const env = { ...process.env, BENCH_DATABASE_URL: benchServerUrl() };
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/live.ts', ...(smoke ? ['--smoke'] : [])], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((line) => log(`live: ${line}`));
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  const dir = path.join(repoRoot, 'bench', 'results');
  const mode = smoke ? 'smoke' : 'full';
  const written = readdirSync(dir)
    .filter((file) => file.startsWith(`live-${mode}-`) && file.endsWith('.json'))
    .map((file) => ({ file, time: statSync(path.join(dir, file)).mtimeMs }))
    .filter((entry) => entry.time >= started - 1000)
    .sort((a, b) => b.time - a.time)[0];
  if (!written) throw new Error(`bench/live.ts exited with ${code} and wrote no result`);
  type LiveResult = {
    connections: number;
    seconds: number;
    processes: number;
    messagesSent: number;
    delivered: number;
    latencyMs: { p50: number; p99: number; max: number };
    postMs: { p50: number; p99: number };
    errors: Record<string, number>;
  };
  const live = JSON.parse(readFileSync(path.join(dir, written.file), 'utf8')) as LiveResult;
  // A smoke result is no result: it goes beside the smoke report, out of bench/results.
  if (smoke) renameSync(path.join(dir, written.file), path.join(outDir, written.file));
  const errors = Object.values(live.errors).reduce((sum, count) => sum + count, 0);
  const figures: Figure[] = [
    { name: "Live delivery p50 (POST sent -> receiver's event)", value: live.latencyMs.p50, unit: 'ms' },
    { name: 'Live delivery p99', value: live.latencyMs.p99, unit: 'ms' },
    { name: 'Message POST alone p50', value: live.postMs.p50, unit: 'ms' },
    { name: 'Message POST alone p99', value: live.postMs.p99, unit: 'ms' },
    { name: 'Messages delivered', value: live.delivered, unit: `of ${live.messagesSent}` },
    atMost('Live errors (dropped, undelivered, failed)', errors, 'errors', 0, '0'),
  ];
  return {
    title: 'Live',
    figures,
    notes: [
      `bench/live.ts${smoke ? ' --smoke' : ''}: ${live.connections} live connections for ${live.seconds} s across ${live.processes} server processes on PostgreSQL while messages flow (${smoke ? written.file : path.join('bench/results', written.file)}).`,
      ...(errors ? [`Errors: ${JSON.stringify(live.errors)}`] : []),
    ],
  };
}

const elapsed = (since: number) => (performance.now() - since) / 1000;
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

/** One core's time for a fixed integer loop (about a second on the project's machine), in ms. */
function fixedLoopMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 150_000_000; i++) x = (x * 31 + i) | 0;
  if (x === 0.5) throw new Error('unreachable; keeps the loop');
  return Math.round(performance.now() - started);
}

async function describeMachine(loadAverageStart: number[]): Promise<Machine> {
  let cpu = os.cpus()[0]?.model.trim() ?? 'unknown';
  try {
    const { stdout } = await promisify(execFile)('lscpu');
    const model = /^Model name:\s*(.+)$/m.exec(stdout)?.[1]?.trim();
    if (model && model.length > cpu.length) cpu = model;
  } catch {
    // lscpu is optional
  }
  let pgVersion = 'not reachable';
  try {
    const sql = postgres(benchServerUrl(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
    // the settings that decide how much a write costs PostgreSQL once the data outgrows its buffers
    const [row] = await sql<{ version: string; settings: string }[]>`select version(),
      format('shared_buffers %s, max_wal_size %s, autovacuum %s', current_setting('shared_buffers'),
        current_setting('max_wal_size'), current_setting('autovacuum')) as settings`;
    if (row) pgVersion = `${row.version.split(' on ')[0]} (${row.settings})`;
    await sql.end();
  } catch {
    // reported as not reachable
  }
  return {
    cpu,
    cores: os.cpus().length,
    memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    postgres: pgVersion,
    os: `${os.type()} ${os.release()}`,
    loadAverageStart,
    loadAverageEnd: loadAverage(),
  };
}

const formatValue = (value: number) =>
  Number.isFinite(value)
    ? Math.abs(value) >= 100
      ? value.toFixed(0)
      : String(Number(value.toFixed(2)))
    : String(value);
const cell = (text: string) => text.replace(/\|/g, '\\|');
const verdict = (figure: Figure) => (figure.holds === undefined ? '' : figure.holds ? 'holds' : '**fails**');

/** The budgets of every section, one row each: what the README shows. */
export function summaryTable(report: BenchReport): string {
  const rows = report.sections.flatMap((section) => [
    ...section.figures
      .filter((figure) => figure.budget !== undefined)
      .map(
        (figure) =>
          `| ${section.title} | ${cell(figure.name)} | ${formatValue(figure.value)} ${figure.unit} | ${cell(figure.budget!)} | ${verdict(figure)} |`,
      ),
    ...(section.error
      ? [
          `| ${section.title} | (section failed: ${cell(section.error.split('\n')[0]!.slice(0, 120))}) | | | **fails** |`,
        ]
      : []),
  ]);
  return ['| section | figure | value | budget | |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const m = report.machine;
  const budgets = report.sections.flatMap((section) => section.figures.filter((figure) => figure.holds !== undefined));
  const failing =
    budgets.filter((figure) => !figure.holds).length + report.sections.filter((section) => section.error).length;
  const lines = [
    `# Benchmark report (${report.mode})`,
    '',
    `Run ${report.when}, ${(report.seconds / 60).toFixed(1)} minutes. ${budgets.length} budgets: ${budgets.length - budgets.filter((figure) => !figure.holds).length} hold, ${failing} fail${report.sections.some((s) => s.error) ? ' (failed sections count as failing)' : ''}.`,
    '',
    '| machine | |',
    '|---|---|',
    `| CPU | ${m.cpu}, ${m.cores} cores |`,
    `| memory | ${m.memoryGb} GB |`,
    `| Node.js | ${m.node} |`,
    `| PostgreSQL | ${m.postgres} |`,
    `| OS | ${m.os} |`,
    `| load average (1, 5, 15 min) | start ${m.loadAverageStart.join(', ')}; end ${m.loadAverageEnd.join(', ')} |`,
    ...(m.loopMsStart
      ? [
          `| one core's speed (a fixed loop; less is faster) | ${m.loopMsStart} ms at the start, ${m.loopMsEnd} ms at the end |`,
        ]
      : []),
    '',
    '## Budgets',
    '',
    summaryTable(report),
    '',
  ];
  for (const section of report.sections) {
    lines.push(
      `## ${section.title}`,
      '',
      `${section.seconds.toFixed(0)} s.${section.error ? ' **This section failed.**' : ''}`,
      '',
    );
    if (section.figures.length) {
      lines.push('| figure | value | budget | |', '|---|---|---|---|');
      for (const figure of section.figures)
        lines.push(
          `| ${cell(figure.name)} | ${formatValue(figure.value)} ${figure.unit} | ${cell(figure.budget ?? '')} | ${verdict(figure)} |`,
        );
      lines.push('');
    }
    for (const note of section.notes) lines.push(`- ${note}`);
    if (section.error) lines.push('', '```', section.error.slice(0, 2000), '```');
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const README_START = '<!-- bench:summary:start -->';
const README_END = '<!-- bench:summary:end -->';

/** Rewrites only the lines between the README's Benchmarks markers. */
function updateReadme(report: BenchReport): void {
  const file = path.join(repoRoot, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return;
  const m = report.machine;
  const block = [
    README_START,
    `Latest full run (${report.when.slice(0, 10)}, ${(report.seconds / 60).toFixed(0)} minutes; ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.postgres}, load average ${m.loadAverageStart[0]} at the start and ${m.loadAverageEnd[0]} at the end${m.loopMsStart ? `; a fixed loop took one core ${m.loopMsStart} ms` : ''}). Every figure: bench/results/latest.md.`,
    '',
    summaryTable(report),
    README_END,
  ].join('\n');
  writeFileSync(file, text.slice(0, start) + block + text.slice(end + README_END.length));
}

function parseOnly(value: string | undefined): SectionKey[] | undefined {
  if (!value) return undefined;
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = keys.filter((key) => !SECTION_KEYS.includes(key as SectionKey));
  if (unknown.length) throw new Error(`unknown section ${unknown.join(', ')}; choose from ${SECTION_KEYS.join(', ')}`);
  return keys as SectionKey[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const onlyIndex = args.indexOf('--only');
  const only = parseOnly(
    onlyIndex >= 0 ? args[onlyIndex + 1] : args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length),
  );
  // Ctrl-C: drop the kept databases before leaving (children get the signal from the terminal too).
  process.once('SIGINT', () => void releaseSharedDatabases().finally(() => process.exit(130)));
  runBench({ smoke: args.includes('--smoke'), only, updateReadme: true })
    .then((report) => process.exit(report.sections.some((section) => section.error) ? 1 : 0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
