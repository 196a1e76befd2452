/**
 * Mixed load (section "Mixed load"): one server process configured as in production, on a fresh
 * PostgreSQL database, for 60 s under everything at once: anonymous and signed-in feed reads that
 * follow cursors, boost toggles, messages between people, and 200 live connections held open by
 * signed-in people. Every error counts (non-2xx, connection errors, dropped live streams, messages
 * that never arrive live), and the server's memory is sampled to show it stays flat.
 *
 *   node --import tsx bench/load.ts             # 200 connections, 60 s
 *   node --import tsx bench/load.ts --smoke     # 20 connections, 5 s
 *   options: --connections N --seconds S
 *
 * bench/run.ts imports `section`; run alone it prints the section as JSON (progress on stderr).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { EngagementResult, FeedPage, LiveEvent, ThreadMessage } from '@gigreel/core';
import { openSse, type SseConnection } from '../apps/server/src/realtime/sse-client.ts';
import { vapidEnv } from '../apps/server/test/vapid.ts';
import type { MemoryReport } from './memory-probe.ts';
import { atLeast, atMost, percentile, type BenchSection, type Figure, type Section } from './report.ts';
import {
  BENCH_DATABASE_SERVER,
  createPeople,
  freshDatabase,
  signIn,
  startServer,
  type Person,
  type ServerProcess,
} from './support.ts';

type Settings = {
  connections: number;
  seconds: number;
  /** Creators who never sign in, so the feed is long enough to page through. */
  otherCreators: number;
  /** Concurrent loops of each kind; each starts its next request when the last one answered. */
  anonymousReaders: number;
  signedInReaders: number;
  boosters: number;
  /** Messages go out at this steady rate, round-robin over the people (each stays under its per-minute limit). */
  messagesPerSecond: number;
  /** A reader follows the cursor this many pages deep, then starts again at the top. */
  pagesDeep: number;
  /** How often the server's memory is read. */
  sampleEveryMs: number;
};

const FULL: Settings = {
  connections: 200,
  seconds: 60,
  otherCreators: 800,
  anonymousReaders: 8,
  signedInReaders: 4,
  boosters: 4,
  messagesPerSecond: 20,
  pagesDeep: 4,
  sampleEveryMs: 2000,
};
const SMOKE: Settings = {
  connections: 20,
  seconds: 5,
  otherCreators: 100,
  anonymousReaders: 2,
  signedInReaders: 1,
  boosters: 1,
  messagesPerSecond: 5,
  pagesDeep: 3,
  sampleEveryMs: 500,
};

/** Memory is flat when RSS at the end is at most this much above RSS at the settle mark, and the heap after a full collection grew less than this over the load. */
const MAX_GROWTH_PERCENT = 10;
/** Start-up, JIT and connection pools settle before this (a smoke run uses 40% of its length). */
const SETTLE_SECONDS = 20;
const REQUEST_TIMEOUT_MS = 10_000;
/** A message not seen on the receiver's live stream this long after the load ends counts as lost. */
const DELIVERY_GRACE_MS = 5000;

const KINDS = ['Feed, anonymous', 'Feed, signed in', 'Feed state', 'Boost', 'Message'] as const;
type Kind = (typeof KINDS)[number];

export const section: BenchSection = ({ smoke, log }) => mixedLoad(smoke ? SMOKE : FULL, { smoke, log });

/** What the load counts as it runs. */
class Tally {
  readonly times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  readonly errors = new Map<string, number>();

  fail(what: string, n = 1): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + n);
  }

  errorCount(): number {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }

  /** One request, timed; the parsed body when the status is the expected one, else undefined (and an error). */
  async call<T>(kind: Kind, url: string, init: RequestInit, expected = 200): Promise<T | undefined> {
    const start = performance.now();
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await response.text();
      this.times.get(kind)!.push(performance.now() - start);
      if (response.status === expected) return JSON.parse(body) as T;
      this.fail(`${kind}: HTTP ${response.status} ${body.slice(0, 120)}`);
    } catch (error) {
      this.times.get(kind)!.push(performance.now() - start);
      this.fail(`${kind}: ${describe(error)}`);
    }
    return undefined;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.name;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type MemorySample = { t: number; rssMb: number; heapMb: number; cpuSeconds: number };

/** Reads the child's resident set (MB) and CPU time used so far (s) from /proc. */
function processStatus(pid: number): { rssMb: number; cpuSeconds: number } {
  const rssKb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: rssKb / 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
}
/** USER_HZ on Linux. */
const CLOCK_TICKS = 100;

