/**
 * What a team watches (Prometheus text format through prom-client, served at /metrics): requests per
 * route pattern and status with their latency, the database pool, the job queue, live connections, the
 * mail outbox, media processing, and the process's own (memory, event loop). One registry per app, so
 * tests that build several apps in one process keep their numbers apart.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type Metrics = {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and time taken. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A request answered 503 because the database could not be reached. */
  databaseUnavailable(): void;
  /** The mail worker's outcomes in this process. */
  mail: { sent(): void; failed(): void; retried(): void };
  /** A background job's run that failed (it is retried by the queue). */
  jobFailed(job: string): void;
  /** Times one media upload's processing (probe, encode, poster); `running` counts those under way. */
  media<T>(kind: string, work: () => Promise<T>): Promise<T>;
  /** Values read when scraped: each collector sets its gauges then. */
  onScrape(collect: (gauges: ScrapeGauges) => Promise<void> | void): void;
};

type ScrapeGauges = {
  dbPool: Gauge<'state'>;
  jobQueue: Gauge<'job' | 'state'>;
  liveConnections: Gauge;
  mails: Gauge<'status'>;
  mediaQueue: Gauge<'state'>;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gigreel_' });
  const requests = new Counter({
    name: 'gigreel_http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'gigreel_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const unavailable = new Counter({
    name: 'gigreel_database_unavailable_total',
    help: 'Requests answered 503 because the database could not be reached',
    registers: [registry],
  });
  const mailOutcomes = new Counter({
    name: 'gigreel_mail_attempts_total',
    help: 'Mails tried by this process: sent, refused and to be tried again (retried), or given up (failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'gigreel_job_failures_total',
    help: 'Background job runs that failed in this process, by job',
    labelNames: ['job'],
    registers: [registry],
  });
  const mediaSeconds = new Histogram({
    name: 'gigreel_media_processing_seconds',
    help: 'Time to process one upload (image or video), waiting for a processing slot included',
    labelNames: ['kind'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  let mediaInProgress = 0;

  const collectors: Array<(gauges: ScrapeGauges) => Promise<void> | void> = [];
  const gauges = {} as ScrapeGauges;
  const collect = async () => {
    for (const gauge of Object.values(gauges)) gauge.reset();
    gauges.mediaQueue.set({ state: 'in_progress' }, mediaInProgress);
    // A part that cannot be read (the database down) leaves its gauges out rather than failing the scrape.
    await Promise.all(collectors.map(async (one) => Promise.resolve(one(gauges)).catch(() => undefined)));
  };
  let scrape: Promise<void> | null = null;
  // prom-client asks each gauge in turn; one collection per scrape serves them all.
  const once = async () => {
    scrape ??= collect().finally(() => setImmediate(() => (scrape = null)));
    await scrape;
  };
  gauges.dbPool = new Gauge({
    name: 'gigreel_db_pool',
    help: 'Database connections: size of the pool, in use (statements and transactions holding or asking for one), waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect: once,
  });
  gauges.jobQueue = new Gauge({
    name: 'gigreel_job_queue_jobs',
    help: 'Jobs on the queue by job and state (created and retry are waiting; failed are kept 7 days)',
    labelNames: ['job', 'state'],
    registers: [registry],
    collect: once,
  });
  gauges.liveConnections = new Gauge({
    name: 'gigreel_live_connections',
    help: 'Open live event streams (Server-Sent Events) in this process',
    registers: [registry],
    collect: once,
  });
  gauges.mails = new Gauge({
    name: 'gigreel_mails',
    help: 'Mails in the outbox by status: queued, sent and failed (sent and failed are kept 30 days)',
    labelNames: ['status'],
    registers: [registry],
    collect: once,
  });
  gauges.mediaQueue = new Gauge({
    name: 'gigreel_media_jobs',
    help: 'Uploads being processed or waiting for a processing slot in this process',
    labelNames: ['state'],
    registers: [registry],
    collect: once,
  });

  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    databaseUnavailable: () => unavailable.inc(),
    mail: {
      sent: () => mailOutcomes.inc({ outcome: 'sent' }),
      failed: () => mailOutcomes.inc({ outcome: 'failed' }),
      retried: () => mailOutcomes.inc({ outcome: 'retried' }),
    },
    jobFailed: (job) => jobFailures.inc({ job }),
    async media(kind, work) {
      mediaInProgress += 1;
      const end = mediaSeconds.startTimer({ kind });
      try {
        return await work();
      } finally {
        end();
        mediaInProgress -= 1;
      }
    },
    onScrape(collector) {
      collectors.push(collector);
    },
  };
}
