/**
 * Two server processes on one PostgreSQL database: a message sent through one process
 * reaches a live connection held by the other, through LISTEN/NOTIFY and nothing in memory.
 * Uses TEST_DATABASE_URL, else the local server at postgres://postgres@127.0.0.1:5432; skipped
 * when no PostgreSQL answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/process.ts';
import { openSse } from './sse-client.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const name = `gigreel_live_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;

async function postgresAnswers(): Promise<boolean> {
  const probe = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}
const available = await postgresAnswers();

const admin = available ? postgres(ADMIN_URL, { max: 1, onnotice: () => {} }) : null;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
let databaseUrl = '';

const PASSWORD = 'Live-test-1';

async function startServer(port: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-live-'));
  dataDirs.push(dataDir);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function logIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe.skipIf(!available)('two server processes, one PostgreSQL database', () => {
  let first = '';
  let second = '';

  beforeAll(async () => {
    await admin!.unsafe(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // free ports from the system: a port derived from the pid once landed on epmd's 4369
    first = await startServer(await freePort());
    second = await startServer(await freePort());
    // two people and an offer, written straight into the shared database (the servers migrated it)
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const hash = await hashPassword(PASSWORD);
    for (const [id, person, email] of [
      ['live-leo', 'Leo Carter', 'leo@example.com'],
      ['live-ava', 'Ava Nguyen', 'ava@example.com'],
    ] as const) {
      await db`insert into users (id, display_name, email, email_verified) values (${id}, ${person}, ${email}, true)`;
      await db`insert into accounts (id, account_id, provider_id, user_id, password) values (${`a-${id}`}, ${id}, 'credential', ${id}, ${hash})`;
    }
    await db`insert into offers (user_id, title, media_key, is_approved) values ('live-leo', 'Custom beats', 'offers/x.mp4', true)`;
    await db.end();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a message sent through one process reaches a live connection on the other within a second', async () => {
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [leo] = await db<
      { id: string; offer_id: string }[]
    >`select u.id, o.id as offer_id from users u join offers o on o.user_id = u.id where u.email = 'leo@example.com'`;
    await db.end();
    const avaCookie = await logIn(first, 'ava@example.com');
    const leoCookie = await logIn(second, 'leo@example.com');

    const stream = await openSse(`${second}/api/events`, { cookie: leoCookie });
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'ready');
    try {
      const started = Date.now();
      const sent = await fetch(`${first}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first, cookie: avaCookie },
        body: JSON.stringify({ offerId: leo!.offer_id, text: 'Hello from the other process' }),
      });
      expect(sent.status).toBe(201);
      const message = await stream.waitFor((event) => event.event === 'message', 1000);
      expect(message.data).toMatchObject({ type: 'message', to: leo!.id });
      const unread = await stream.waitFor((event) => event.event === 'unread', 1000);
      expect(unread.data).toMatchObject({ unread: { messages: 1, notifications: 1 } });
      expect(Date.now() - started).toBeLessThan(1000);

      const thread = await fetch(`${second}/api/messages/conversations`, { headers: { cookie: leoCookie } });
      expect(
        ((await thread.json()) as { conversations: Array<{ lastMessage: { text: string } }> }).conversations[0]
          ?.lastMessage.text,
      ).toBe('Hello from the other process');
    } finally {
      stream.close();
    }
  });
});
