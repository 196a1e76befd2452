/**
 * The two instruments of the API benchmarks: HTTP load with autocannon (every response's own time,
 * so p50 and p99 are exact to the microsecond) and pgbench over the SQL the server itself sends.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Where the machine's CPU went during the load, when the server's process was named (serverPid). */
  cpu?: CpuSplit;
  /**
   * A load at a fixed rate: the longest the load generator's own event loop was held up (ms). A request
   * due meanwhile went late and counts the delay, so a tail this long may be the generator's, not the server's.
   */
  generatorStallMs?: number;
};

/**
 * CPU time per answer, in ms, of the server's process, of PostgreSQL (every `postgres` process on the
 * machine: its backends, writer and checkpointer) and of this process (the load generator); and the
 * share of the machine's cores left idle. It tells which side a load waits on: a server at a whole
 * core while PostgreSQL and the other core rest, or PostgreSQL at its limit.
 */
export type CpuSplit = { serverMs: number; databaseMs: number; loadMs: number; idlePercent: number };

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of `seconds`: every answer is counted, however slow. */
  amount?: number;
  requests: AutocannonRequest[];
  /** Per connection: e.g. a different signed-in person's cookie on each. */
  setupClient?: (client: AutocannonClient, index: number) => void;
  /** The server's process id: the result then says where the CPU went (cpu). */
  serverPid?: number;
};

/** The longest window a load or pgbench run is measured again over when nothing finished in its own. */
const REMEASURE_UP_TO_SECONDS = 8;

/** Runs autocannon against the server and returns throughput and latency of the 2xx answers. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  let clients = 0;
  const started = performance.now();
  const cpu = options.serverPid === undefined ? null : watchCpu(options.serverPid);
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
  const answers = answered(times, failures);
  const split = cpu?.stop(answers) ?? null;
  // A window in which nothing came back measured nothing (the smoke's one second, on a machine busy
  // enough that a slow request, an offer's photo re-encoded, took longer): measured again over a window
  // twice as long, up to REMEASURE_UP_TO_SECONDS.
  if (!options.amount && answers === 0 && options.seconds < REMEASURE_UP_TO_SECONDS)
    return runLoad({ ...options, seconds: options.seconds * 2 });
  // autocannon's duration is in whole seconds: a fixed amount of requests is timed here instead.
  const seconds = options.amount ? (performance.now() - started) / 1000 : result.duration || options.seconds;
  return loadResult(times, failures, seconds, split);
}

/** Every answer a load got: the 2xx ones timed, the others counted by status. */
const answered = (times: number[], failures: Record<string, number>) =>
  times.length + Object.values(failures).reduce((sum, count) => sum + count, 0);

/** A load's figures from each 2xx answer's time (sorted here) and the other answers. */
function loadResult(
  times: number[],
  failures: Record<string, number>,
  seconds: number,
  split: CpuSplit | null,
): LoadResult {
  times.sort((a, b) => a - b);
  return {
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    ok: times.length,
    failures,
    seconds,
    ...(split ? { cpu: split } : {}),
  };
}

/** One request of a load at a fixed rate. */
export type RateRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

/**
 * Requests sent at a fixed rate, evenly spaced, each on a free one of `connections` kept-alive
 * connections (or waiting for one), whatever the answers before it: what people arriving at that rate
 * would see, below the server's capacity rather than at it. A request's time runs from when it was due,
 * so one waiting for a connection counts its wait. autocannon's own rate is not that: each connection
 * sends its share of a second back to back, then idles until the next second starts.
 */
export async function runAtRate(options: {
  url: string;
  connections: number;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** The request due `index`-th (0, 1, 2, ...). */
  request: (index: number) => RateRequest;
  serverPid?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const cpu = options.serverPid === undefined ? null : watchCpu(options.serverPid);
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      // Sent up to a millisecond early (the timer's grain) it is timed from then; sent late, from when it was due.
      const from = Math.min(due, performance.now());
      const { method, path: requestPath, headers = {}, body } = options.request(index);
      const request = http.request(
        new URL(requestPath, options.url),
        {
          method,
          agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) times.push(performance.now() - from);
            else failures[String(status)] = (failures[String(status)] ?? 0) + 1;
            resolve();
          });
        },
      );
      // As autocannon's loads: an answer that has not come in 30 s is a failure, not a wait forever.
      request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')));
      request.on('error', () => {
        failures.error = (failures.error ?? 0) + 1;
        resolve();
      });
      request.end(body);
    });
  const sent: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = started + (1000 * index) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(index, due));
  }
  await Promise.all(sent);
  stalls.disable();
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const split = cpu?.stop(answered(times, failures)) ?? null;
  return { ...loadResult(times, failures, seconds, split), generatorStallMs: stalls.max / 1e6 };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * A process's user and system time in ticks (/proc/<pid>/stat), 0 when it is gone; with
 * `reapedChildren`, also what its ended children used (a PostgreSQL postmaster's backends).
 */
function processTicks(pid: string | number, reapedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return reapedChildren ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/**
 * Each PostgreSQL process's ticks. A backend that ends during a load (pgbench's, at its end) is
 * still counted: its time passes to the postmaster's ended children.
 */
function postgresTicks(into: Map<string, number>): void {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) into.set(pid, processTicks(pid, true));
    } catch {
      // gone between the listing and the read
    }
  }
}

