/** The private jobs lists page by keyset (created_at desc, id desc), 30 a page, with an opaque cursor. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateJob } from '@gigreel/core';
import { encodePageCursor } from '../db/page-cursor.ts';
import { orders, privateJobFiles, privateJobs } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors, walkPages } from '../../test/pages.ts';
import { JOBS_PAGE_SIZE } from './jobs.queries.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
type Page = { jobs: PrivateJob[]; nextCursor: string | null };
let t: TestApp;
let designer: Signed;
let sender: Signed;
let stranger: Signed;

/**
 * 65 jobs: distinct seconds; ten with one identical created_at; twenty in one millisecond apart only
 * by microseconds (two to a microsecond), across the first page's end; the rest in threes on a second.
 */
const createdAtOf = (i: number): string => {
  if (i < 10) return `2026-03-01 12:00:${String(10 + i).padStart(2, '0')}+00`;
  if (i < 20) return '2026-03-01 11:00:00+00';
  if (i < 40) return `2026-03-01 10:00:00.${123000 + Math.floor((i - 20) / 2)}+00`;
  return `2026-03-01 09:${String(10 + Math.floor((i - 40) / 3)).padStart(2, '0')}:00+00`;
};

/** Jobs with, for every third one, a file, and for every other one, its order. */
async function insertJobs(fromUserId: string, toUserId: string, times: string[], titlePrefix: string) {
  const rows = await t.deps.database.db
    .insert(privateJobs)
    .values(
      times.map((at, i) => ({
        fromUserId,
        toUserId,
        title: `${titlePrefix} ${i}`,
        deliveryTime: '1 Day',
        createdAt: sql`${at}::timestamptz` as unknown as Date,
      })),
    )
    .returning({ id: privateJobs.id, title: privateJobs.title });
  const withFile = rows.filter((_, i) => i % 3 === 0);
  if (withFile.length)
    await t.deps.database.db.insert(privateJobFiles).values(
      withFile.map((job) => ({
        jobId: job.id,
        storageKey: `jobs/${job.id}/brief.pdf`,
        fileName: `${job.title}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: 10,
      })),
    );
  const withOrder = rows.filter((_, i) => i % 2 === 0);
  if (withOrder.length)
    await t.deps.database.db.insert(orders).values(
      withOrder.map((job) => ({
        buyerId: fromUserId,
        sellerId: toUserId,
        jobId: job.id,
        title: job.title,
        pricePence: null,
        status: 'awaiting_payment',
      })),
    );
}

const expectedIds = async (column: 'to_user_id' | 'from_user_id', userId: string) =>
  (
    await t.deps.database.query<{ id: string }>(
      `select id from private_jobs where ${column} = $1 order by created_at desc, id desc`,
      [userId],
    )
  ).map((row) => row.id);

async function page(c: TestClient, side: 'inbox' | 'sent', cursor?: string): Promise<Page> {
  const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  const response = await c.get(`/api/jobs/${side}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

const walk = (c: TestClient, side: 'inbox' | 'sent') => walkPages((cursor) => page(c, side, cursor));

beforeAll(async () => {
  t = await createTestApp();
  [designer, sender, stranger] = await Promise.all([
    t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' }),
    t.signedIn({ name: 'Sid Sender' }),
    t.signedIn({ name: 'Stan Stranger' }),
  ]);
  await insertJobs(
    sender.user.id,
    designer.user.id,
    Array.from({ length: 65 }, (_, i) => createdAtOf(i)),
    'Paged job',
  );
  // the stranger's jobs to the designer: newer than all, in the middle, older than all
  await insertJobs(
    stranger.user.id,
    designer.user.id,
    ['2026-03-01 13:00:00+00', '2026-03-01 10:30:00+00', '2026-03-01 08:00:00+00'],
    'Stranger job',
  );
});
afterAll(async () => t.close());

describe('GET /api/jobs/inbox and /api/jobs/sent pages', () => {
  it('walks the sent list 30 at a time, newest first, none repeated or missing, each with its own files and order', async () => {
    const pages = await walk(sender, 'sent');
    expect(pages.map((p) => p.jobs.length)).toEqual([JOBS_PAGE_SIZE, JOBS_PAGE_SIZE, 5]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const jobs = pages.flatMap((p) => p.jobs);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(65);
    expect(jobs.map((job) => job.id)).toEqual(await expectedIds('from_user_id', sender.user.id));
    for (const job of jobs) {
      const i = Number(job.title.split(' ').at(-1));
      expect(job.files.map((file) => file.fileName)).toEqual(i % 3 === 0 ? [`${job.title}.pdf`] : []);
      expect(job.order?.status ?? null).toBe(i % 2 === 0 ? 'awaiting_payment' : null);
      expect(job.sender.id).toBe(sender.user.id);
    }
  });

  it("walks the designer's inbox across both senders the same way", async () => {
    const pages = await walk(designer, 'inbox');
    expect(pages.map((p) => p.jobs.length)).toEqual([30, 30, 8]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.jobs.map((job) => job.id))).toEqual(
      await expectedIds('to_user_id', designer.user.id),
    );
  });

  it('starts from the top on a damaged or made-up cursor, never a 500', async () => {
    const first = await page(designer, 'inbox');
    for (const cursor of damagedCursors(first.nextCursor!, first.jobs[0]!.id)) {
      const again = await page(designer, 'inbox', cursor);
      expect(
        again.jobs.map((job) => job.id),
        cursor,
      ).toEqual(first.jobs.map((job) => job.id));
      expect(again.nextCursor, cursor).toBe(first.nextCursor);
    }
  });

  it("another person's cursor only positions: the viewer still sees only their own jobs", async () => {
    const designersCursor = (await page(designer, 'inbox')).nextCursor!;
    // the cursor sits at 10:00:00.123xxx; of the stranger's three jobs only the 08:00 one is older
    const sent = await page(stranger, 'sent', designersCursor);
    expect(sent.jobs.map((job) => job.title)).toEqual(['Stranger job 2']);
    expect(sent.nextCursor).toBeNull();
    expect((await page(stranger, 'inbox', designersCursor)).jobs).toEqual([]);
    const made = encodePageCursor('2999-01-01 00:00:00+00', (await page(designer, 'inbox')).jobs[0]!.id);
    expect((await page(sender, 'inbox', made)).jobs).toEqual([]);
    expect((await page(stranger, 'sent', made)).jobs.map((job) => job.title)).toEqual([
      'Stranger job 0',
      'Stranger job 1',
      'Stranger job 2',
    ]);
  });

  it('still needs a session', async () => {
    expect((await t.client().get('/api/jobs/inbox?cursor=abc')).statusCode).toBe(401);
    expect((await t.client().get('/api/jobs/sent')).statusCode).toBe(401);
  });
});
