/** What the app is built from; tests build it with their own database, clock and outbox. */
import type { FastifyBaseLogger } from 'fastify';
import type { Auth, Callers } from './auth/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { Clock } from './platform/clock.ts';
import type { Mailer } from './platform/mailer.ts';
import type { Metrics } from './platform/metrics.ts';
import type { Outbox } from './platform/outbox.ts';
import type { Storage } from './platform/storage.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Mail that goes when a transaction commits, sent by the background work (platform/outbox.ts). */
  outbox: Outbox;
  clock: Clock;
  auth: Auth;
  /** Who is asking, for the http layer (auth/viewer.ts). */
  callers: Callers;
  storage: Storage;
  log: FastifyBaseLogger;
  /** What /metrics reports (platform/metrics.ts). */
  metrics: Metrics;
};
