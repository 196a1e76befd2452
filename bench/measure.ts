/**
 * The two instruments of the API benchmarks: HTTP load with autocannon (every response's own time,
 * so p50 and p99 are exact to the microsecond) and pgbench over the SQL the server itself sends.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon, { type AutocannonClient, type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { percentile } from './report.ts';
import { onLocalSocket } from './support.ts';

export type LoadResult = {
  /** Answers with a 2xx status per second. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  /** Status code (or "error") -> count, for everything that was not a 2xx. */
  failures: Record<string, number>;
  seconds: number;
};

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of `seconds`: every answer is counted, however slow. */
  amount?: number;
  requests: AutocannonRequest[];
  /** Per connection: e.g. a different signed-in person's cookie on each. */
  setupClient?: (client: AutocannonClient, index: number) => void;
};

/** Runs autocannon against the server and returns throughput and latency of the 2xx answers. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  let clients = 0;
  const started = performance.now();
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        // autocannon checks whether it is done once per sample: every 50 ms rather than every second for a fixed amount.
        ...(options.amount ? { amount: options.amount, sampleInt: 50 } : { duration: options.seconds }),
        timeout: 30,
        requests: options.requests,
        setupClient: (client) => {
          const index = clients++;
          options.setupClient?.(client, index);
          client.on('response', (status: number, _bytes: number, responseTime: number) => {
            if (status >= 200 && status < 300) times.push(responseTime);
            else failures[String(status)] = (failures[String(status)] ?? 0) + 1;
          });
        },
      },
      (error, output) => (error ? reject(error) : resolve(output)),
    );
    instance.on('reqError', () => {
      failures.error = (failures.error ?? 0) + 1;
    });
  });
  times.sort((a, b) => a - b);
  // autocannon's duration is in whole seconds: a fixed amount of requests is timed here instead.
  const seconds = options.amount ? (performance.now() - started) / 1000 : result.duration || options.seconds;
  return {
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    ok: times.length,
    failures,
    seconds,
  };
}

/** "200 ok; 3 x 500, 1 x error" style summary of what went wrong, or '' when nothing did. */
export function describeFailures(result: LoadResult): string {
  const parts = Object.entries(result.failures).map(([status, count]) => `${count} x ${status}`);
  return parts.length ? parts.join(', ') : '';
}

export const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

export type PgbenchScript = { name: string; sql: string; weight?: number };

export type PgbenchResult = { tps: number; latencyMs: number; transactions: number };

/**
 * pgbench with custom scripts (one transaction = one script run, so with one page per script tps is
 * pages per second), as prepared statements like the server's feed and session statements,
 * `clients` connections for `seconds` (whole seconds, at least one), with `defines` as -D variables.
 */
export async function runPgbench(options: {
  url: string;
  scripts: PgbenchScript[];
  clients: number;
  seconds: number;
  defines?: Record<string, string | number>;
}): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gigreel-pgbench-'));
  try {
    const files = options.scripts.map((script, index) => {
      const file = path.join(dir, `${index}-${script.name.replace(/[^a-z0-9-]/gi, '_')}.sql`);
      writeFileSync(file, `${script.sql.trim()}\n`);
      return `${file}@${script.weight ?? 1}`;
    });
    // -D: a script's variables before its first run; a client keeps its variables from one run to the next.
    const defines = Object.entries(options.defines ?? {}).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(options.clients),
      '-j',
      String(Math.min(2, options.clients)),
      '-T',
      String(Math.max(1, Math.round(options.seconds))),
      ...defines,
      ...files.flatMap((file) => ['-f', file]),
      onLocalSocket(options.url),
    ];
    const { stdout } = await promisify(execFile)(PGBENCH, args, { maxBuffer: 16 * 1024 * 1024 });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} transactions failed:\n${stdout}`);
    return {
      tps: Number(tps[1]),
      latencyMs: Number(latency?.[1] ?? Number.NaN),
      transactions: Number(transactions?.[1] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A value as an SQL literal for a pgbench script (the server sends it as a bound parameter). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value))
    return `'{${value.map((item) => `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Inlines $1, $2, ... of a statement as literals (highest number first, so $1 never eats $10). */
export function inlineParams(text: string, params: unknown[]): string {
  let sql = text;
  for (let i = params.length; i >= 1; i--) sql = sql.split(`$${i}`).join(sqlLiteral(params[i - 1]));
  return sql;
}
