/** The job queue (pg-boss) on the product's own database, on PGlite and on PostgreSQL alike. */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startQueue, WAKE_GAP_MS } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const jobsNamed = async (name: string) =>
  Number(
    (
      await t.deps.database.query<{ count: string }>('select count(*) as count from pgboss.job where name = $1', [name])
    )[0]?.count,
  );

type LogEntry = { msg: string; err?: { message: string } };
/** A logger whose every line, from `level` up, is handed to `onEntry` as it is written. */
const logTo = (level: 'debug' | 'error', onEntry: (entry: LogEntry) => void) =>
  pino({ level }, { write: (line: string) => onEntry(JSON.parse(line) as LogEntry) });

describe('the job queue', () => {
  it('a job two processes ask for while it runs runs once more, not twice', async () => {
    const [first, second] = [
      await startQueue(t.deps.database, t.deps.log, { pollSeconds: 0.5 }),
      await startQueue(t.deps.database, t.deps.log, { pollSeconds: 0.5 }),
    ];
    // Asks made while no run is under way are one waiting job; an ask after a run has begun must run
    // again (what it asks for may have come after the run read its work), so the test asks while the
    // first run is held: that is the moment two processes asking could otherwise make two more runs.
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let secondDone!: () => void;
    const ranAgain = new Promise<void>((resolve) => (secondDone = resolve));
    try {
      for (const queue of [first, second])
        await queue.every('test.once', '0 0 1 1 *', async () => {
          runs += 1;
          if (runs === 1) {
            firstStarted();
            await held;
          } else secondDone();
        });
      await first.runSoon('test.once');
      await started;
      await Promise.all([first.runSoon('test.once'), second.runSoon('test.once')]);
      expect(await jobsNamed('test.once')).toBe(2);
      release();
      await ranAgain;
    } finally {
      release();
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(runs).toBe(2);
  });

  it('a burst of wakes asks pg-boss for a run once at once and once after the burst, not once a wake', async () => {
    // Each ask is an insert into pg-boss's job table: the mail outbox's wake came once for every mail committed.
    let asks = 0;
    const database: typeof t.deps.database = {
      ...t.deps.database,
      async executeSql(text, values) {
        if (/insert into pgboss\.job/i.test(text) && values?.includes('test.woken')) asks += 1;
        return t.deps.database.executeSql(text, values);
      },
    };
    const queue = await startQueue(database, t.deps.log, { pollSeconds: 0.5 });
    let lastWake = Number.POSITIVE_INFINITY;
    let caughtUp!: () => void;
    const ranAfterTheBurst = new Promise<void>((resolve) => (caughtUp = resolve));
    let burstMs = 0;
    try {
      await queue.every(
        'test.woken',
        '0 0 1 1 *',
        async () => {
          if (performance.now() > lastWake) caughtUp();
        },
        { wakeChannel: 'test_woken' },
      );
      const start = performance.now();
      await Promise.all(Array.from({ length: 30 }, () => t.deps.database.notify('test_woken', '')));
      lastWake = performance.now();
      burstMs = lastWake - start;
      // What the last wake asked for runs after it, so it sees whatever was committed before it.
      await ranAfterTheBurst;
    } finally {
      await queue.stop();
    }
    expect(asks).toBeLessThanOrEqual(2 + Math.floor(burstMs / WAKE_GAP_MS));
  });

  it('retries a job that failed', async () => {
    const queue = await startQueue(t.deps.database, t.deps.log, { pollSeconds: 0.5 });
    let attempts = 0;
    let done!: () => void;
    const succeeded = new Promise<void>((resolve) => (done = resolve));
    try {
      await queue.every('test.retry', '0 0 1 1 *', async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the first attempt fails');
        done();
      });
      await queue.runSoon('test.retry');
      await succeeded;
    } finally {
      await queue.stop();
    }
    expect(attempts).toBe(2);
  }, 30_000);

  it('stops only once a run under way has ended, and tells that run the queue is stopping', async () => {
    const queue = await startQueue(t.deps.database, t.deps.log, { pollSeconds: 0.5 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let ended = false;
    await queue.every('test.long', '0 0 1 1 *', async (stopping) => {
      started();
      // A run that loops, as the mail worker does, until it is told to stop (longer than pg-boss's 5 s wait).
      const until = Date.now() + 20_000;
      while (!stopping.aborted && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
      // One statement after the signal, as the mail worker reads when its next mail is due.
      await t.deps.database.query('select 1');
      ended = true;
    });
    await queue.runSoon('test.long');
    await running;
    await queue.stop();
    expect(ended).toBe(true);
  }, 30_000);

  it('a job fetched as the queue stops still runs, and stop() returns once its outcome is recorded', async () => {
    // pg-boss's fetch of the job is answered only once the queue has stopped taking work: the moment
    // at which a stop that waited for running jobs alone let the database close under the job.
    let holdNextFetch = false;
    let fetchHeld!: () => void;
    const fetched = new Promise<void>((resolve) => (fetchHeld = resolve));
    let release!: () => void;
    const answerFetch = new Promise<void>((resolve) => (release = resolve));
    let recorded = false;
    const database: typeof t.deps.database = {
      ...t.deps.database,
      async executeSql(text, values) {
        const answer = await t.deps.database.executeSql(text, values);
        if (holdNextFetch && /skip locked/i.test(text) && answer.rows.length > 0) {
          holdNextFetch = false;
          fetchHeld();
          await answerFetch;
        }
        if (/state = 'completed'/.test(text)) recorded = true;
        return answer;
      },
    };
    const log = logTo('debug', (entry) => {
      if (entry.msg.startsWith('job queue stopped taking work')) release();
    });
    const queue = await startQueue(database, log, { pollSeconds: 0.5 });
    let ran = false;
    await queue.every('test.fetched-late', '0 0 1 1 *', async () => {
      ran = true;
    });
    holdNextFetch = true;
    await queue.runSoon('test.fetched-late');
    await fetched;
    await queue.stop();
    expect({ ran, recorded }).toEqual({ ran: true, recorded: true });
  });

  it('an outcome the database refuses to record is logged as a queue error, and the server goes on', async () => {
    // The database goes away just as a run ends (a restart): recording the run fails. pg-boss 10 left
    // that rejection unhandled, which ends a Node process; patched, it is reported as an error.
    const refused = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });
    const database: typeof t.deps.database = {
      ...t.deps.database,
      async executeSql(text, values) {
        if (/state = 'completed'/.test(text)) throw refused;
        return t.deps.database.executeSql(text, values);
      },
    };
    let reported!: (entry: LogEntry) => void;
    const queueError = new Promise<LogEntry>((resolve) => (reported = resolve));
    const log = logTo('error', (entry) => {
      if (entry.msg === 'job queue error') reported(entry);
    });
    const queue = await startQueue(database, log, { pollSeconds: 0.5 });
    try {
      await queue.every('test.unrecorded', '0 0 1 1 *', async () => {});
      await queue.runSoon('test.unrecorded');
      expect((await queueError).err?.message).toContain('CONNECTION_CLOSED');
    } finally {
      await queue.stop();
    }
  });
});
