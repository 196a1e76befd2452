/**
 * Crash safety of the server process: SIGKILL in the middle of a burst of writes loses nothing that
 * was acknowledged, and the same data opens again; SIGTERM lets requests in flight finish, ends live
 * streams and closes the database. Runs on the embedded database, or on PostgreSQL when
 * TEST_DATABASE_URL is set (each pass of the suite checks its own engine).
 */
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { REACTIONS } from '@gigreel/core';
import {
  cleanUpProcesses,
  errorLines,
  freePort,
  freshPostgresDatabase,
  logIn,
  migratedPgliteDataDir,
  ready,
  server,
  stop,
  tempDataDir,
  type Run,
} from '../test/process.ts';
import { DEMO_CREATORS } from './db/seed.ts';
import { openSse } from './realtime/sse-client.ts';

afterAll(cleanUpProcesses);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Person = { email: string; id: string; cookie: string; offerId: string };
type Started = { run: Run; base: string };
type DataSet = { start(): Promise<Started>; dataDir: string };

/**
 * One set of data (DATA_DIR, and a PostgreSQL database on that engine) that servers start on again
 * and again. It begins migrated (main.test.ts covers the very first start), and the server seeds the demo data.
 */
async function dataSet(): Promise<DataSet> {
  const dataDir = tempDataDir();
  const databaseUrl = onPostgres ? await freshPostgresDatabase('crash', { migrated: true }) : undefined;
  if (!onPostgres) await migratedPgliteDataDir(dataDir);
  return {
    dataDir,
    async start() {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const run = server({
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: base,
        NODE_ENV: 'development',
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      await ready(base, run);
      return { run, base };
    },
  };
}

async function getJson<T>(base: string, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

const avatarPng = (shade: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();

/** The demo creators, signed in, with their ids and offers. */
async function creators(base: string): Promise<Person[]> {
  return Promise.all(
    DEMO_CREATORS.map(async ({ email }) => {
      const { status, cookie } = await logIn(base, email);
      expect(status).toBe(200);
      const { viewer } = await getJson<{ viewer: { id: string } }>(base, cookie, '/api/me');
      const { offer } = await getJson<{ offer: { id: string } }>(base, cookie, '/api/offers/mine');
      return { email, id: viewer.id, cookie, offerId: offer.id };
    }),
  );
}

/** What the burst was told had happened (a 2xx answer), and what it sent in each person's order. */
type Burst = {
  messages: Array<{ from: Person; to: Person; text: string }>;
  engaged: Array<{ by: Person; offer: Person; kind: 'boosted' | 'favorited' }>;
  reactions: Array<{ by: Person; offer: Person; emoji: string }>;
  /** Per person, every bio sent in order and how many of them were acknowledged in a row. */
  bios: Map<string, { sent: string[]; acked: number }>;
  /** Per person, the avatar URL of the last acknowledged upload whose answer could be read. */
  avatars: Map<string, string>;
  acknowledged: number;
  cutOff: number;
  refused: string[];
};

/**
 * Concurrent writes from every creator (messages, boosts, favourites, reactions, profile edits and
 * avatar uploads), each person's kinds in their own sequence; `onAck` runs after each acknowledged one.
 */
async function burst(base: string, people: Person[], onAck: (count: number) => void): Promise<Burst> {
  const result: Burst = {
    messages: [],
    engaged: [],
    reactions: [],
    bios: new Map(),
    avatars: new Map(),
    acknowledged: 0,
    cutOff: 0,
    refused: [],
  };
  let down = false;
  const write = async (person: Person, method: string, url: string, body: unknown): Promise<Response | null> => {
    if (down) return null;
    try {
      const isForm = body instanceof FormData;
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { cookie: person.cookie, origin: base, ...(isForm ? {} : { 'content-type': 'application/json' }) },
        body: isForm ? body : JSON.stringify(body),
      });
      if (!response.ok) {
        result.refused.push(`${method} ${url} ${response.status} ${await response.text().catch(() => '')}`);
        return null;
      }
      result.acknowledged += 1;
      onAck(result.acknowledged);
      return response;
    } catch {
      down = true;
      result.cutOff += 1;
      return null;
    }
  };
  const sequences = people.flatMap((person, i) => {
    const others = people.filter((other) => other !== person);
    const bios = { sent: [] as string[], acked: 0 };
    result.bios.set(person.email, bios);
    const sequences = [
      (async () => {
        for (let n = 0; n < 15 && !down; n++) {
          const to = others[n % others.length]!;
          const text = `Burst message ${i}-${n}`;
          if (await write(person, 'POST', '/api/messages', { offerId: to.offerId, text }))
            result.messages.push({ from: person, to, text });
        }
      })(),
      (async () => {
        for (const [n, offer] of others.entries()) {
          if (await write(person, 'POST', `/api/offers/${offer.offerId}/boost`, { active: true }))
            result.engaged.push({ by: person, offer, kind: 'boosted' });
          if (await write(person, 'POST', `/api/offers/${offer.offerId}/favorite`, { active: true }))
            result.engaged.push({ by: person, offer, kind: 'favorited' });
          const emoji = REACTIONS[(i + n) % REACTIONS.length]!;
          if (await write(person, 'PUT', `/api/offers/${offer.offerId}/reaction`, { emoji }))
            result.reactions.push({ by: person, offer, emoji });
        }
      })(),
      (async () => {
        for (let n = 0; !down && n < 200; n++) {
          const bio = `Bio edit ${i}-${n}`;
          bios.sent.push(bio);
          if (!(await write(person, 'PATCH', '/api/profile', { bio }))) return;
          bios.acked = bios.sent.length;
        }
      })(),
    ];
    if (i < 2) {
      sequences.push(
        (async () => {
          for (let n = 0; !down && n < 50; n++) {
            const form = new FormData();
            form.append('avatar', new Blob([await avatarPng(i * 50 + n)], { type: 'image/png' }), 'avatar.png');
            const response = await write(person, 'PUT', '/api/profile/avatar', form);
            if (!response) return;
            const body = (await response.json().catch(() => null)) as { profile: { profileImage: string } } | null;
            if (body) result.avatars.set(person.email, body.profile.profileImage);
          }
        })(),
      );
    }
    return sequences;
  });
  await Promise.all(sequences);
  return result;
}

const avatarTime = (url: string) => Number(/\/(\d+)\.webp$/.exec(url)?.[1]);

/** Reads every acknowledged write of the burst back through the API, and checks the counters agree with the rows. */
async function expectBurstKept(base: string, people: Person[], burst: Burst): Promise<void> {
  type State = { offerId: string; boosted: boolean; favorited: boolean; reaction: string | null };
  const statesOf = new Map<Person, State[]>();
  for (const person of people) {
    const threads = new Map<string, string[]>();
    for (const { to, text } of burst.messages.filter((message) => message.from === person)) {
      if (!threads.has(to.id))
        threads.set(
          to.id,
          (
            await getJson<{ messages: Array<{ text: string; fromMe: boolean }> }>(
              base,
              person.cookie,
              `/api/messages/with/${to.id}`,
            )
          ).messages
            .filter((m) => m.fromMe)
            .map((m) => m.text),
        );
      expect(threads.get(to.id), `${person.email}'s acknowledged message "${text}"`).toContain(text);
    }

    const ids = people.map((other) => other.offerId).join(',');
    const { states } = await getJson<{ states: State[] }>(base, person.cookie, `/api/feed/state?ids=${ids}`);
    for (const { offer, kind } of burst.engaged.filter((write) => write.by === person)) {
      expect(
        states.find((state) => state.offerId === offer.offerId)?.[kind],
        `${person.email} ${kind} ${offer.email}`,
      ).toBe(true);
    }
    for (const { offer, emoji } of burst.reactions.filter((write) => write.by === person)) {
      expect(
        states.find((state) => state.offerId === offer.offerId)?.reaction,
        `${person.email} reacted to ${offer.email}`,
      ).toBe(emoji);
    }
    statesOf.set(person, states);

    // Each person's edits went one after another: the bio is the last acknowledged one, or the one
    // sent after it when that was written just before the kill.
    const { profile } = await getJson<{ profile: { bio: string | null; profileImage: string | null } }>(
      base,
      person.cookie,
      '/api/profile',
    );
    const bios = burst.bios.get(person.email)!;
    if (bios.acked > 0)
      expect(bios.sent.slice(bios.acked - 1, bios.acked + 1), `${person.email}'s bio`).toContain(profile.bio);
    const avatar = burst.avatars.get(person.email);
    if (avatar) {
      expect(profile.profileImage).not.toBeNull();
      expect(avatarTime(profile.profileImage!)).toBeGreaterThanOrEqual(avatarTime(avatar));
      const image = await fetch(`${base}${profile.profileImage}`);
      expect(image.status, profile.profileImage!).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      await image.arrayBuffer();
    }
  }

  // Counters move in the same transaction as the rows: every offer's counts equal the creators'
  // boosts and favourites (only the demo creators engage in the demo data).
  for (const offer of people) {
    const shown = await getJson<{ boostCount: number; favoriteCount: number }>(
      base,
      offer.cookie,
      `/api/offers/${offer.offerId}`,
    );
    const states = people.map((person) => statesOf.get(person)!.find((state) => state.offerId === offer.offerId));
    expect(shown.boostCount, `boosts of ${offer.email}`).toBe(states.filter((state) => state?.boosted).length);
    expect(shown.favoriteCount, `favourites of ${offer.email}`).toBe(states.filter((state) => state?.favorited).length);
  }
}

/** The status of a GET sent on a connection of its own, or 'refused' when nothing accepts one. */
/**
 * Whether a request on a connection of its own gets any HTTP answer. A draining process answers none:
 * the connection is refused once the listener has closed, or reset if the kernel had already accepted
 * it; either way nothing is served.
 */
function answeredOnNewConnection(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    httpRequest(url, { agent: false }, (response) => {
      response.resume();
      resolve(true);
    })
      .on('error', () => resolve(false))
      .end();
  });
}

