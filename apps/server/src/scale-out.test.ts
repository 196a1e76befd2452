/**
 * The deploy shape of the README ("Deploying at scale"): two server processes started together on
 * one fresh PostgreSQL database and one S3-compatible store, behind a load balancer that sends each
 * request to the other process in turn. A person's journey crosses between them: signed in on one,
 * posting on the other, approved by an admin, media served by both, a live message sent through one
 * and received on a stream held by the other. Runs in the PostgreSQL pass (TEST_DATABASE_URL).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cookieOf,
  errorLines,
  freePort,
  freshPostgresDatabase,
  logIn,
  mailedLink,
  ready,
  server,
  stop,
  tempDataDir,
  type Run,
} from '../test/process.ts';
import { startLoadBalancer, type LoadBalancer } from '../test/proxy.ts';
import { vapidEnv } from '../test/vapid.ts';
import { migrateDatabase, openDatabase } from './db/connection.ts';
import { openSse } from './realtime/sse-client.ts';

const PASSWORD = 'Scale-out-pass1';
const ADMIN = 'boss@example.com';

let s3: S3rver | undefined;
let s3Dir = '';
let balancer: LoadBalancer | undefined;
afterAll(async () => {
  await balancer?.close();
  await cleanUpProcesses();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

type Backend = { base: string; dataDir: string; run: Run };

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'two server processes behind a load balancer, one PostgreSQL, one S3 store',
  () => {
    it('migrates one fresh database from two processes at once: one migrates, the other waits and finds it done', async () => {
      const url = await freshPostgresDatabase('migrate');
      const databases = await Promise.all([
        openDatabase({ kind: 'postgres', url, max: 2 }),
        openDatabase({ kind: 'postgres', url, max: 2 }),
      ]);
      try {
        await Promise.all(databases.map((database) => migrateDatabase(database)));
        const [applied] = await databases[0]!.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        const [again] = await databases[1]!.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied!.n).toBeGreaterThan(0);
        expect(again!.n).toBe(applied!.n);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    });

    it('a journey whose requests alternate between the processes: sign-up, sign-in, post, approval, media, a live message, the login limiter, sign-out', async () => {
      s3Dir = mkdtempSync(path.join(tmpdir(), 'gigreel-scale-s3-'));
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        directory: s3Dir,
        silent: true,
        configureBuckets: [{ name: 'gigreel-media' }],
      });
      const { port: s3Port } = await s3.run();
      const databaseUrl = await freshPostgresDatabase('scale'); // empty: the processes migrate it as they start

      // The balancer's address is the public one, so it must exist before the processes start.
      const ports = [await freePort(), await freePort()];
      balancer = await startLoadBalancer(ports.map((port) => `http://127.0.0.1:${port}`));
      const lb = balancer;
      const origin = lb.base;
      const shared = {
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        AUTH_SECRET: 'scale-out-secret-'.repeat(3),
        ...vapidEnv(),
        DATABASE_URL: databaseUrl,
        ADMIN_EMAILS: ADMIN,
        S3_BUCKET: 'gigreel-media',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_REGION: 'eu-west-2',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      const backends: Backend[] = ports.map((port) => {
        const dataDir = tempDataDir();
        return {
          base: `http://127.0.0.1:${port}`,
          dataDir,
          run: server({ ...shared, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') }),
        };
      });
      // Started together, as a deploy starts its replicas: both migrate the same empty database.
      await Promise.all(backends.map((backend) => ready(backend.base, backend.run)));

      /** The backend that served the latest request to this path. */
      const servedBy = (method: string, prefix: string) =>
        lb.served.findLast((entry) => entry.method === method && entry.path.startsWith(prefix))?.backend;
      const json = (cookie: string, body: unknown) => ({
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const dataDirs = backends.map((backend) => backend.dataDir);

      // Three people sign up through the balancer and verify with their mailed link, whichever process wrote it.
      for (const [email, displayName] of [
        [ADMIN, 'Boss Person'],
        ['seller@example.com', 'Sally Seller'],
        ['buyer@example.com', 'Bob Buyer'],
      ] as const) {
        const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          ...json('', { displayName, email, password: PASSWORD }),
        });
        expect(signUp.status, await signUp.text()).toBe(201);
        const link = await mailedLink(dataDirs, email);
        expect(link.startsWith(`${origin}/`)).toBe(true);
        // Opened without the sign-up's browser cookie: verified, then asked to log in.
        const verified = await fetch(link, { redirect: 'manual' });
        expect(verified.status).toBe(302);
        expect(verified.headers.get('location')).toBe('/login?verified=1');
      }

      // Signed in through one process, the seller posts an offer with an image through the other.
      const seller = await logIn(origin, 'seller@example.com', PASSWORD);
      expect(seller.status).toBe(200);
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: 'Logo design in a day',
        link: 'example.com/logos',
        tags: 'Design, logo',
      }))
        form.append(name, value);
      const image = await sharp({
        create: { width: 300, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      form.append('media', new Blob([image], { type: 'image/png' }), 'logo.png');
      const posted = await fetch(`${origin}/api/offers/mine`, {
        method: 'PUT',
        headers: { cookie: seller.cookie, origin },
        body: form,
      });
      expect(posted.status, await posted.clone().text()).toBe(200);
      expect(servedBy('PUT', '/api/offers/mine')).not.toBe(servedBy('POST', '/api/auth/sign-in/email'));
      const offer = ((await posted.json()) as { offer: { id: string; mediaUrl: string; isApproved: boolean } }).offer;
      expect(offer.isApproved).toBe(false);
      const sellerId = (
        (await (await fetch(`${origin}/api/me`, { headers: { cookie: seller.cookie } })).json()) as {
          viewer: { id: string };
        }
      ).viewer.id;

      // The admin (from ADMIN_EMAILS, on both processes) approves it.
      const admin = await logIn(origin, ADMIN, PASSWORD);
      const me = (await (await fetch(`${origin}/api/me`, { headers: { cookie: admin.cookie } })).json()) as {
        viewer: { isAdmin: boolean };
      };
      expect(me.viewer.isAdmin).toBe(true);
      const gigs = (await (await fetch(`${origin}/api/admin/gigs`, { headers: { cookie: admin.cookie } })).json()) as {
        items: Array<{ id: string; version: number }>;
      };
      const version = gigs.items.find((gig) => gig.id === offer.id)?.version;
      const approved = await fetch(`${origin}/api/admin/offers/${offer.id}/approve`, {
        method: 'POST',
        headers: { cookie: admin.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ version }),
      });
      expect(approved.status, await approved.clone().text()).toBe(200);

      // Both processes show it in the feed and serve its media, which is in the bucket, not on either disk.
      const key = offer.mediaUrl.replace(/^\/media\//, '');
      const bodies: Buffer[] = [];
      for (const backend of backends) {
        const feed = (await (await fetch(`${backend.base}/api/feed`)).json()) as { offers: Array<{ id: string }> };
        expect(feed.offers.map((item) => item.id)).toContain(offer.id);
        const media = await fetch(`${backend.base}${offer.mediaUrl}`);
        expect(media.status).toBe(200);
        expect(media.headers.get('content-type')).toBe('image/webp');
        bodies.push(Buffer.from(await media.arrayBuffer()));
        expect(existsSync(path.join(backend.dataDir, 'files', key))).toBe(false);
      }
      expect(bodies[0]!.length).toBeGreaterThan(100);
      expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
      const ranged = await fetch(`${origin}${offer.mediaUrl}`, { headers: { range: 'bytes=0-9' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bodies[0]!.subarray(0, 10))).toBe(true);

      // A live stream held through one process receives a message sent through the other.
      const buyer = await logIn(origin, 'buyer@example.com', PASSWORD);
      const stream = await openSse(`${origin}/api/events`, { cookie: seller.cookie });
      try {
        expect(stream.status).toBe(200);
        await stream.waitFor((event) => event.event === 'ready');
        const started = Date.now();
        const sent = await fetch(`${origin}/api/messages`, {
          method: 'POST',
          ...json(buyer.cookie, { offerId: offer.id, text: 'Hello across the processes' }),
        });
        expect(sent.status, await sent.clone().text()).toBe(201);
        expect(servedBy('POST', '/api/messages')).not.toBe(servedBy('GET', '/api/events'));
        const message = await stream.waitFor((event) => event.event === 'message', 2000);
        expect(message.data).toMatchObject({ type: 'message', to: sellerId });
        await stream.waitFor(
          (event) => event.event === 'unread' && (event.data as { unread: { messages: number } }).unread.messages === 1,
          2000,
        );
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        stream.close();
      }
      const thread = (await (
        await fetch(`${origin}/api/messages/conversations`, { headers: { cookie: seller.cookie } })
      ).json()) as { conversations: Array<{ lastMessage: { text: string } }> };
      expect(thread.conversations[0]?.lastMessage.text).toBe('Hello across the processes');

      // The login limiter counts failures in the database and by the client's address that the
      // balancer forwards: five failures spread over both processes close the door for that address only.
      const attempt = (password: string, client: string) =>
        fetch(`${origin}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': client },
          body: JSON.stringify({ email: 'buyer@example.com', password }),
        });
      const failures = [];
      for (let n = 0; n < 5; n++) failures.push((await attempt('Wrong-password1', '203.0.113.7')).status);
      expect(failures).toEqual([401, 401, 401, 401, 401]);
      expect(new Set(lb.served.slice(-5).map((entry) => entry.backend)).size).toBe(2);
      expect((await attempt(PASSWORD, '203.0.113.7')).status).toBe(429);
      expect((await attempt(PASSWORD, '198.51.100.9')).status).toBe(200);

      // Signing out through one process ends the session on both: the one that signed out before it
      // answers, the other as soon as it hears the database's notice (auth/session-cache.ts).
      const signedOut = await fetch(`${origin}/api/auth/sign-out`, { method: 'POST', ...json(buyer.cookie, {}) });
      expect(signedOut.status).toBe(200);
      expect(cookieOf(signedOut)).not.toBe('');
      const viewerOn = async (base: string) =>
        ((await (await fetch(`${base}/api/me`, { headers: { cookie: buyer.cookie } })).json()) as { viewer: unknown })
          .viewer;
      const signedOutOn = servedBy('POST', '/api/auth/sign-out')!;
      expect(await viewerOn(backends[signedOutOn]!.base)).toBeNull();
      await expect.poll(() => viewerOn(backends[1 - signedOutOn]!.base), { timeout: 5000, interval: 20 }).toBeNull();

      expect(new Set(lb.served.map((entry) => entry.backend))).toEqual(new Set([0, 1]));
      for (const backend of backends) {
        expect(await stop(backend.run)).toBe(0);
        expect(errorLines(backend.run.output())).toEqual([]);
      }
    }, 90_000);
  },
);
