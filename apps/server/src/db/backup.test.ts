/**
 * Backups: a populated embedded instance (the demo's accounts, offers and files, plus messages and an
 * order made over HTTP) is backed up with `npm run backup` while its server runs, restored with `npm run
 * restore` into another, empty DATA_DIR, and every account, offer, order, message and file is there, the
 * same. Restoring over data is refused. Embedded database only: PostgreSQL is backed up with pg_dump.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  logIn,
  migratedPgliteDataDir,
  ready,
  run,
  server,
  stop,
  tempDataDir,
} from '../../test/process.ts';

afterAll(cleanUpProcesses);

const cli = (script: string, args: string[], dataDir: string) =>
  run([process.execPath, '--import', 'tsx', `apps/server/src/db/${script}`, ...args], { DATA_DIR: dataDir });

/** Every row of the tables a person relies on, in a stable order, and every stored file with its digest. */
async function contents(dataDir: string) {
  const pg = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    const rows = async (text: string) => (await pg.query(text)).rows;
    const files = (await readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(dataDir, 'files'), path.join(entry.parentPath, entry.name)))
      .sort();
    return {
      accounts: await rows('select id, email, display_name from users order by id'),
      passwords: await rows('select user_id, password from accounts order by user_id'),
      offers: await rows('select id, user_id, title, media_key, poster_key from offers order by id'),
      orders: await rows('select id, buyer_id, seller_id, status, price_pence from orders order by id'),
      messages: await rows('select id, sender_id, receiver_id, message from gig_messages order by id'),
      files: await Promise.all(
        files.map(async (file) => ({
          file,
          sha256: createHash('sha256')
            .update(await readFile(path.join(dataDir, 'files', file)))
            .digest('hex'),
        })),
      ),
    };
  } finally {
    await pg.close();
  }
}

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'backs up a running instance and restores every account, offer, order, message and file elsewhere',
  async () => {
    const dataDir = tempDataDir();
    await migratedPgliteDataDir(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = server({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    await ready(base, started);
    // Talk and buy: a message and an order beside the demo's accounts, offers and files.
    const leo = await logIn(base, 'leo@example.com');
    const feed = (await (await fetch(`${base}/api/feed`, { headers: { cookie: leo.cookie } })).json()) as {
      offers: Array<{ id: string; pricePence: number | null }>;
    };
    const offer = feed.offers.find((item) => (item.pricePence ?? 0) > 0)!;
    const post = (url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie: leo.cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/messages', { offerId: offer.id, text: 'Is this still on?' })).status).toBe(201);
    expect((await post('/api/orders', { offerId: offer.id })).status).toBe(201);

    const file = path.join(tempDataDir(), 'backups', 'gigreel.tar');
    const backup = cli('backup-cli.ts', [file], dataDir);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toContain('The running server wrote it');
    // The server kept serving while it was made.
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    expect(await stop(started)).toBe(0);

    const elsewhere = path.join(tempDataDir(), 'restored');
    const restore = cli('restore-cli.ts', [file], elsewhere);
    expect(await restore.exited, restore.output()).toBe(0);
    const [original, restored] = [await contents(dataDir), await contents(elsewhere)];
    expect(restored).toEqual(original);
    expect(original.accounts.length).toBeGreaterThan(5);
    expect(original.orders).toHaveLength(1);
    expect(original.messages).toHaveLength(1);
    expect(original.files.length).toBeGreaterThan(5);
    // The keys made once into DATA_DIR come along: sessions, signed links and push subscriptions keep working.
    for (const key of ['auth-secret', 'vapid-keys.json'])
      expect(await readFile(path.join(elsewhere, key), 'utf8'), key).toBe(
        await readFile(path.join(dataDir, key), 'utf8'),
      );
    console.log(
      `[backup] ${original.accounts.length} accounts, ${original.offers.length} offers, ${original.orders.length} orders, ` +
        `${original.messages.length} messages and ${original.files.length} files backed up while serving and restored the same`,
    );

    // Never over data: the original folder is refused.
    const over = cli('restore-cli.ts', [file], dataDir);
    expect(await over.exited).toBe(1);
    expect(over.output()).toContain('is not empty');
  },
  180_000,
);