/** The child's resident set and CPU time from /proc, its heap from bench/memory-probe.ts. */
function memorySampler(server: ServerProcess, everyMs: number) {
  const pid = server.child.pid!;
  let heapUsed = Number.NaN;
  const gcWaiters: ((heapMb: number) => void)[] = [];
  server.child.on('message', (message: MemoryReport) => {
    if (message?.type !== 'memory') return;
    heapUsed = message.heapUsed;
    if (message.afterGc) gcWaiters.shift()?.(message.heapUsed / 2 ** 20);
  });
  const samples: MemorySample[] = [];
  let started = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () =>
    samples.push({ t: (Date.now() - started) / 1000, heapMb: heapUsed / 2 ** 20, ...processStatus(pid) });
  return {
    samples,
    rssMb: () => processStatus(pid).rssMb,
    /** Heap used right after a full collection: what the process really holds on to, MB. */
    retainedHeapMb: () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the server did not report its heap after a full GC within 10 s')),
          10_000,
        );
        gcWaiters.push((heapMb) => {
          clearTimeout(timer);
          resolve(heapMb);
        });
        server.child.send({ type: 'gc' });
      }),
    start() {
      started = Date.now();
      sample();
      timer = setInterval(sample, everyMs);
    },
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}

/** The server's own warnings and errors (pino JSON lines on stdout). */
function serverLog(server: ServerProcess) {
  const seen = { warnings: 0, errors: 0, first: [] as string[] };
  let buffer = '';
  server.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let split: number;
    while ((split = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, split);
      buffer = buffer.slice(split + 1);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 50) seen.errors += 1;
        else if ((entry.level ?? 0) >= 40) seen.warnings += 1;
        else continue;
        if (seen.first.length < 5)
          seen.first.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
      } catch {
        if (line.trim() && seen.first.length < 5) seen.first.push(line.slice(0, 200));
      }
    }
  });
  return seen;
}

