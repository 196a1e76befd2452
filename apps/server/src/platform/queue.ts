/**
 * Background work on a real job queue in the product's own database (pg-boss): recurring work runs
 * once per schedule across every process (a deploy's replicas share one queue), jobs survive a
 * restart, and failures are retried. On the embedded database the queue runs on the same PGlite
 * through its `db` adapter, so `npm start` needs nothing more. docs/decisions/0008-job-queue.md says why.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { oneProcessAtATime, type Database } from '../db/connection.ts';

/**
 * A recurring job's run; it may ask to run again after a while (a retry coming due), in this process.
 * A run that loops (the mail worker) ends its loop once `stopping` is aborted: the queue is stopping.
 */
type JobHandler = (stopping: AbortSignal) => Promise<void | { againInMs: number | null }>;

/** Longest a process waits before running a job again that asked for it (the schedule covers the rest). */
const LONGEST_AGAIN_MS = 60_000;

/** Work that carries its own data (one mail), asked for by a request inside its transaction (outbox.ts). */
export type DataJob<T> = {
  name: string;
  /** NOTIFY channel that wakes the worker at once, so a job sent on commit runs now rather than at the next poll. */
  wakeChannel: string;
  handle(data: T): Promise<void>;
};

export type Queue = {
  /**
   * Runs `handler` on `cron` (UTC, minute resolution), once across all processes; with `wakeChannel`, a
   * NOTIFY on that channel asks for a run at once (the mail outbox: a mail committed is sent now).
   */
  every(name: string, cron: string, handler: JobHandler, options?: { wakeChannel?: string }): Promise<void>;
  /** Asks for one run of a named job now (one waiting at a time: asking twice does not run it twice). */
  runSoon(name: string): Promise<void>;
  /**
   * Runs each job of `job.name` once, in the order sent, retried with a growing delay when it fails
   * (five retries from 30 s to about 15 minutes); a NOTIFY on its wake channel starts it at once.
   */
  handle<T>(job: DataJob<T>): Promise<void>;
  stop(): Promise<void>;
};

export type QueueOptions = {
  /** How often a process looks for work, in seconds (pg-boss's minimum is 0.5). */
  pollSeconds?: number;
  /**
   * false: no schedules and no maintenance (expiring, archiving), only workers for jobs sent. The API
   * tests' outbox worker runs so: pg-boss's schedule timer, started and stopped within a second, would
   * fire once more after its database has closed.
   */
  recurring?: boolean;
  /** Told of each failed run of a job (for /metrics). */
  onFailure?: (job: string) => void;
};

/**
 * How often at most a wake channel's NOTIFYs ask pg-boss for a run. Each ask is an insert into its job
 * table (refused while a run waits, but parsed, planned and run all the same): one for every mail a
 * payment commits was 0.5 ms of PostgreSQL's time a payment, about what the payment's own order update
 * takes. At 200 ms the mails a gap gathered went out in one burst that held the server's event loop
 * (paying at half the server's capacity, p99 19 -> 57 ms); at 50 ms they do not.
 */
export const WAKE_GAP_MS = 50;

/**
 * `ask` at once on the first call after a quiet `gapMs`; calls within the gap after an ask make one
 * more ask when it ends. Every call is followed by an ask made after it (at most `gapMs` later), so a
 * run asked for then still sees whatever was committed before the NOTIFY that called.
 */
function coalesced(gapMs: number, ask: () => void): (() => void) & { cancel(): void } {
  let lastAsk = Number.NEGATIVE_INFINITY;
  let due: NodeJS.Timeout | undefined;
  const askNow = () => {
    due = undefined;
    lastAsk = performance.now();
    ask();
  };
  const call = () => {
    if (due) return; // an ask is already due, after this call
    const wait = lastAsk + gapMs - performance.now();
    if (wait <= 0) askNow();
    else due = setTimeout(askNow, wait);
  };
  return Object.assign(call, { cancel: () => clearTimeout(due) });
}

/** Keeps `work` in `under` until it settles. */
function tracked<T>(under: Set<Promise<unknown>>, work: Promise<T>): Promise<T> {
  under.add(work);
  const done = () => void under.delete(work);
  work.then(done, done);
  return work;
}