/**
 * A multipart avatar upload whose body is held back until `finish()`, so it is in flight at will,
 * from a client that keeps its connection open afterwards as browsers do.
 */
function heldUpload(
  base: string,
  cookie: string,
  png: Buffer,
): { started: Promise<void>; finish(): void; answer: Promise<{ status: number; body: string }> } {
  const boundary = `----gigreel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(png.length / 2);
  const url = new URL('/api/profile/avatar', base);
  const request = httpRequest(url, {
    agent: new Agent({ keepAlive: true, timeout: 60_000 }),
    method: 'PUT',
    headers: {
      cookie,
      origin: base,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + png.length + tail.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  const started = new Promise<void>((resolve) =>
    request.write(Buffer.concat([head, png.subarray(0, half)]), () => resolve()),
  );
  return { started, answer, finish: () => request.end(Buffer.concat([png.subarray(half), tail])) };
}

describe(`the server process on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}, killed and stopped`, () => {
  // The second test goes on with the data, and the server, the first one leaves (one start fewer).
  let data: DataSet | undefined;
  let running: Started | undefined;

  it('keeps every acknowledged write when killed with SIGKILL in a burst of writes, and opens the same data again', async () => {
    data = await dataSet();
    const first = await data.start();
    expect(first.run.output()).toContain('demo data created');
    const people = await creators(first.base);

    // The kill lands while the burst is in full flow: after 60 acknowledged writes.
    const result = await burst(first.base, people, (count) => {
      if (count === 60) first.run.child.kill('SIGKILL');
    });
    await first.run.exited;
    expect(first.run.child.signalCode).toBe('SIGKILL');
    expect(result.refused).toEqual([]);
    expect(result.acknowledged).toBeGreaterThanOrEqual(60);
    expect(result.cutOff, 'requests in flight when the process died').toBeGreaterThan(0);
    if (!onPostgres) {
      // The dead process's lock is still there; the restart must see it is stale.
      expect(readFileSync(path.join(data.dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.run.child.pid));
    }

    const again = await data.start();
    running = again;
    expect(again.run.output()).not.toContain('demo data created');
    expect(errorLines(again.run.output())).toEqual([]);
    // Sessions are rows in the database too: the cookies from before the kill still sign people in.
    await expectBurstKept(again.base, people, result);
  }, 90_000);

  it('on SIGTERM finishes the request in flight, ends live streams, closes the database, and opens the same data again', async () => {
    data ??= await dataSet();
    const first = running ?? (await data.start());
    const [maya] = await creators(first.base);

    const stream = await openSse(`${first.base}/api/events`, { cookie: maya!.cookie });
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'ready');
    const upload = heldUpload(first.base, maya!.cookie, await avatarPng(7));
    await upload.started;
    await new Promise((resolve) => setTimeout(resolve, 200));

    first.run.child.kill('SIGTERM');
    await stream.closed; // the server ends live streams before it waits for the rest
    await expect.poll(() => first.run.output()).toContain('draining requests and closing the database');
    // A new connection after SIGTERM is not served (a pooled one could still be answered 503).
    expect(await answeredOnNewConnection(`${first.base}/api/health`)).toBe(false);
    expect(first.run.output()).not.toContain('database closed');

    upload.finish();
    const { status, body } = await upload.answer;
    expect(status, body).toBe(200);
    const avatar = (JSON.parse(body) as { profile: { profileImage: string } }).profile.profileImage;
    expect(await first.run.exited).toBe(0);
    expect(first.run.output()).toContain('database closed');
    // The upload's client keeps its connection alive; that must not hold the close until the drain limit.
    expect(first.run.output()).not.toContain('requests still open');
    expect(errorLines(first.run.output())).toEqual([]);
    if (!onPostgres) expect(existsSync(path.join(data.dataDir, 'server.lock'))).toBe(false);

    const again = await data.start();
    expect(again.run.output()).not.toContain('demo data created');
    const { profile } = await getJson<{ profile: { profileImage: string | null } }>(
      again.base,
      maya!.cookie,
      '/api/profile',
    );
    expect(profile.profileImage).toBe(avatar);
    expect((await fetch(`${again.base}${avatar}`)).status).toBe(200);
    expect(await stop(again.run)).toBe(0);
  }, 90_000);
});
