import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { callers, createAuth } from './auth/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { AppDeps } from './deps.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { createMetrics } from './platform/metrics.ts';
import { createOutbox } from './platform/outbox.ts';
import { createS3Storage } from './platform/s3.ts';
import { createLocalStorage, guardStorage, type Storage } from './platform/storage.ts';

export function createDeps(input: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  mailer?: Mailer;
  storage?: Storage;
}): AppDeps {
  const { config, database, log } = input;
  const mailer =
    input.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'mail'), log });
  const outbox = createOutbox();
  const auth = createAuth({ config, db: database.db, outbox });
  // Whatever storage refuses is one clear 503 for every feature (platform/storage.ts guardStorage).
  const storage = guardStorage(
    input.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'))),
    log,
  );
  return {
    config,
    database,
    log,
    mailer,
    outbox,
    auth,
    callers,
    storage,
    clock: input.clock ?? systemClock,
    metrics: createMetrics(),
  };
}
