/**
 * Live-delivery benchmark (not a unit test). Holds N live connections (default 200) on
 * /api/events for D seconds (default 30) while messages flow between those people, and reports
 * delivery latency (POST sent -> the receiver's SSE event) p50/p99/max and every error.
 *
 *   node --import tsx bench/live.ts                 # 200 connections, 30 s, 20 messages/s, 2 server processes
 *   node --import tsx bench/live.ts --smoke         # 20 connections, 5 s: a quick check that it works
 *   options: --connections N --seconds S --rate MSGS_PER_S --processes P --database-url URL
 *
 * It creates a fresh PostgreSQL database (default server postgres://postgres@127.0.0.1:5432), starts
 * P server processes on it (connections and senders spread over them, so most deliveries cross
 * processes through LISTEN/NOTIFY), writes people and offers straight into the database, signs
 * everyone in over HTTP, and drops the database at the end. Results go to bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSse, type SseConnection } from '../apps/server/src/realtime/sse-client.ts';
import {
  BENCH_DATABASE_SERVER,
  createPeople,
  freshDatabase,
  repoRoot,
  signIn,
  startServer,
  type ServerProcess,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    connections: { type: 'string' },
    seconds: { type: 'string' },
    rate: { type: 'string' },
    processes: { type: 'string', default: '2' },
    'database-url': { type: 'string', default: BENCH_DATABASE_SERVER },
  },
});
const CONNECTIONS = Number(args.connections ?? (args.smoke ? 20 : 200));
const SECONDS = Number(args.seconds ?? (args.smoke ? 5 : 30));
const RATE = Number(args.rate ?? (args.smoke ? 10 : 20));
const PROCESSES = Math.max(1, Number(args.processes));

const log = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function main(): Promise<void> {
  const database = await freshDatabase(args['database-url']!, `gigreel_bench_live_${process.pid}`);
  const servers: ServerProcess[] = [];
  const streams: SseConnection[] = [];
  try {
    // servers
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer({ databaseUrl: database.url }));
    const bases = servers.map((server) => server.base);
    log(`servers: ${bases.join(', ')} on one PostgreSQL database`);

    // people, each with an offer, written straight into the database
    const { people } = await createPeople(database.url, { count: CONNECTIONS, bases });

    // sign everyone in over HTTP (10 at a time: password hashing is the slow part)
    const signInStart = Date.now();
    await signIn(people);
    log(`${people.length} people signed in in ${((Date.now() - signInStart) / 1000).toFixed(1)} s`);

    // live connections
    const arrivals = new Map<string, number>();
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const postTimes: number[] = [];
    const errors: Record<string, number> = {};
    const fail = (kind: string) => (errors[kind] = (errors[kind] ?? 0) + 1);
    const record = (id: string) => {
      const start = sentAt.get(id);
      const arrived = arrivals.get(id);
      if (start === undefined || arrived === undefined) return;
      latencies.push(arrived - start);
      sentAt.delete(id);
    };
    let dropped = 0;
    await Promise.all(
      people.map(async (p) => {
        const stream = await openSse(`${p.base}/api/events`, { cookie: p.cookie }, (event) => {
          if (event.event !== 'message') return;
          const data = event.data as { id: string; to: string };
          if (data.to !== p.id) return;
          arrivals.set(data.id, event.receivedAt);
          record(data.id);
        });
        if (stream.status !== 200) fail(`sse ${stream.status}`);
        void stream.closed.then(() => {
          if (!stopping) dropped += 1;
        });
        streams.push(stream);
      }),
    );
    await Promise.all(
      streams.map((s) => s.waitFor((e) => e.event === 'ready', 10_000).catch(() => fail('sse not ready'))),
    );
    log(`${streams.length} live connections open; sending ${RATE} messages/s for ${SECONDS} s`);

    // messages flow: a random person writes to another random person's offer, through another process
    let stopping = false;
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      const from = people[Math.floor(Math.random() * people.length)]!;
      let to = people[Math.floor(Math.random() * people.length)]!;
      if (to === from) to = people[(people.indexOf(from) + 1) % people.length]!;
      const start = Date.now();
      sent += 1;
      const request = fetch(`${from.base}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: from.base, cookie: from.cookie },
        body: JSON.stringify({ offerId: to.offerId, text: `bench message ${sent}` }),
      })
        .then(async (response) => {
          postTimes.push(Date.now() - start);
          if (response.status !== 201) return void fail(`post ${response.status}`);
          const { message } = (await response.json()) as { message: { id: string } };
          sentAt.set(message.id, start);
          record(message.id);
        })
        .catch(() => void fail('post network'))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (sent * 1000) / RATE - Date.now())));
    }
    await Promise.all(inFlight);
    const grace = Date.now() + 5000;
    while (sentAt.size > 0 && Date.now() < grace) await new Promise((resolve) => setTimeout(resolve, 50));
    if (sentAt.size > 0) errors['not delivered within 5 s'] = sentAt.size;
    if (dropped > 0) errors['connections dropped'] = dropped;
    stopping = true;

    const sorted = [...latencies].sort((a, b) => a - b);
    const posts = [...postTimes].sort((a, b) => a - b);
    const result = {
      when: new Date().toISOString(),
      mode: args.smoke ? 'smoke' : 'full',
      connections: CONNECTIONS,
      seconds: SECONDS,
      processes: PROCESSES,
      messagesSent: sent,
      delivered: latencies.length,
      /** POST sent -> the receiver's live event. */
      latencyMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN },
      /** POST sent -> its 201 (the write alone), to tell a slow database from slow fan-out. */
      postMs: { p50: percentile(posts, 50), p99: percentile(posts, 99) },
      loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))),
      errors,
    };
    log(
      `sent ${sent}, delivered ${latencies.length}; delivery latency p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms (the POST alone: p50 ${result.postMs.p50} ms, p99 ${result.postMs.p99} ms); errors ${JSON.stringify(errors)}; load average ${result.loadAverage.join(' ')}`,
    );
    const dir = path.join(repoRoot, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `live-${result.mode}-${CONNECTIONS}c-${RATE}mps.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    if (Object.keys(errors).length > 0 || latencies.length === 0) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