export async function startQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: QueueOptions = {},
): Promise<Queue> {
  /**
   * Runs under way in this process, and pg-boss's own statements (a fetch, a job's outcome). stop()
   * waits for them: pg-boss's own wait gives up after its timeout and looks only at jobs its workers
   * hold, and whatever was still going then met a closed database (CONNECTION_ENDED, unhandled, in CI).
   */
  const underWay = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => tracked(underWay, database.executeSql(text, values)) },
    schema: 'pgboss',
    schedule: options.recurring ?? true,
    supervise: options.recurring ?? true,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  // Replicas started together would each create pg-boss's schema; one does, the others find it there.
  await oneProcessAtATime(database, () => boss.start());
  const pollingIntervalSeconds = options.pollSeconds ?? 2;
  const handlers = new Map<string, JobHandler>();
  const workers = new Map<string, string>();
  const unlisteners: Array<() => Promise<void>> = [];
  const againTimers = new Map<string, NodeJS.Timeout>();
  const wakes: Array<{ cancel(): void }> = [];
  let stopped = false;
  const stopping = new AbortController();

  const runSoon = async (name: string) => {
    if (!handlers.has(name)) throw new Error(`no job named ${name}`);
    await boss.send(name, {});
    // The worker looks at once rather than at its next poll.
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const runAgainIn = (name: string, ms: number) => {
    clearTimeout(againTimers.get(name));
    if (stopped) return;
    const timer = setTimeout(
      () => {
        againTimers.delete(name);
        runSoon(name).catch((error: unknown) => log.warn({ err: error, job: name }, 'could not ask for a job'));
      },
      Math.min(Math.max(0, ms), LONGEST_AGAIN_MS),
    );
    timer.unref();
    againTimers.set(name, timer);
  };

  const ensure = async (name: string, handler: JobHandler) => {
    if (handlers.has(name)) return;
    handlers.set(name, handler);
    // "stately": at most one job of this name waiting and one running, however many processes ask.
    // Created one process at a time: pg-boss's queue creation deadlocks against itself across processes.
    await oneProcessAtATime(database, () =>
      boss.createQueue(name, { name, policy: 'stately', retryLimit: 2, retryDelay: 5, expireInSeconds: 120 }),
    );
    const worker = await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
      const started = Date.now();
      try {
        const result = await tracked(underWay, handler(stopping.signal));
        if (result && result.againInMs !== null) runAgainIn(name, result.againInMs);
        log.debug({ job: name, ms: Date.now() - started }, 'background job done');
      } catch (error) {
        log.error({ err: error, job: name }, 'background job failed');
        options.onFailure?.(name);
        throw error;
      }
    });
    workers.set(name, worker);
  };

  return {
    async every(name, cron, handler, options = {}) {
      await ensure(name, handler);
      await oneProcessAtATime(database, () => boss.schedule(name, cron, {}, { tz: 'UTC' }));
      if (options.wakeChannel) {
        const wake = coalesced(WAKE_GAP_MS, () => {
          if (!stopped)
            runSoon(name).catch((error: unknown) => log.warn({ err: error, job: name }, 'could not ask for a job'));
        });
        wakes.push(wake);
        // Heard again after a lost connection came back: whatever was sent meanwhile is looked for then.
        unlisteners.push(await database.listen(options.wakeChannel, wake, wake));
      }
    },
    async handle<T>(job: DataJob<T>) {
      await oneProcessAtATime(database, () =>
        boss.createQueue(job.name, {
          name: job.name,
          policy: 'standard',
          retryLimit: 5,
          retryDelay: 30,
          retryBackoff: true,
          expireInSeconds: 120,
        }),
      );
      // One job at a time (a failed batch would fail every job in it); after each, the worker is told
      // to look again straight away, so a backlog drains without waiting a poll per job.
      // Assigned once work() answers; a job may finish before then, and is then not followed by a look.
      let worker = '';
      worker = await boss.work<T>(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([one]) => {
        try {
          await tracked(underWay, job.handle(one!.data));
        } catch (error) {
          log.error({ err: error, job: job.name }, 'background job failed; it will be retried');
          options.onFailure?.(job.name);
          throw error;
        } finally {
          if (worker) boss.notifyWorker(worker);
        }
      });
      unlisteners.push(await database.listen(job.wakeChannel, () => boss.notifyWorker(worker)));
    },
    runSoon,
    async stop() {
      stopped = true;
      stopping.abort();
      for (const timer of againTimers.values()) clearTimeout(timer);
      againTimers.clear();
      for (const wake of wakes.splice(0)) wake.cancel();
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => {});
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      // pg-boss's wait looks only at jobs its workers hold: a fetch answered after that still starts
      // its job, whose outcome is then recorded. Waited for until nothing is under way for a whole
      // turn of the event loop, so the database is never closed under the queue's feet.
      log.debug({ underWay: underWay.size }, 'job queue stopped taking work; finishing what is under way');
      while (underWay.size > 0) {
        await Promise.allSettled([...underWay]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