async function mixedLoad(
  settings: Settings,
  { smoke, log }: { smoke: boolean; log: (line: string) => void },
): Promise<Section> {
  const loadBefore = os.loadavg();
  const database = await freshDatabase(BENCH_DATABASE_SERVER, `gigreel_bench_load_${process.pid}`);
  let server: ServerProcess | undefined;
  const streams: SseConnection[] = [];
  let stopping = false;
  try {
    server = await startServer({
      databaseUrl: database.url,
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        ...vapidEnv(),
        LOG_LEVEL: 'warn',
      },
      nodeArgs: ['--expose-gc', '--import', './bench/memory-probe.ts'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const base = server.base;
    const logged = serverLog(server);
    const memory = memorySampler(server, settings.sampleEveryMs);

    const { people, offerIds } = await createPeople(database.url, {
      count: settings.connections,
      bases: [base],
      otherCreators: settings.otherCreators,
    });
    const signInStart = Date.now();
    await signIn(people);
    log(
      `server ${base} (production, PostgreSQL); ${people.length} people signed in in ${((Date.now() - signInStart) / 1000).toFixed(1)} s; ${offerIds.length} offers`,
    );

    // live connections, and every message seen arriving on its receiver's stream
    const tally = new Tally();
    const sentAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    const deliveries: number[] = [];
    const settle = (id: string) => {
      const sent = sentAt.get(id);
      const arrived = arrivedAt.get(id);
      if (sent === undefined || arrived === undefined) return;
      deliveries.push(arrived - sent);
      sentAt.delete(id);
      arrivedAt.delete(id);
    };
    let dropped = 0;
    await Promise.all(
      people.map(async (p) => {
        const stream = await openSse(`${base}/api/events`, { cookie: p.cookie }, (event) => {
          const data = event.data as LiveEvent;
          if (data.type !== 'message' || data.to !== p.id) return;
          arrivedAt.set(data.id, event.receivedAt);
          settle(data.id);
        });
        if (stream.status !== 200) tally.fail(`live stream: HTTP ${stream.status}`);
        void stream.closed.then(() => {
          if (!stopping) dropped += 1;
        });
        streams.push(stream);
      }),
    );
    await Promise.all(
      streams.map((s) =>
        s.waitFor((e) => e.event === 'ready', 10_000).catch(() => tally.fail('live stream: no ready event')),
      ),
    );
    const retainedBefore = await memory.retainedHeapMb();
    log(
      `${streams.length} live connections open; server RSS ${memory.rssMb().toFixed(0)} MB, heap after a full GC ${retainedBefore.toFixed(1)} MB; running ${settings.seconds} s`,
    );

    // the load
    const started = Date.now();
    const generatorCpu = process.cpuUsage();
    const until = started + settings.seconds * 1000;
    const running = () => Date.now() < until;
    memory.start();
    const progress = setInterval(() => {
      const last = memory.samples.at(-1);
      log(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${KINDS.map((kind) => `${kind.toLowerCase()} ${tally.times.get(kind)!.length}`).join(', ')}; errors ${tally.errorCount()}; RSS ${last?.rssMb.toFixed(0)} MB; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }, 10_000);
    const loops = [
      ...Array.from({ length: settings.anonymousReaders }, () => readFeed(tally, base, settings.pagesDeep, running)),
      ...Array.from({ length: settings.signedInReaders }, () =>
        readFeed(tally, base, settings.pagesDeep, running, people),
      ),
      ...Array.from({ length: settings.boosters }, () => boost(tally, people, offerIds, running)),
      sendMessages(tally, people, settings.messagesPerSecond, running, (id, at) => {
        sentAt.set(id, at);
        settle(id);
      }),
    ];
    await Promise.all(loops);
    const elapsed = (Date.now() - started) / 1000;
    const { user, system } = process.cpuUsage(generatorCpu);
    const generatorCpuPercent = (user + system) / 1e4 / elapsed;
    clearInterval(progress);
    memory.stop();

    const graceEnd = Date.now() + DELIVERY_GRACE_MS;
    while (sentAt.size > 0 && Date.now() < graceEnd) await sleep(50);
    if (sentAt.size > 0)
      tally.fail(
        `message: not on the receiver's live stream within ${DELIVERY_GRACE_MS / 1000} s of the end`,
        sentAt.size,
      );
    if (dropped > 0) tally.fail('live stream: dropped', dropped);
    // Measured with the same people connected as before the load, so the two heaps compare.
    const retainedAfter = await memory.retainedHeapMb();
    stopping = true;

    const result = report({
      settings,
      smoke,
      tally,
      elapsed,
      deliveries,
      accepted: deliveries.length + sentAt.size,
      samples: memory.samples,
      retained: [retainedBefore, retainedAfter],
      generatorCpuPercent,
      logged,
      loadBefore,
      offers: offerIds.length,
    });
    log(
      `done: errors ${tally.errorCount()}, ${result.figures
        .filter((figure) => figure.budget)
        .map((figure) => `${figure.name} ${figure.value} ${figure.unit}`)
        .join(', ')}`,
    );
    return result;
  } finally {
    stopping = true;
    for (const stream of streams) stream.close();
    await server?.stop();
    await database.drop();
  }
}

/** A reader opens the feed and follows its cursor a few pages down; signed in, it also asks for its state on each page. */
async function readFeed(
  tally: Tally,
  base: string,
  pagesDeep: number,
  running: () => boolean,
  people?: Person[],
): Promise<void> {
  while (running()) {
    const person = people ? pick(people) : undefined;
    const headers: Record<string, string> = person ? { cookie: person.cookie } : {};
    let cursor: string | null = null;
    for (let page = 0; page < pagesDeep && running(); page++) {
      const url: string = `${base}/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const feed: FeedPage | undefined = await tally.call<FeedPage>(
        person ? 'Feed, signed in' : 'Feed, anonymous',
        url,
        { headers },
      );
      if (!feed) break;
      if (person && feed.offers.length > 0) {
        await tally.call('Feed state', `${base}/api/feed/state?ids=${feed.offers.map((offer) => offer.id).join(',')}`, {
          headers,
        });
      }
      cursor = feed.nextCursor;
      if (!cursor) break;
    }
  }
}

/** Boost toggles as the app sends them ({ active }), each the opposite of what that person last set on that offer. */
async function boost(tally: Tally, people: Person[], offerIds: string[], running: () => boolean): Promise<void> {
  const boosted = new Set<string>();
  while (running()) {
    const person = pick(people);
    const offerId = pick(offerIds);
    if (offerId === person.offerId) continue;
    const key = `${person.id} ${offerId}`;
    const active = !boosted.has(key);
    const result = await tally.call<EngagementResult>('Boost', `${person.base}/api/offers/${offerId}/boost`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: person.base, cookie: person.cookie },
      body: JSON.stringify({ active }),
    });
    if (!result) continue;
    if (result.boosted !== active) tally.fail('Boost: answer does not match the state asked for');
    if (result.boosted) boosted.add(key);
    else boosted.delete(key);
  }
}

/** Messages at a steady rate, senders in turn, each to the seller of another person's offer. */
async function sendMessages(
  tally: Tally,
  people: Person[],
  perSecond: number,
  running: () => boolean,
  accepted: (id: string, sentAt: number) => void,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  for (let n = 0; running(); n++) {
    const from = people[n % people.length]!;
    let to = pick(people);
    if (to === from) to = people[(n + 1) % people.length]!;
    const sentAt = Date.now();
    const request = tally
      .call<{ message: ThreadMessage }>(
        'Message',
        `${from.base}/api/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: from.base, cookie: from.cookie },
          body: JSON.stringify({ offerId: to.offerId, text: `load message ${n}` }),
        },
        201,
      )
      .then((body) => {
        if (body) accepted(body.message.id, sentAt);
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    await sleep(Math.max(0, started + ((n + 1) * 1000) / perSecond - Date.now()));
  }
  await Promise.all(inFlight);
}

type ReportInput = {
  settings: Settings;
  smoke: boolean;
  tally: Tally;
  elapsed: number;
  deliveries: number[];
  accepted: number;
  samples: MemorySample[];
  /** Heap used after a full GC before and after the load, MB. */
  retained: [number, number];
  generatorCpuPercent: number;
  logged: { warnings: number; errors: number; first: string[] };
  loadBefore: number[];
  offers: number;
};

function report({
  settings,
  smoke,
  tally,
  elapsed,
  deliveries,
  accepted,
  samples,
  retained,
  generatorCpuPercent,
  logged,
  loadBefore,
  offers,
}: ReportInput): Section {
  const round = (n: number, digits = 1) => Number(n.toFixed(digits));
  const figures: Figure[] = [];
  for (const kind of KINDS) {
    const times = [...tally.times.get(kind)!].sort((a, b) => a - b);
    figures.push({ name: `${kind}: requests/s`, value: round(times.length / elapsed), unit: 'req/s' });
    figures.push({ name: `${kind}: p99`, value: round(percentile(times, 99)), unit: 'ms' });
  }
  figures.push(atMost('Errors (HTTP, connection, live stream, lost messages)', tally.errorCount(), 'errors', 0, '= 0'));
  const delivered = deliveries.length;
  figures.push(
    atLeast(
      'Messages delivered live / accepted',
      round(accepted ? (100 * delivered) / accepted : 0, 2),
      '%',
      100,
      '= 100%',
    ),
  );
  const sortedDeliveries = [...deliveries].sort((a, b) => a - b);
  figures.push({
    name: "Message delivery p99 (POST sent -> receiver's live event)",
    value: round(percentile(sortedDeliveries, 99), 0),
    unit: 'ms',
  });

  // RSS at a moment is the mean of three samples from it, so one collection does not decide.
  const mark = Math.min(SETTLE_SECONDS, settings.seconds * 0.4);
  const meanRss = (list: MemorySample[]) => list.reduce((sum, s) => sum + s.rssMb, 0) / list.length;
  const fromMark = samples.findIndex((s) => s.t >= mark);
  const atMark = meanRss(samples.slice(fromMark, fromMark + 3));
  const atEnd = meanRss(samples.slice(-3));
  const growth = (100 * (atEnd - atMark)) / atMark;
  const secondHalf = samples.filter((s) => s.t >= settings.seconds / 2);
  figures.push({ name: 'Server RSS at the start', value: round(samples[0]!.rssMb), unit: 'MB' });
  figures.push({ name: 'Server RSS at the end', value: round(samples.at(-1)!.rssMb), unit: 'MB' });
  figures.push({ name: 'Server RSS peak', value: round(Math.max(...samples.map((s) => s.rssMb))), unit: 'MB' });
  figures.push({ name: 'Server RSS slope over the second half', value: round(slope(secondHalf) * 60), unit: 'MB/min' });
  figures.push(
    atMost(
      `Server RSS growth, ${round(mark, 0)} s mark -> end`,
      round(growth),
      '%',
      MAX_GROWTH_PERCENT,
      `< ${MAX_GROWTH_PERCENT}%`,
    ),
  );
  figures.push({ name: 'Server heap after a full GC, before the load', value: round(retained[0]), unit: 'MB' });
  figures.push({ name: 'Server heap after a full GC, after the load', value: round(retained[1]), unit: 'MB' });
  // RSS follows V8's young generation and allocator, which swing by 100 MB under load; what survives
  // a full collection is where a leak shows.
  figures.push(
    atMost(
      'Server heap after a full GC, growth over the load',
      round((100 * (retained[1] - retained[0])) / retained[0]),
      '%',
      MAX_GROWTH_PERCENT,
      `< ${MAX_GROWTH_PERCENT}%`,
    ),
  );
  const cpu = (100 * (samples.at(-1)!.cpuSeconds - samples[0]!.cpuSeconds)) / (samples.at(-1)!.t - samples[0]!.t);

  const heaps = samples.map((s) => s.heapMb).filter(Number.isFinite);
  const loadAfter = os.loadavg();
  const errors = [...tally.errors].map(([what, n]) => `${n} x ${what}`);
  return {
    title: 'Mixed load',
    figures,
    notes: [
      `${smoke ? 'Smoke run' : 'Full run'}: one server process (NODE_ENV=production, LOG_LEVEL=warn) on a fresh PostgreSQL database; ${settings.connections} signed-in people each holding one live connection (/api/events) for the whole run, ${offers} approved offers (${settings.connections} of theirs, ${settings.otherCreators} of creators who never sign in).`,
      `For ${round(elapsed)} s at once, loops that each send their next request when the last one answered: anonymous feed readers x ${settings.anonymousReaders} and signed-in ones x ${settings.signedInReaders}, each following the cursor up to ${settings.pagesDeep} pages deep (signed in: each page followed by /api/feed/state for its ids); boosters x ${settings.boosters}, setting { active } to the opposite of what that person last set on that offer; and messages at ${settings.messagesPerSecond}/s, senders in turn (under the 20 a minute each), to random other people.`,
      `Every error counts: a status other than the expected one, a connection error or a ${REQUEST_TIMEOUT_MS / 1000} s timeout, a live stream that did not open, had no ready event or closed during the run, a message accepted but not on its receiver's live stream within ${DELIVERY_GRACE_MS / 1000} s of the end. ${errors.length ? `Seen: ${errors.join('; ')}.` : 'None seen.'}`,
      `Messages: ${accepted} accepted, ${delivered} delivered live; delivery p50 ${round(percentile(sortedDeliveries, 50), 0)} ms, p99 ${round(percentile(sortedDeliveries, 99), 0)} ms, max ${round(sortedDeliveries.at(-1) ?? Number.NaN, 0)} ms.`,
      `Memory: VmRSS from /proc/<pid>/status every ${settings.sampleEveryMs / 1000} s; flat means RSS at the end (mean of the last 3 samples) is under ${MAX_GROWTH_PERCENT}% above RSS at the ${round(mark, 0)} s mark (mean of the 3 samples from it; start-up, JIT and pools settle before it): ${round(atMark)} MB -> ${round(atEnd)} MB. The slope is a least-squares fit over the second half. V8 heap used between collections: start ${round(heaps[0] ?? Number.NaN)} MB, end ${round(heaps.at(-1) ?? Number.NaN)} MB, peak ${round(Math.max(...heaps))} MB; after a full collection (the server runs with --expose-gc for this), with the same ${settings.connections} live connections open: ${round(retained[0])} MB before the load, ${round(retained[1])} MB after.`,
      `CPU during the load: the server process ${round(cpu, 0)}% of one core, this load generator ${round(generatorCpuPercent, 0)}%.`,
      `Server log: ${logged.warnings} warnings, ${logged.errors} errors${logged.first.length ? ` (first: ${logged.first.join(' | ')})` : ''}.`,
      `Load average (1, 5, 15 min) before ${loadBefore.map((n) => n.toFixed(1)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(1)).join(' ')}, on ${os.cpus().length} cores shared by the server, PostgreSQL and this load generator: throughput and p99 are this machine's, not a capacity figure.`,
    ],
  };
}

/** Least-squares slope of RSS over time, MB per second. */
function slope(samples: MemorySample[]): number {
  if (samples.length < 2) return Number.NaN;
  const meanT = samples.reduce((sum, s) => sum + s.t, 0) / samples.length;
  const meanR = samples.reduce((sum, s) => sum + s.rssMb, 0) / samples.length;
  const num = samples.reduce((sum, s) => sum + (s.t - meanT) * (s.rssMb - meanR), 0);
  const den = samples.reduce((sum, s) => sum + (s.t - meanT) ** 2, 0);
  return num / den;
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      smoke: { type: 'boolean', default: false },
      connections: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const settings = { ...(values.smoke ? SMOKE : FULL) };
  if (values.connections) settings.connections = Number(values.connections);
  if (values.seconds) settings.seconds = Number(values.seconds);
  mixedLoad(settings, { smoke: values.smoke, log: (line) => process.stderr.write(`${line}\n`) })
    .then((result) => {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      if (result.figures.some((figure) => figure.holds === false)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
