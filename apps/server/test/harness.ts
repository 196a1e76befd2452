/**
 * API test harness: the real app (buildApp) on a real database copied from the migrated template,
 * a real local mail outbox and storage in a temporary DATA_DIR, and a movable clock.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDeps } from '../src/create-deps.ts';
import type { AppDeps } from '../src/deps.ts';
import { accounts, userRoles, users } from '../src/db/schema.ts';
import { manualClock } from '../src/platform/clock.ts';
import { orderTimerJob } from '../src/orders/index.ts';
import { startMailWorker } from '../src/platform/outbox.ts';
import { startQueue } from '../src/platform/queue.ts';
import { PUSH_JOB, pushJob } from '../src/push/index.ts';
import { openTestDatabase } from './databases.ts';

export const PUBLIC_URL = 'http://localhost:3000';
const TEST_PASSWORD = 'Password123';

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  dataDir: string;
  /** A client with its own cookie jar, sending the app's Origin like a browser does. */
  client(ip?: string): TestClient;
  createUser(
    input?: Partial<{
      email: string;
      name: string;
      password: string;
      verified: boolean;
      admin: boolean;
      /** Made just now, so the fresh-account limits apply; otherwise made two days ago (in creation order). */
      fresh: boolean;
    }>,
  ): Promise<{ id: string; email: string; password: string; name: string }>;
  /** Creates a verified user and returns a client signed in as them. */
  signedIn(
    input?: Parameters<TestApp['createUser']>[0],
  ): Promise<TestClient & { user: { id: string; email: string; name: string } }>;
  mails(to?: string): Promise<Array<{ to: string; text: string; link: string | null }>>;
  close(): Promise<void>;
};

export type TestClient = {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  cookies: Map<string, string>;
};

let cachedHash: Promise<string> | null = null;

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gigreel-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    DESIGNER_EMAIL: 'designer@example.com',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const clock = manualClock();
  const log = pino({ level: 'silent' });
  const deps = createDeps({ config, database, log, clock });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  // The mail outbox's worker, as the server runs it: order mails are sent after their change commits.
  const queue = await startQueue(database, log, { pollSeconds: 0.5, recurring: false });
  await startMailWorker(queue, deps);
  await queue.handle(orderTimerJob(deps));
  await queue.handle(pushJob(deps));

  const client = (ip = '127.0.0.1'): TestClient => {
    const cookies = new Map<string, string>();
    const request = async (options: InjectOptions) => {
      const headers: Record<string, string> = {
        origin: PUBLIC_URL,
        host: 'localhost:3000',
        ...(options.headers as Record<string, string>),
      };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.inject({ ...options, headers, remoteAddress: ip });
      const setCookie = response.headers['set-cookie'];
      for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index);
        const value = pair.slice(index + 1);
        if (!value || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    };
    const withBody = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, body?: unknown) =>
      request({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
    return {
      request,
      cookies,
      get: (url) => request({ method: 'GET', url }),
      post: withBody('POST'),
      put: withBody('PUT'),
      patch: withBody('PATCH'),
      delete: withBody('DELETE'),
    };
  };

  let counter = 0;
  const createUser: TestApp['createUser'] = async (input = {}) => {
    counter += 1;
    const id = `u${counter}${Math.random().toString(36).slice(2, 10)}`;
    const email = input.email ?? `user${counter}-${id}@example.com`;
    const password = input.password ?? TEST_PASSWORD;
    const name = input.name ?? `Test User ${counter}`;
    const hash =
      password === TEST_PASSWORD ? await (cachedHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
    // Two days old unless asked fresh (core's isFreshAccount), a millisecond apart so lists keep creation order.
    const createdAt = input.fresh ? clock.now() : new Date(clock.now().getTime() - 2 * 24 * 3600_000 + counter);
    await database.db.insert(users).values({ id, name, email, emailVerified: input.verified ?? true, createdAt });
    await database.db
      .insert(accounts)
      .values({ id: `a-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
    if (input.admin) await database.db.insert(userRoles).values({ userId: id, role: 'admin' });
    return { id, email, password, name };
  };

  const signedIn: TestApp['signedIn'] = async (input) => {
    const user = await createUser(input);
    const c = client();
    const response = await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return Object.assign(c, { user });
  };

  /** Waits until the outbox has sent what it holds (or gave up on it), so no mail or push is still on its way. */
  const outboxSent = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await database.query<{ waiting: number }>(
        `select ((select count(*) from mail_outbox where status = 'queued')
           + (select count(*) from pgboss.job where name = $1 and state in ('created', 'active')))::int as waiting`,
        [PUSH_JOB],
      );
      if (!row?.waiting) return;
      if (Date.now() > deadline) throw new Error('the mail outbox did not empty within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const mails: TestApp['mails'] = async (to) => {
    await outboxSent();
    const dir = path.join(dataDir, 'mail');
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    const all = await Promise.all(
      files.map(async (file) => {
        const raw = await readFile(path.join(dir, file), 'utf8');
        const recipient = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const link =
          /(https?:\/\/[^\s"<>]+)/.exec(
            unfolded
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1] ?? null;
        return { to: recipient, text: unfolded, link };
      }),
    );
    return to ? all.filter((mail) => mail.to.includes(to)) : all;
  };

  return {
    app,
    deps,
    config,
    clock,
    dataDir,
    client,
    createUser,
    signedIn,
    mails,
    async close() {
      // A mail a test caused is sent before the queue stops, so no worker is mid-job when the database goes.
      await outboxSent().catch(() => {});
      await queue.stop();
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
