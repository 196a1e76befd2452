/**
 * Fault test: the S3-protocol server (s3rver) stops while people upload avatars. Every upload answers
 * 200 or a clean 503, never a 500; a media read while it is down answers 503; and once it is back, after
 * the queue's removal of unclaimed files, the bucket holds exactly the files the rows point at: no row
 * points at a missing file and no failed save left a file behind. Prints what it saw.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { freePort } from '../../test/process.ts';
import { users } from '../db/schema.ts';
import { removeUnclaimedFiles } from './unclaimed-files.ts';

const BUCKET = 'gigreel-media';
const PEOPLE = 8;
const UPLOADS_EACH = 4;

let dir: string;
let port: number;
let store: S3rver | undefined;
let t: TestApp;
let png: Buffer;

const startStore = async () => {
  store = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await store.run();
};
/** Stops the store at once: no new connection, and those open are cut. */
const stopStore = async () => {
  const server = store!.httpServer!;
  const closed = store!.close();
  server.closeAllConnections();
  await closed;
  store = undefined;
};

function avatarUpload(bytes: Buffer) {
  const boundary = `----gigreel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gigreel-s3-faults-'));
  port = await freePort();
  await startStore();
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'eu-west-2',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  if (store) await stopStore();
  await rm(dir, { recursive: true, force: true });
});

it('answers 503 while S3 is down, and leaves no row without its file and no file without its row', async () => {
  const people: Array<TestClient & { user: { id: string } }> = [];
  for (let i = 0; i < PEOPLE; i++) people.push(await t.signedIn());
  const statuses: number[] = [];
  const upload = async (person: TestClient) => {
    const response = await person.request({ method: 'PUT', url: '/api/profile/avatar', ...avatarUpload(png) });
    statuses.push(response.statusCode);
    if (response.statusCode !== 200) expect(response.json().error.code).toBe('storage_unavailable');
    return response;
  };

  // One good upload each, so there is media to read while the store is down.
  for (const person of people) expect((await upload(person)).statusCode).toBe(200);
  const firstAvatar = (await people[0]!.get('/api/profile')).json().profile.profileImage as string;

  // Everyone uploads again and again; the store goes away after the first few answers.
  let answered = 0;
  let stopped: Promise<void> | undefined;
  await Promise.all(
    people.map(async (person) => {
      for (let i = 0; i < UPLOADS_EACH; i++) {
        await upload(person);
        answered += 1;
        if (answered === PEOPLE && !stopped) stopped = stopStore();
      }
    }),
  );
  await stopped;
  const whileDown = await t.client().get(firstAvatar);
  const uploadWhileDown = await upload(people[0]!);

  // Back: the first upload that works is the recovery time.
  const backAt = Date.now();
  await startStore();
  let recoveredMs = -1;
  for (let i = 0; i < 50 && recoveredMs < 0; i++)
    if ((await upload(people[1]!)).statusCode === 200) recoveredMs = Date.now() - backAt;
  const removed = await removeUnclaimedFiles(t.deps);

  const rows = await t.deps.database.db
    .select({ id: users.id, profileImage: users.image })
    .from(users)
    .where(
      inArray(
        users.id,
        people.map((person) => person.user.id),
      ),
    );
  const referenced = new Set(rows.map((row) => row.profileImage!.replace(/^\/media\//, '')));
  // What the bucket holds, from s3rver's own folder: each object is "<key>._S3rver_object" beside its metadata.
  const files = await readdir(path.join(dir, BUCKET, 'avatars'), { recursive: true });
  const stored = new Set(
    files
      .filter((file) => file.endsWith('._S3rver_object'))
      .map((file) => `avatars/${file.replace(/\._S3rver_object$/, '')}`),
  );
  const [{ unclaimed } = { unclaimed: -1 }] = await t.deps.database.query<{ unclaimed: number }>(
    'select count(*)::int as unclaimed from unclaimed_files',
  );

  const byStatus = statuses.reduce<Record<number, number>>(
    (all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }),
    {},
  );
  console.log(
    `[faults] S3 stopped during ${statuses.length} avatar uploads: ${JSON.stringify(byStatus)} by status; ` +
      `a media read while down answered ${whileDown.statusCode}; uploads worked again ${recoveredMs} ms after S3 was back; ` +
      `${removed} unclaimed files removed afterwards, ${stored.size} objects for ${referenced.size} rows`,
  );
  expect(Object.keys(byStatus).sort()).toEqual(['200', '503']);
  expect(uploadWhileDown.statusCode).toBe(503);
  expect(whileDown.statusCode).toBe(503);
  expect(whileDown.json()).toEqual({
    error: { code: 'storage_unavailable', message: expect.stringContaining('Files cannot be saved or opened') },
  });
  expect(recoveredMs).toBeGreaterThanOrEqual(0);
  // every row's file is there, and every file there is a row's
  expect([...stored].sort()).toEqual([...referenced].sort());
  expect(unclaimed).toBe(0);
  for (const person of people) {
    const image = (await person.get('/api/profile')).json().profile.profileImage as string;
    expect((await t.client().get(image)).statusCode).toBe(200);
  }
});