/** The machine's idle and total ticks over all cores (/proc/stat's first line). */
function machineTicks(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, value) => sum + value, 0) };
}

type DatabaseWatch = {
  /**
   * Resolves once the PostgreSQL processes started since the watch began (a pgbench's backends) have
   * ended and been reaped, or after two seconds: one reaped while the count walks /proc would be in
   * neither its own line nor the postmaster's ended children, so a count taken as pgbench exits
   * could miss nearly all of its backends' time.
   */
  ended(): Promise<void>;
  /** PostgreSQL's CPU time since the watch began, per unit of work in ms. */
  perUnit(units: number): number | undefined;
};

/** PostgreSQL's CPU time from now; null where /proc cannot be read. */
function databaseWatch(): DatabaseWatch | null {
  try {
    const before = new Map<string, number>();
    postgresTicks(before);
    const now = () => {
      const ticks = new Map<string, number>();
      postgresTicks(ticks);
      return ticks;
    };
    return {
      async ended() {
        for (let waited = 0; waited < 2000; waited += 10) {
          if ([...now().keys()].every((pid) => before.has(pid))) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      perUnit(units) {
        if (units === 0) return undefined;
        let ticks = 0;
        for (const [pid, used] of now()) ticks += used - (before.get(pid) ?? 0);
        return perUnit(ticks, units);
      },
    };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU a unit (an answer, a transaction), to three places. */
const msPerUnit = (ms: number, units: number) => Number((ms / units).toFixed(3));
const perUnit = (ticks: number, units: number) => msPerUnit((1000 * ticks) / TICKS_PER_SECOND, units);

/** Starts counting CPU time where /proc can be read (Linux); null elsewhere. */
function watchCpu(serverPid: number): { stop(answers: number): CpuSplit | null } | null {
  try {
    const server = processTicks(serverPid);
    const database = databaseWatch();
    const machine = machineTicks();
    const load = process.cpuUsage();
    return {
      stop(answers) {
        const databaseMs = database?.perUnit(answers);
        if (databaseMs === undefined) return null;
        const now = machineTicks();
        const used = process.cpuUsage(load);
        return {
          serverMs: perUnit(processTicks(serverPid) - server, answers),
          databaseMs,
          loadMs: msPerUnit((used.user + used.system) / 1000, answers),
          idlePercent: Math.round((100 * (now.idle - machine.idle)) / Math.max(1, now.total - machine.total)),
        };
      },
    };
  } catch {
    return null;
  }
}

/**
 * "; CPU an answer: server 0.41 ms, PostgreSQL 0.22 ms, load 0.05 ms; 31% idle", to follow a load's
 * other facts on its line, or '' without a split.
 */
export function describeCpu(result: LoadResult): string {
  const cpu = result.cpu;
  if (!cpu) return '';
  return `; CPU an answer: server ${cpu.serverMs} ms, PostgreSQL ${cpu.databaseMs} ms, load ${cpu.loadMs} ms; ${cpu.idlePercent}% idle`;
}

/** "200 ok; 3 x 500, 1 x error" style summary of what went wrong, or '' when nothing did. */
export function describeFailures(result: LoadResult): string {
  const parts = Object.entries(result.failures).map(([status, count]) => `${count} x ${status}`);
  return parts.length ? parts.join(', ') : '';
}

export const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

export type PgbenchScript = { name: string; sql: string; weight?: number };

export type PgbenchResult = {
  tps: number;
  latencyMs: number;
  transactions: number;
  /** PostgreSQL's CPU time per transaction in ms (Linux), to set beside a load's CpuSplit. */
  databaseMs?: number;
};

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
      ...defines,
      ...files.flatMap((file) => ['-f', file]),
      onLocalSocket(options.url),
    ];
    // A window in which no transaction finished measured nothing (the smoke's one second, on a machine
    // busy enough that each client's first transaction, statements prepared, took longer): measured
    // again over a window twice as long, up to REMEASURE_UP_TO_SECONDS.
    let seconds = Math.max(1, Math.round(options.seconds));
    let database: ReturnType<typeof databaseWatch>;
    let stdout: string;
    for (;;) {
      database = databaseWatch();
      ({ stdout } = await promisify(execFile)(PGBENCH, ['-T', String(seconds), ...args], {
        maxBuffer: 16 * 1024 * 1024,
      }));
      // its backends gone before anything else starts: else the next watch would count them twice
      await database?.ended();
      if (!/number of transactions actually processed: 0\b/.test(stdout) || seconds >= REMEASURE_UP_TO_SECONDS) break;
      seconds *= 2;
    }
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} transactions failed:\n${stdout}`);
    const done = Number(transactions?.[1] ?? 0);
    const databaseMs = database?.perUnit(done);
    return {
      tps: Number(tps[1]),
      latencyMs: Number(latency?.[1] ?? Number.NaN),
      transactions: done,
      ...(databaseMs === undefined ? {} : { databaseMs }),
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
