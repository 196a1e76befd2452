/**
 * The fault scenarios, run by the slow tests (src/faults.test.ts) and the benchmark's faults section
 * (bench/faults.ts): the real pieces started on this machine and made to fail. Each answers what it saw.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '../src/db/connection.ts';
import { DEMO_CREATORS } from '../src/db/seed.ts';
import { createMailer } from '../src/platform/mailer.ts';
import { createOutbox, startMailWorker } from '../src/platform/outbox.ts';
import { startQueue } from '../src/platform/queue.ts';
import { openSse } from '../src/realtime/sse-client.ts';
import { freePort, logIn, ready, server, stop, tempDataDir } from './process.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

const sh = promisify(execFile);

export type SmtpOutageReport = {
  mails: number;
  recipients: number;
  outageMs: number;
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  /** From the mail server answering again to the last mail delivered. */
  deliveredAllWithinMs: number;
};

/**
 * The mail server goes away, mails are written meanwhile (to a few people, several each), and it comes
 * back on the same port: every mail must arrive once, in the order written per recipient. The worker's
 * retry delays are shortened (the product's are 30 s doubling to 5 minutes); the rest is as in production.
 */
export async function smtpOutage(options: { mails: number; recipients: number }): Promise<SmtpOutageReport> {
  const log = pino({ level: 'silent' });
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const port = await freePort();
  let smtp: TestSmtp | null = await startTestSmtp({ port });
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'GigReel <no-reply@gigreel.local>',
    outboxDir: '/nonexistent',
    log,
  });
  const queue = await startQueue(database, log, { pollSeconds: 0.5, recurring: false });
  try {
    await startMailWorker(
      queue,
      { database, mailer, log },
      {
        firstDelayMs: 200,
        longestDelayMs: 1000,
        giveUpAfterMs: 24 * 3_600_000,
        leaseMs: 30_000,
      },
    );
    await smtp.close();
    smtp = null;
    const down = Date.now();
    const outbox = createOutbox();
    for (let i = 0; i < options.mails; i++) {
      const to = `person${i % options.recipients}@example.com`;
      await database.db.transaction((tx) => outbox.mail(tx, { to, subject: `Mail ${i}`, text: `Mail number ${i}` }));
    }
    // Let every recipient's first mail fail at least once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const outageMs = Date.now() - down;
    smtp = await startTestSmtp({ port });
    const back = Date.now();
    const deadline = back + 60_000;
    while (smtp.received.length < options.mails && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const deliveredAllWithinMs = Date.now() - back;
    // A moment more: a duplicate would show now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = smtp.received.map((mail) => ({
      to: mail.to.join(),
      n: Number(/^Subject: Mail (\d+)$/m.exec(mail.raw)?.[1]),
    }));
    const seen = new Set<number>();
    let duplicates = 0;
    let outOfOrder = 0;
    const last = new Map<string, number>();
    for (const { to, n } of subjects) {
      if (seen.has(n)) duplicates += 1;
      seen.add(n);
      if ((last.get(to) ?? -1) > n) outOfOrder += 1;
      last.set(to, n);
    }
    return {
      mails: options.mails,
      recipients: options.recipients,
      outageMs,
      delivered: seen.size,
      duplicates,
      outOfOrder,
      deliveredAllWithinMs,
    };
  } finally {
    await queue.stop();
    await smtp?.close();
    await database.close();
  }
}

export type PostgresRestartReport = {
  requests: number;
  byKind: Record<string, number>;
  acknowledgedWrites: number;
  lostWrites: number;
  /** Requests that got no answer within their 10 s timeout. */
  hung: number;
  restartMs: number;
  /** From PostgreSQL accepting connections again to the last failed request (0: none failed after). */
  recoveredWithinMs: number;
  /** That last failed request: what it asked, what it got, and when it was sent (ms from PostgreSQL being back). */
  lastFailure: { request: string; answer: string; sentMs: number } | null;
  liveStreamResynced: boolean;
  liveMessageAfter: boolean;
};

