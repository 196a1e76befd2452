/** The only place the private jobs feature touches the database, and the presenter of what it reads. */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeliveryTime, JobStatus, OrderStatus, PrivateJob } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { orders, privateJobFiles, privateJobs, users } from '../db/schema.ts';
import { cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedPages } from '../db/prepared.ts';

type Conn = Db | Tx;
const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

export type JobRow = {
  id: string;
  fromUserId: string;
  toUserId: string;
  title: string;
  description: string | null;
  deliveryTime: DeliveryTime;
  budgetPence: number | null;
  status: JobStatus;
  createdAt: Date;
  senderName: string;
  recipientName: string;
  files: Array<Omit<JobFileRow, 'jobId' | 'storageKey'>>;
  order: { id: string; status: OrderStatus; paymentConfirmed: boolean } | null;
};
export type JobFileRow = {
  id: string;
  jobId: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
};

const jobColumns = {
  id: privateJobs.id,
  fromUserId: privateJobs.fromUserId,
  toUserId: privateJobs.toUserId,
  title: privateJobs.title,
  description: privateJobs.description,
  deliveryTime: privateJobs.deliveryTime,
  budgetPence: privateJobs.budgetPence,
  status: privateJobs.status,
  createdAt: privateJobs.createdAt,
  senderName: sender.name,
  recipientName: recipient.name,
  // A job's files and its order (one, made with the job) come with it, so a page of jobs is one
  // statement (by private_job_files_job_idx and orders_job_idx, for the page's jobs only).
  files: sql<JobRow['files']>`coalesce((
    select json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeBytes', f.size_bytes)
      order by f.created_at, f.id)
    from ${privateJobFiles} f where f.job_id = ${privateJobs.id}), '[]'::json)`,
  order: sql<JobRow['order']>`(
    select json_build_object('id', o.id, 'status', o.status, 'paymentConfirmed', o.payment_confirmed_at is not null)
    from ${orders} o
    where o.job_id = ${privateJobs.id} limit 1)`,
};
/** Rows also carry created_at as PostgreSQL's text (microseconds kept), for a list's next-page cursor. */
function selectJobs(db: Conn) {
  return db
    .select({ ...jobColumns, cursorAt: sql<string>`${privateJobs.createdAt}::text` })
    .from(privateJobs)
    .innerJoin(sender, eq(sender.id, privateJobs.fromUserId))
    .innerJoin(recipient, eq(recipient.id, privateJobs.toUserId));
}

export async function findJob(db: Conn, id: string): Promise<JobRow | null> {
  const [row] = await selectJobs(db).where(eq(privateJobs.id, id)).limit(1);
  return (row as JobRow | undefined) ?? null;
}

/** A person's private jobs come 30 to a page (the performance review: one big page cost too much per open). */
export const JOBS_PAGE_SIZE = 30;

/**
 * One page of the jobs sent to the person (inbox) or by them (sent), newest first, after `cursor`.
 * The cursor only positions: the person's own column still decides which jobs they see.
 */
export async function listJobs(
  db: Db,
  userId: string,
  side: 'inbox' | 'sent',
  cursor: TimeCursor | null = null,
): Promise<{ rows: JobRow[]; nextCursor: string | null }> {
  const rows = await jobPages[side](db, cursor).execute({ userId, ...cursorValues(cursor) });
  return pageOf(rows as Array<JobRow & { cursorAt: string }>, JOBS_PAGE_SIZE);
}

const jobPagesOf = (column: typeof privateJobs.toUserId | typeof privateJobs.fromUserId, name: string) =>
  preparedPages((db, after) =>
    selectJobs(db)
      .where(and(eq(column, sql.placeholder('userId')), after(privateJobs.createdAt, privateJobs.id)))
      .orderBy(desc(privateJobs.createdAt), desc(privateJobs.id))
      .limit(JOBS_PAGE_SIZE + 1)
      .prepare(name),
  );
const jobPages = {
  inbox: jobPagesOf(privateJobs.toUserId, 'jobs_inbox'),
  sent: jobPagesOf(privateJobs.fromUserId, 'jobs_sent'),
};

export async function findFile(db: Conn, jobId: string, fileId: string): Promise<JobFileRow | null> {
  const [row] = await db
    .select({
      id: privateJobFiles.id,
      jobId: privateJobFiles.jobId,
      storageKey: privateJobFiles.storageKey,
      fileName: privateJobFiles.fileName,
      contentType: privateJobFiles.contentType,
      sizeBytes: privateJobFiles.sizeBytes,
    })
    .from(privateJobFiles)
    .where(and(eq(privateJobFiles.id, fileId), eq(privateJobFiles.jobId, jobId)))
    .limit(1);
  return row ?? null;
}

/** A job as its readers get it (core's jobs.schemas.ts), its files and order read with it. */
export function presentJob(row: JobRow): PrivateJob {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    deliveryTime: row.deliveryTime,
    budgetPence: row.budgetPence,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sender: { id: row.fromUserId, displayName: row.senderName },
    recipient: { id: row.toUserId, displayName: row.recipientName },
    files: row.files.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      url: `/api/jobs/${row.id}/files/${f.id}`,
    })),
    order: row.order
      ? { id: row.order.id, status: row.order.status, paymentConfirmed: row.order.paymentConfirmed }
      : null,
  };
}

export async function findUserByEmail(
  db: Conn,
  email: string,
): Promise<{ id: string; name: string; paypalLink: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, paypalLink: users.paypalLink })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function insertJob(
  db: Conn,
  job: {
    id: string;
    fromUserId: string;
    toUserId: string;
    title: string;
    description: string | null;
    deliveryTime: DeliveryTime;
    budgetPence: number | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(privateJobs).values({ ...job, status: 'pending' });
}

export async function insertFiles(db: Conn, files: Array<JobFileRow & { createdAt: Date }>): Promise<void> {
  if (files.length) await db.insert(privateJobFiles).values(files);
}

/** How many private jobs a person has sent since `since`. */
export async function countJobsSentSince(db: Conn, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(privateJobs)
    .where(and(eq(privateJobs.fromUserId, senderId), gt(privateJobs.createdAt, since)));
  return row?.n ?? 0;
}

/** The status of a job's order, its row locked until the transaction ends (null: no order). */
export async function lockOrderOfJob(tx: Tx, jobId: string): Promise<OrderStatus | null> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.jobId, jobId)).for('update');
  return (row?.status as OrderStatus | undefined) ?? null;
}

/** Moves a job on only if it is still in `from`; returns false when someone else moved it first. */
export async function decideJob(
  db: Conn,
  id: string,
  from: JobStatus,
  status: 'accepted' | 'declined',
): Promise<boolean> {
  const rows = await db
    .update(privateJobs)
    .set({ status })
    .where(and(eq(privateJobs.id, id), eq(privateJobs.status, from)))
    .returning({ id: privateJobs.id });
  return rows.length === 1;
}
