/**
 * One media job at a time per person (a video can hold a processing slot for minutes), shared by every
 * API process through a row in the database rather than memory. A slot left by a process that died
 * mid-job is taken over once it is older than any job can run.
 */
import { texts, AppError } from '@gigreel/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { mediaProcessing } from '../db/schema.ts';

/** Longer than the probe, the encode and the posters together may take (each has its own time limit). */
export const MEDIA_SLOT_STALE_MS = 15 * 60 * 1000;

/** Runs the job while holding the person's slot; a second job while one runs is refused with 429. */
export async function withMediaSlot<T>(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: string,
  job: () => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - MEDIA_SLOT_STALE_MS);
  const claimed = await deps.database.db
    .insert(mediaProcessing)
    .values({ userId, startedAt: now })
    .onConflictDoUpdate({
      target: mediaProcessing.userId,
      set: { startedAt: sql`excluded.started_at` },
      setWhere: lt(mediaProcessing.startedAt, stale),
    })
    .returning({ startedAt: mediaProcessing.startedAt });
  if (claimed.length === 0) throw new AppError('media_busy', texts.validation.mediaBusy, 'media');
  try {
    return await job();
  } finally {
    await deps.database.db
      .delete(mediaProcessing)
      .where(and(eq(mediaProcessing.userId, userId), eq(mediaProcessing.startedAt, now)));
  }
}