/** Whether Debian's cluster tools are here (the PostgreSQL fault runs on a cluster of its own). */
export async function hasClusterTools(): Promise<boolean> {
  try {
    await sh('sh', ['-c', 'command -v pg_createcluster && command -v pg_ctlcluster && command -v pg_dropcluster']);
    return true;
  } catch {
    return false;
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A throw-away PostgreSQL cluster on its own port (pg_createcluster, never the machine's shared server),
 * a server process on it, a load of reads and writes from several clients, and the cluster restarted in
 * the middle. Every write answered 201 must be in the database afterwards; every request answers (200,
 * 201 or a clean 503) within its timeout; the open live stream is told to read again and hears what
 * comes after.
 */
export async function postgresRestart(options: { clients: number; seconds: number }): Promise<PostgresRestartReport> {
  const { stdout: versions } = await sh('ls', ['/usr/lib/postgresql']);
  const version = versions.split('\n').filter(Boolean).sort().at(-1)!;
  const name = `gigreel_faults_${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const pgPort = await freePort();
  const pgData = mkdtempSync(path.join(tmpdir(), 'gigreel-pg-faults-'));
  rmSync(pgData, { recursive: true, force: true });
  const cluster = (action: string, ...args: string[]) => sh('pg_ctlcluster', [version, name, action, ...args]);
  await sh('pg_createcluster', [version, name, '-p', String(pgPort), '-d', pgData, '--', '--auth=trust']);
  let serverRun: ReturnType<typeof server> | undefined;
  try {
    await cluster('start');
    const admin = postgres(`postgres://postgres@127.0.0.1:${pgPort}/postgres`, { max: 1, onnotice: () => {} });
    await admin.unsafe('create database gigreel');
    await admin.end();
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/gigreel`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = tempDataDir();
    serverRun = server({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    await ready(base, serverRun);
    // Each client writes as its own demo creator (a person may send 20 messages a minute); leo writes after.
    const leo = await logIn(base, 'leo@example.com');
    const maya = await logIn(base, 'maya@example.com');
    const writers = await Promise.all(
      DEMO_CREATORS.filter(({ email }) => !['leo@example.com', 'maya@example.com'].includes(email))
        .slice(0, options.clients)
        .map(({ email }) => logIn(base, email)),
    );
    const feed = (await (await fetch(`${base}/api/feed`)).json()) as {
      offers: Array<{ id: string; creator: { id: string } }>;
    };
    const mayaMe = (await (await fetch(`${base}/api/me`, { headers: { cookie: maya.cookie } })).json()) as {
      viewer: { id: string };
    };
    const mayasOffer = feed.offers.find((offer) => offer.creator.id === mayaMe.viewer.id)!;
    const stream = await openSse(`${base}/api/events`, { cookie: maya.cookie });
    await stream.waitFor((event) => event.event === 'ready');

    const byKind: Record<string, number> = {};
    const acknowledged: string[] = [];
    let requests = 0;
    let hung = 0;
    const failures: Array<{ at: number; sent: number; request: string; answer: string }> = [];
    const count = (kind: string) => (byKind[kind] = (byKind[kind] ?? 0) + 1);
    const call = async (url: string, init: RequestInit = {}) => {
      requests += 1;
      const sent = Date.now();
      const request = `${init.method ?? 'GET'} ${url}`;
      try {
        const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = Buffer.from(await response.arrayBuffer()).toString('utf8');
        count(String(response.status));
        if (response.status >= 500)
          failures.push({ at: Date.now(), sent, request, answer: `${response.status} ${body.slice(0, 200)}` });
        return response.status;
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        if (timedOut) hung += 1;
        count(timedOut ? 'timeout' : 'network error');
        failures.push({ at: Date.now(), sent, request, answer: String(error) });
        return 0;
      }
    };
    let writes = 0;
    const until = Date.now() + options.seconds * 1000;
    const client = async (index: number) => {
      const writer = writers[index]!;
      let nextWrite = 0;
      while (Date.now() < until) {
        await call('/api/feed');
        await call('/api/me', { headers: { cookie: writer.cookie } });
        // At most one message every 600 ms: under the 20 a minute a person may send.
        if (Date.now() < nextWrite) continue;
        nextWrite = Date.now() + 600;
        const text = `Fault load ${index}-${writes++}`;
        const status = await call('/api/messages', {
          method: 'POST',
          headers: { cookie: writer.cookie, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({ offerId: mayasOffer.id, text }),
        });
        if (status === 201) acknowledged.push(text);
      }
    };
    const load = Promise.all(writers.map((_, index) => client(index)));
    await new Promise((resolve) => setTimeout(resolve, (options.seconds * 1000) / 3));
    const restartStarted = Date.now();
    await cluster('restart', '-m', 'fast');
    const back = Date.now();
    await load;

    // The stream heard the LISTEN come back (a ready event after the restart), and hears new events.
    const resynced = await stream
      .waitFor((event) => event.event === 'ready' && event.receivedAt > restartStarted, 10_000)
      .then(() => true)
      .catch(() => false);
    await call('/api/messages', {
      method: 'POST',
      headers: { cookie: leo.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ offerId: mayasOffer.id, text: 'After the restart' }),
    });
    const heard = await stream
      .waitFor((event) => event.event === 'message' && event.receivedAt > back, 10_000)
      .then(() => true)
      .catch(() => false);
    stream.close();

    const check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const found = await check<
      { message: string }[]
    >`select message from gig_messages where message = any(${acknowledged})`;
    await check.end();
    const afterBack = failures.filter(({ at }) => at > back);
    const last = afterBack.reduce<(typeof failures)[number] | null>(
      (latest, failure) => (latest && latest.at >= failure.at ? latest : failure),
      null,
    );
    return {
      requests,
      byKind,
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.length - new Set(found.map((row) => row.message)).size,
      hung,
      restartMs: back - restartStarted,
      recoveredWithinMs: last ? last.at - back : 0,
      lastFailure: last && { request: last.request, answer: last.answer, sentMs: last.sent - back },
      liveStreamResynced: resynced,
      liveMessageAfter: heard,
    };
  } finally {
    if (process.env.FAULTS_SERVER_LOG && serverRun)
      (await import('node:fs')).writeFileSync(process.env.FAULTS_SERVER_LOG, serverRun.output());
    if (serverRun) await stop(serverRun);
    await sh('pg_dropcluster', [version, name, '--stop']).catch(() => undefined);
    rmSync(pgData, { recursive: true, force: true });
  }
}
