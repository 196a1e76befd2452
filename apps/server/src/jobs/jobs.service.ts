/**
 * Private jobs (SPEC sections 2, 4, 7): a signed-in person sends a job with files to the designer
 * (the account with DESIGNER_EMAIL); the job and its order (awaiting_payment, with the designer's
 * payment link) are written in one transaction, and the stored files are removed if it fails.
 * Files are readable only by the sender, the designer and admins, never through a public URL.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  budgetToPence,
  decideJobMove,
  jobsTexts,
  FRESH_PRIVATE_JOBS_PER_DAY,
  isFreshAccount,
  PRIVATE_JOBS_PER_DAY,
  QUOTA_WINDOW_MS,
  sellerPaymentLink,
  type JobDecision,
  type JobList,
  type PrivateJob,
  type PrivateJobFields,
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { claimUploads, holdUploads, removeStoredFiles } from '../platform/unclaimed-files.ts';
import { createNotification } from '../notifications/index.ts';
import type { ReceivedFile } from '../platform/uploads.ts';
import type { Db, Tx } from '../db/connection.ts';
import { assertOrderQuota, declineOrderOfJob, lockBuyer, openOrder, startPaymentTimerOfJob } from '../orders/index.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import * as q from './jobs.queries.ts';
import { findAccountStanding, type Actor } from '../auth/index.ts';
import { blockedBetween } from '../blocks/index.ts';
import { canReadJob, isRecipient } from './jobs.policy.ts';

type Ctx = { deps: AppDeps; actor: Actor };

async function designerOf(deps: AppDeps) {
  const email = deps.config.designerEmail;
  const designer = email ? await q.findUserByEmail(deps.database.db, email) : null;
  if (!designer) throw new AppError('no_designer', jobsTexts.noDesigner);
  return designer;
}

/** A job also opens an order, so both daily quotas apply: private jobs, and orders. */
async function assertJobQuota(db: Db | Tx, senderId: string, designerId: string, now: Date): Promise<void> {
  // blocked either way: the designer is "not available", as when there is none
  if (await blockedBetween(db, senderId, designerId)) throw conflict(jobsTexts.noDesigner);
  const sent = await q.countJobsSentSince(db, senderId, new Date(now.getTime() - QUOTA_WINDOW_MS));
  if (sent >= PRIVATE_JOBS_PER_DAY) throw new AppError('too_many_jobs', jobsTexts.tooManyJobs(PRIVATE_JOBS_PER_DAY));
  // a fresh account (younger than a day, or not verified) sends fewer
  if (sent >= FRESH_PRIVATE_JOBS_PER_DAY) {
    const account = await findAccountStanding(db, senderId);
    if (account && isFreshAccount(account, now))
      throw new AppError('too_many_jobs', jobsTexts.freshAccountJobs(FRESH_PRIVATE_JOBS_PER_DAY));
  }
  await assertOrderQuota(db, { buyerId: senderId, sellerId: designerId, ofOffer: false }, now);
}

/** Refuses before the files are read when the job could not be sent anyway. */
export async function assertCanSendJob({ deps, actor }: Ctx): Promise<void> {
  const designer = await designerOf(deps);
  if (designer.id === actor.id) throw badRequest(jobsTexts.ownJob);
  await assertJobQuota(deps.database.db, actor.id, designer.id, deps.clock.now());
}

