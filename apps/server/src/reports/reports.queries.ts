/** The only place reports touch the database: the reported things, the cases and each person's report. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppealStatus, ModerationActionKind, ReportKind, ReportReason } from '@gigreel/core';
import { isConstant } from '../db/constant.ts';
import { preparedKeysetPages } from '../db/prepared.ts';
import type { Db, Tx } from '../db/connection.ts';
import { gigMessages, offers, reportCases, reports, users } from '../db/schema.ts';

type Conn = Db | Tx;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is reported, as it reads now, whose it is, and who may see it (a message: its two people). */
export async function findTarget(
  db: Conn,
  kind: ReportKind,
  id: string,
): Promise<{ ownerId: string | null; snapshot: string; readers?: string[] } | null> {
  if (kind === 'creator') {
    const [row] = await db.select({ name: users.name, bio: users.bio }).from(users).where(eq(users.id, id)).limit(1);
    return row ? { ownerId: id, snapshot: row.bio ? `${row.name}: ${row.bio}` : row.name } : null;
  }
  if (!UUID.test(id)) return null;
  if (kind === 'offer') {
    const [row] = await db
      .select({ ownerId: offers.userId, title: offers.title, description: offers.description })
      .from(offers)
      .where(eq(offers.id, id))
      .limit(1);
    return row
      ? { ownerId: row.ownerId, snapshot: row.description ? `${row.title}: ${row.description}` : row.title }
      : null;
  }
  const [row] = await db
    .select({ senderId: gigMessages.senderId, receiverId: gigMessages.receiverId, text: gigMessages.message })
    .from(gigMessages)
    .where(eq(gigMessages.id, id))
    .limit(1);
  return row
    ? {
        ownerId: row.senderId,
        snapshot: row.text,
        readers: [row.senderId, row.receiverId].filter((x): x is string => !!x),
      }
    : null;
}

/** The open case of this thing, made when it is first reported (the content kept as it reads now). */
export async function openCase(
  tx: Tx,
  target: { kind: ReportKind; id: string; ownerId: string | null; snapshot: string },
  reason: ReportReason,
  at: Date,
): Promise<number> {
  // a report that names a payment link puts the case first in the queue
  const priority = reason === 'payment_link' ? 1 : 0;
  const [row] = await tx
    .insert(reportCases)
    .values({
      targetKind: target.kind,
      targetId: target.id,
      ownerId: target.ownerId,
      snapshot: target.snapshot,
      priority,
      lastReportedAt: at,
    })
    .onConflictDoUpdate({
      target: [reportCases.targetKind, reportCases.targetId],
      targetWhere: sql`${reportCases.status} = 'open'`,
      set: { lastReportedAt: at, priority: sql`greatest(${reportCases.priority}, excluded.priority)` },
    })
    .returning({ id: reportCases.id });
  return row!.id;
}

/** The person's report in the case: a new one counts; a repeat adds its note to their first. Returns whether it was new. */
export async function addReport(
  tx: Tx,
  report: { caseId: number; reporterId: string; reason: ReportReason; note: string },
): Promise<boolean> {
  const inserted = await tx.insert(reports).values(report).onConflictDoNothing().returning({ caseId: reports.caseId });
  if (inserted.length) {
    await tx
      .update(reportCases)
      .set({ reportsCount: sql`${reportCases.reportsCount} + 1` })
      .where(eq(reportCases.id, report.caseId));
    return true;
  }
  await tx
    .update(reports)
    .set({
      reason: report.reason,
      note: report.note ? sql`left(trim(${reports.note} || E'\\n' || ${report.note}), 2000)` : reports.note,
    })
    .where(and(eq(reports.caseId, report.caseId), eq(reports.reporterId, report.reporterId)));
  return false;
}

export type CaseRow = {
  id: number;
  priority: number;
  ownerSuspended: boolean;
  earlierReports: number;
  otherOpen: number;
  actions: Array<{ kind: ModerationActionKind; rule: string; at: string; appealStatus: AppealStatus }>;
  kind: ReportKind;
  targetId: string;
  snapshot: string;
  ownerId: string | null;
  ownerName: string | null;
  count: number;
  reasons: ReportReason[];
  notes: string[];
  lastReportedAt: Date;
  cursorAt: string;
};

const CASES_PAGE = 30;

/**
 * One page of open cases, those naming a payment link first, then most reported, then newest, after
 * the cursor's (priority, count, time, id); each with its owner's record, every part of it bounded
 * (at most 100 counted, the newest 5 actions) so a long history costs no more than a short one.
 */
export async function listOpenCases(
  db: Db,
  cursor: { priority: number; count: number; at: string; id: number } | null,
): Promise<{ rows: CaseRow[]; more: boolean }> {
  const rows = await casePages(db, cursor).execute(cursor ?? {});
  return { rows: rows.slice(0, CASES_PAGE) as CaseRow[], more: rows.length > CASES_PAGE };
}

