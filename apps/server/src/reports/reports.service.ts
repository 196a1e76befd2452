/**
 * Reports and the admins' queue (issue 17). Reporting keeps the content as it reads at the first
 * report; handling a case tells every reporter. What admins do to the person reported (hide their
 * offer, suspend them) and its appeal are in moderation.service.ts.
 */
import {
  badRequest,
  conflict,
  notFound,
  reportsTexts,
  type ReportCaseList,
  type ReportKind,
  type ReportReason,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { Tx } from '../db/connection.ts';
import { decodePageCursor, encodePageCursor, isTimestamp } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import { createNotification } from '../notifications/index.ts';
import * as q from './reports.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor };

export async function reportContent(
  ctx: Ctx & { kind: ReportKind; id: string; reason: ReportReason; note?: string | undefined },
): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const target = await q.findTarget(tx, ctx.kind, ctx.id);
    // a message is reported by the people it was between; to anyone else it is not there
    if (!target || (target.readers && !target.readers.includes(actor.id))) throw notFound(reportsTexts.notFound);
    if (target.ownerId === actor.id) throw badRequest(reportsTexts.ownContent);
    const caseId = await q.openCase(tx, { kind: ctx.kind, id: ctx.id, ...target }, ctx.reason, deps.clock.now());
    const added = await q.addReport(tx, { caseId, reporterId: actor.id, reason: ctx.reason, note: ctx.note ?? '' });
    return { message: added ? reportsTexts.sent : reportsTexts.added };
  });
}

/** A page of the queue; a damaged cursor starts from the top. */
export async function listReportCases({
  deps,
  cursor,
}: {
  deps: AppDeps;
  cursor?: string | undefined;
}): Promise<ReportCaseList> {
  const page = await q.listOpenCases(deps.database.db, decodeCaseCursor(cursor));
  const last = page.rows.at(-1);
  return {
    cases: page.rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      targetId: row.targetId,
      snapshot: row.snapshot,
      owner: row.ownerId ? { id: row.ownerId, displayName: row.ownerName ?? 'Unknown' } : null,
      count: row.count,
      reasons: row.reasons,
      notes: row.notes,
      lastReportedAt: row.lastReportedAt.toISOString(),
      paymentLink: row.priority > 0,
      history: {
        earlierReports: row.ownerId ? row.earlierReports : 0,
        otherOpen: row.ownerId ? row.otherOpen : 0,
        actions: (row.ownerId ? row.actions : []).map((action) => ({
          ...action,
          at: new Date(action.at).toISOString(),
        })),
      },
      ownerSuspended: row.ownerSuspended,
    })),
    nextCursor:
      page.more && last ? encodePageCursor(`${last.priority}|${last.count}|${last.cursorAt}`, String(last.id)) : null,
  };
}

function decodeCaseCursor(
  text: string | undefined,
): { priority: number; count: number; at: string; id: number } | null {
  const [key, id] = (text && decodePageCursor(text)) || [];
  if (typeof key !== 'string' || typeof id !== 'string' || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const [priority, count, at] = key.split('|');
  if (!priority || !/^[01]$/.test(priority) || !count || !/^[0-9]{1,9}$/.test(count)) return null;
  // PostgreSQL's text of the time ('2026-11-01 10:02:00.5+00'), which Date.parse does not read
  if (!at || !isTimestamp(at)) return null;
  return { priority: Number(priority), count: Number(count), at, id: Number(id) };
}

/** The case locked and still open, or the refusal. */
export async function openCaseFor(tx: Tx, id: string) {
  const found = await q.lockCase(tx, Number(id));
  if (!found) throw notFound(reportsTexts.closed);
  if (found.status !== 'open') throw conflict(reportsTexts.closed);
  return found;
}

export async function tellReporters(tx: Tx, caseId: number, what: string): Promise<void> {
  for (const userId of await q.reportersOf(tx, caseId))
    await createNotification(tx, {
      userId,
      kind: 'report_handled',
      title: reportsTexts.notification.handled,
      body: reportsTexts.notification.handledBody(what),
      link: '/notifications',
    });
}

export const whatWasReported = (kind: ReportKind) =>
  kind === 'offer' ? 'an offer' : kind === 'creator' ? 'a creator' : 'a message';

export async function dismissCase(ctx: Ctx & { id: string; note?: string | undefined }): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const found = await openCaseFor(tx, ctx.id);
    await q.closeCase(tx, found.id, {
      status: 'dismissed',
      by: actor.id,
      note: ctx.note || null,
      at: deps.clock.now(),
    });
    await tellReporters(tx, found.id, whatWasReported(found.kind));
    return { message: reportsTexts.dismissed };
  });
}