export async function sendJob({
  deps,
  actor,
  fields,
  files,
}: Ctx & { fields: PrivateJobFields; files: ReceivedFile[] }): Promise<{ job: PrivateJob; orderId: string }> {
  const designer = await designerOf(deps);
  if (designer.id === actor.id) throw badRequest(jobsTexts.ownJob);
  const jobId = randomUUID();
  const now = deps.clock.now();
  const stored: q.JobFileRow[] = files.map((file) => {
    const id = randomUUID();
    const storageKey = `jobs/${jobId}/${id}.${file.ext}`;
    return { id, jobId, storageKey, fileName: file.fileName, contentType: file.mime, sizeBytes: file.size };
  });
  const keys = stored.map((file) => file.storageKey);
  // Noted before any file goes to storage: a send that fails halfway leaves none behind (platform/unclaimed-files.ts).
  await holdUploads(deps.database, keys);
  try {
    for (const [index, file] of files.entries())
      await deps.storage.put(stored[index]!.storageKey, createReadStream(file.tempPath), file.mime);
    const budgetPence = budgetToPence(fields.budget);
    const orderId = await deps.database.db.transaction(async (tx) => {
      // counted again under the sender's lock: the early check above ran before the upload
      await lockBuyer(tx, actor.id);
      await assertJobQuota(tx, actor.id, designer.id, now);
      await q.insertJob(tx, {
        id: jobId,
        fromUserId: actor.id,
        toUserId: designer.id,
        title: fields.title,
        description: fields.description || null,
        deliveryTime: fields.deliveryTime,
        budgetPence,
        createdAt: now,
      });
      await claimUploads(tx, keys);
      // a millisecond apart, so the files list in the order they were attached
      await q.insertFiles(
        tx,
        stored.map((file, index) => ({ ...file, createdAt: new Date(now.getTime() + index) })),
      );
      const id = await openOrder(tx, {
        buyerId: actor.id,
        sellerId: designer.id,
        jobId,
        title: fields.title,
        pricePence: budgetPence,
        paypalLink: sellerPaymentLink(designer.paypalLink),
        createdAt: now,
      });
      await createNotification(tx, {
        userId: designer.id,
        kind: 'job_received',
        title: jobsTexts.received(fields.title),
        body: `From ${actor.displayName}`,
        link: '/agent-jobs',
      });
      return id;
    });
    return { job: q.presentJob((await q.findJob(deps.database.db, jobId))!), orderId };
  } catch (error) {
    await removeStoredFiles(deps, keys);
    throw error;
  }
}

/** One page of the viewer's jobs (a damaged cursor starts from the top), with their files and orders. */
export async function listJobs({
  deps,
  actor,
  side,
  cursor,
}: Ctx & { side: 'inbox' | 'sent'; cursor?: string }): Promise<JobList> {
  const page = await q.listJobs(deps.database.db, actor.id, side, decodeTimeCursor(cursor));
  return { jobs: page.rows.map(q.presentJob), nextCursor: page.nextCursor };
}

/**
 * The recipient accepts a pending job, or declines it until it is delivered, paid or not (SPEC
 * section 4, and a buyer's "paid" must not bind the designer); the sender is told.
 */
export async function decideJob({
  deps,
  actor,
  jobId,
  status,
}: Ctx & { jobId: string; status: JobDecision }): Promise<PrivateJob> {
  await deps.database.db.transaction(async (tx) => {
    // The order row is locked first, as paying and delivering lock it, so none of them can cross a decision.
    await q.lockOrderOfJob(tx, jobId);
    const job = await q.findJob(tx, jobId);
    if (!job || !canReadJob(actor, job)) throw notFound(jobsTexts.notFound);
    const decision = decideJobMove(job.status, isRecipient(actor, job), status);
    if (!decision.ok) throw decision.reason === 'role' ? forbidden(decision.message) : conflict(decision.message);
    if (!(await q.decideJob(tx, jobId, job.status, status))) throw conflict(jobsTexts.notPending('decided'));
    // Declined: its order is cancelled, so nobody is asked to pay for work that will not be done.
    if (status === 'declined') await declineOrderOfJob(tx, jobId, deps.clock.now());
    // Accepted: its order now waits for payment, and expires if it is not paid in time.
    else await startPaymentTimerOfJob(deps, tx, jobId);
    await createNotification(tx, {
      userId: job.fromUserId,
      kind: status === 'accepted' ? 'job_accepted' : 'job_declined',
      title: status === 'accepted' ? jobsTexts.accepted(job.title) : jobsTexts.declined(job.title),
      link: '/orders',
    });
  });
  return q.presentJob((await q.findJob(deps.database.db, jobId))!);
}

/** A job's file for its sender, its recipient and admins; everyone else gets the same 404. */
export async function openJobFile({ deps, actor, jobId, fileId }: Ctx & { jobId: string; fileId: string }): Promise<{
  body: Readable;
  fileName: string;
  contentType: string;
  size: number;
}> {
  const job = await q.findJob(deps.database.db, jobId);
  if (!job || !canReadJob(actor, job)) throw notFound(jobsTexts.fileNotFound);
  const file = await q.findFile(deps.database.db, jobId, fileId);
  const object = file ? await deps.storage.head(file.storageKey) : null;
  if (!file || !object) throw notFound(jobsTexts.fileNotFound);
  return {
    body: await deps.storage.get(file.storageKey),
    fileName: file.fileName,
    contentType: file.contentType,
    size: object.size,
  };
}