/** The queue's first page and a page after a cursor, each built once (the query is the admin's costliest to build). */
const casePages = preparedKeysetPages(
  sql`(${reportCases.priority}, ${reportCases.reportsCount}, ${reportCases.lastReportedAt}, ${reportCases.id}) < (${sql.placeholder('priority')}, ${sql.placeholder('count')}, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})`,
  (db, after) => selectCases(db, after).prepare('report_cases'),
);

function selectCases(db: Db | Tx, after: SQL | undefined) {
  return db
    .select({
      id: reportCases.id,
      priority: reportCases.priority,
      ownerSuspended: sql<boolean>`coalesce(${users.suspendedUntil} is not null, false)`,
      earlierReports: sql<number>`(select count(*)::int from (select 1 from report_cases e where e.owner_id = ${reportCases.ownerId} and e.status <> 'open' limit 100) e)`,
      otherOpen: sql<number>`(select count(*)::int from (select 1 from report_cases o where o.owner_id = ${reportCases.ownerId} and o.status = 'open' and o.id <> ${reportCases.id} limit 100) o)`,
      actions: sql<
        CaseRow['actions']
      >`(select coalesce(json_agg(json_build_object('kind', a.kind, 'rule', a.rule, 'at', a.created_at, 'appealStatus', a.appeal_status)), '[]'::json) from (select kind, rule, created_at, appeal_status from moderation_actions where user_id = ${reportCases.ownerId} order by created_at desc nulls first, id desc nulls first limit 5) a)`,
      kind: reportCases.targetKind,
      targetId: reportCases.targetId,
      snapshot: reportCases.snapshot,
      ownerId: reportCases.ownerId,
      ownerName: users.name,
      count: reportCases.reportsCount,
      lastReportedAt: reportCases.lastReportedAt,
      cursorAt: sql<string>`${reportCases.lastReportedAt}::text`,
      reasons: sql<
        ReportReason[]
      >`(select coalesce(json_agg(distinct r.reason), '[]'::json) from (select reason from reports where case_id = ${reportCases.id} limit 200) r)`,
      notes: sql<
        string[]
      >`(select coalesce(json_agg(n.note), '[]'::json) from (select note from reports where case_id = ${reportCases.id} and note <> '' order by created_at desc limit 5) n)`,
    })
    .from(reportCases)
    .leftJoin(users, eq(users.id, reportCases.ownerId))
    .where(and(isConstant(reportCases.status, 'open'), after))
    .orderBy(
      sql`${reportCases.priority} desc nulls first`,
      sql`${reportCases.reportsCount} desc nulls first`,
      sql`${reportCases.lastReportedAt} desc nulls first`,
      sql`${reportCases.id} desc nulls first`,
    )
    .limit(CASES_PAGE + 1);
}

/** The case, locked until the transaction ends, so two admins cannot both handle it. */
export async function lockCase(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: reportCases.id,
      kind: reportCases.targetKind,
      targetId: reportCases.targetId,
      ownerId: reportCases.ownerId,
      snapshot: reportCases.snapshot,
      status: reportCases.status,
    })
    .from(reportCases)
    .where(eq(reportCases.id, id))
    .for('update');
  return row ? { ...row, kind: row.kind as ReportKind } : null;
}

export async function closeCase(
  tx: Tx,
  id: number,
  close: { status: 'dismissed' | 'hidden' | 'suspended'; by: string; note: string | null; at: Date },
): Promise<void> {
  await tx
    .update(reportCases)
    .set({ status: close.status, handledBy: close.by, handledNote: close.note, handledAt: close.at })
    .where(eq(reportCases.id, id));
}

/** Who reported the case (at most the first 1,000), to tell them it was handled. */
export async function reportersOf(tx: Tx, caseId: number): Promise<string[]> {
  const rows = await tx.select({ id: reports.reporterId }).from(reports).where(eq(reports.caseId, caseId)).limit(1000);
  return rows.map((row) => row.id);
}

/** Takes an offer out of the feed: unapproved, it waits for an admin again after its owner changes it. */
export async function hideOffer(
  tx: Tx,
  offerId: string,
): Promise<{ title: string; userId: string; wasApproved: boolean; email: string | null; name: string } | null> {
  const [row] = await tx
    .select({ title: offers.title, userId: offers.userId, wasApproved: offers.isApproved })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  if (!row) return null;
  await tx.update(offers).set({ isApproved: false }).where(eq(offers.id, offerId));
  const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId));
  return { ...row, email: owner?.email ?? null, name: owner?.name ?? '' };
}

/** The open cases about one person (at most 1,000), locked, to dismiss them together. */
export async function lockOpenCasesOf(tx: Tx, ownerId: string): Promise<Array<{ id: number; kind: ReportKind }>> {
  const rows = await tx
    .select({ id: reportCases.id, kind: reportCases.targetKind })
    .from(reportCases)
    .where(and(eq(reportCases.ownerId, ownerId), isConstant(reportCases.status, 'open')))
    .limit(1000)
    .for('update');
  return rows as Array<{ id: number; kind: ReportKind }>;
}
