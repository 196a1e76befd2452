/**
 * What admins do to a person (issue 17): suspend them (for some days or for good), or hide their offer
 * (reports.service.ts), each kept as an action the person can appeal once. A suspended person cannot
 * sign in, so every notice of an action carries a signed link to its appeal page that works signed
 * out, like a password reset link. A suspension ends by itself when its time comes (the job below).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  badRequest,
  conflict,
  MODERATION_ACTIONS,
  notFound,
  REPORT_REASONS,
  reportsTexts,
  type AppealList,
  type AppealOutcome,
  type AppealView,
  type ReportReason,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import { adminIds } from '../auth/index.ts';
import type { Tx } from '../db/connection.ts';
import { decodePageCursor, encodePageCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import { createNotification, mailOfTopic } from '../notifications/index.ts';
import { holdOrdersOfSuspended } from '../orders/index.ts';
import { mailHtml } from '../platform/mailer.ts';
import * as q from './moderation.queries.ts';
import { closeCase, hideOffer, lockOpenCasesOf } from './reports.queries.ts';
import { openCaseFor, tellReporters, whatWasReported } from './reports.service.ts';

type Ctx = { deps: AppDeps; actor: Actor };
const DAY_MS = 24 * 3600 * 1000;

// ---- the appeal link ----

const signature = (secret: string, id: number) =>
  createHmac('sha256', secret).update(`appeal:${id}`).digest('base64url').slice(0, 32);

/** The path of an action's appeal page: its id and a signature only the server can make. */
export function appealPath(deps: AppDeps, actionId: number): string {
  return `/appeal/${actionId}.${signature(deps.config.authSecret, actionId)}`;
}

/** The action an appeal link names, or null for a link the server did not make. */
function actionOfToken(deps: AppDeps, token: string): number | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(deps.config.authSecret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** Tells the person acted against, in the app and by mail, with the link to appeal. */
async function tellPerson(
  deps: AppDeps,
  tx: Tx,
  person: { id: string; name: string; email: string | null },
  actionId: number,
  notice: { kind: 'account_suspended' | 'offer_hidden' | 'appeal_decided'; title: string; body: string },
  mail: { subject: string; body: string },
  aboutSuspension = notice.kind === 'account_suspended',
): Promise<void> {
  const link = appealPath(deps, actionId);
  await createNotification(tx, { userId: person.id, ...notice, link });
  if (!person.email) return;
  const url = `${deps.config.publicUrl}${link}`;
  const message = {
    to: person.email,
    subject: mail.subject,
    text: `Hi ${person.name},\n\n${mail.body}\n\n${url}`,
    html: mailHtml([`Hi ${person.name},`, mail.body], { label: reportsTexts.mail.appealLabel, url }),
    link: url,
  };
  // A suspended person cannot sign in to read the app, and the sign-in refusal sends them to this
  // mail: about a suspension it always goes. Other moderation mail can be turned off (and unsubscribed).
  if (aboutSuspension) await deps.outbox.mail(tx, message);
  else await mailOfTopic(deps, tx, { userId: person.id, topic: 'moderation', mail: message });
}

// ---- hiding an offer, suspending ----

/** Hides a reported offer from the feed: its creator is told the rule and why, with the link to appeal. */
export async function hideReportedOffer(
  ctx: Ctx & { id: string; rule: ReportReason; note: string },
): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const found = await openCaseFor(tx, ctx.id);
    if (found.kind !== 'offer') throw badRequest(reportsTexts.onlyOffers);
    const offer = await hideOffer(tx, found.targetId);
    if (!offer) throw new AppError('not_found', reportsTexts.notFound);
    const now = deps.clock.now();
    const rule = REPORT_REASONS[ctx.rule];
    await closeCase(tx, found.id, { status: 'hidden', by: actor.id, note: ctx.note, at: now });
    const actionId = await q.insertAction(tx, {
      kind: 'hide_offer',
      userId: offer.userId,
      offerId: found.targetId,
      caseId: found.id,
      rule: ctx.rule,
      note: ctx.note,
      until: null,
      offerWasApproved: offer.wasApproved,
      byId: actor.id,
      at: now,
    });
    await tellPerson(
      deps,
      tx,
      { id: offer.userId, name: offer.name, email: offer.email },
      actionId,
      {
        kind: 'offer_hidden',
        title: reportsTexts.notification.hidden(offer.title),
        body: reportsTexts.notification.hiddenBody(rule, ctx.note),
      },
      {
        subject: reportsTexts.mail.hiddenSubject(offer.title),
        body: reportsTexts.mail.hiddenBody(offer.title, rule, ctx.note),
      },
    );
    await tellReporters(tx, found.id, whatWasReported('offer'));
    return { message: reportsTexts.hidden };
  });
}

/**
 * Suspends the reported content's owner: their sessions end, their offer leaves the feed, each of their
 * orders under way is held for the admins (Disputes), and they are told why with the link to appeal.
 */
export async function suspendOwner(
  ctx: Ctx & { id: string; rule: ReportReason; note: string; days: number | null },
): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const found = await openCaseFor(tx, ctx.id);
    const person = found.ownerId ? await q.lockPerson(tx, found.ownerId) : null;
    if (!person) throw badRequest(reportsTexts.noOwner);
    if (person.isAdmin) throw badRequest(reportsTexts.cannotSuspendAdmin);
    if (person.suspended) throw conflict(reportsTexts.alreadySuspended);
    const now = deps.clock.now();
    const until = ctx.days === null ? null : new Date(now.getTime() + ctx.days * DAY_MS);
    await q.suspend(tx, person.id, until);
    const offer = await q.takeOfferOut(tx, person.id);
    const actionId = await q.insertAction(tx, {
      kind: 'suspend',
      userId: person.id,
      offerId: offer?.id ?? null,
      caseId: found.id,
      rule: ctx.rule,
      note: ctx.note,
      until,
      offerWasApproved: offer?.wasApproved ?? false,
      byId: actor.id,
      at: now,
    });
    await closeCase(tx, found.id, { status: 'suspended', by: actor.id, note: ctx.note, at: now });
    await holdOrdersOfSuspended(deps, tx, person.id, now);
    const rule = REPORT_REASONS[ctx.rule];
    const untilDay = until && dayOf(until);
    await tellPerson(
      deps,
      tx,
      person,
      actionId,
      {
        kind: 'account_suspended',
        title: reportsTexts.notification.suspended,
        body: reportsTexts.notification.suspendedBody(rule, ctx.note),
      },
      { subject: reportsTexts.mail.suspendedSubject, body: reportsTexts.mail.suspendedBody(untilDay, rule, ctx.note) },
    );
    await tellReporters(tx, found.id, whatWasReported(found.kind));
    return { message: reportsTexts.suspended };
  });
}

const dayOf = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Lifts the suspensions whose time has come, a page at a time (run every minute on the job queue, once
 * across processes): the person can sign in again, and the offer the suspension took out is back.
 */
export async function endDueSuspensions(deps: AppDeps): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const due = await q.lockDueSuspensions(tx, deps.clock.now());
    for (const userId of due) await lift(tx, userId);
    return due.length;
  });
}

async function lift(tx: Tx, userId: string): Promise<void> {
  await q.liftSuspension(tx, userId);
  const suspension = await q.latestSuspension(tx, userId);
  if (suspension?.put && suspension.offerId) await q.putOfferBack(tx, suspension.offerId);
}

export const END_SUSPENSIONS_JOB = 'moderation.end-suspensions';

// ---- dismissing similar reports ----

/** Dismisses the case and every other open case about the same person; every reporter is told. */
export async function dismissSimilar(
  ctx: Ctx & { id: string; note?: string | undefined },
): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const found = await openCaseFor(tx, ctx.id);
    const cases = found.ownerId ? await lockOpenCasesOf(tx, found.ownerId) : [found];
    const now = deps.clock.now();
    for (const one of cases) {
      await closeCase(tx, one.id, { status: 'dismissed', by: actor.id, note: ctx.note || null, at: now });
      await tellReporters(tx, one.id, whatWasReported(one.kind));
    }
    return { message: reportsTexts.dismissedSimilar(cases.length) };
  });
}

// ---- appeals ----

async function actionFor(deps: AppDeps, token: string, tx?: Tx): Promise<q.ActionRow> {
  const id = actionOfToken(deps, token);
  const action = id === null ? null : await q.findAction(tx ?? deps.database.db, id, !!tx);
  if (!action) throw notFound(reportsTexts.appealNotFound);
  return action;
}

/** What the person reads on the appeal page. */
export async function getAppeal({ deps, token }: { deps: AppDeps; token: string }): Promise<AppealView> {
  const action = await actionFor(deps, token);
  return {
    kind: action.kind,
    rule: action.rule,
    note: action.note,
    at: action.createdAt.toISOString(),
    until: action.until,
    offerTitle: action.offerTitle,
    appeal: { status: action.appealStatus, text: action.appealText, reply: action.appealReply },
  };
}

/** The person's one appeal of the action; every admin is told in the app. */
export async function sendAppeal({
  deps,
  token,
  text,
}: {
  deps: AppDeps;
  token: string;
  text: string;
}): Promise<{ message: string }> {
  return deps.database.db.transaction(async (tx) => {
    const action = await actionFor(deps, token, tx);
    if (!(await q.saveAppeal(tx, action.id, text, deps.clock.now()))) throw conflict(reportsTexts.appealUsed);
    for (const admin of await adminIds(tx))
      await createNotification(tx, {
        userId: admin,
        kind: 'appeal_received',
        title: reportsTexts.notification.appealReceived(action.personName),
        body: text.length > 140 ? `${text.slice(0, 140)}…` : text,
        link: '/admin',
      });
    return { message: reportsTexts.appealSent };
  });
}

/** A page of the appeals waiting, oldest first; a damaged cursor starts from the top. */
export async function listAppeals({
  deps,
  cursor,
}: {
  deps: AppDeps;
  cursor?: string | undefined;
}): Promise<AppealList> {
  const [at, id] = (cursor && decodePageCursor(cursor)) || [];
  const position =
    typeof at === 'string' && typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id) && !Number.isNaN(Date.parse(at))
      ? { at, id: Number(id) }
      : null;
  const page = await q.listPendingAppeals(deps.database.db, position);
  const last = page.rows.at(-1);
  return {
    appeals: page.rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      person: { id: row.userId, displayName: row.personName },
      rule: row.rule,
      note: row.note,
      at: row.createdAt.toISOString(),
      until: row.until,
      offerTitle: row.offerTitle,
      appealText: row.appealText ?? '',
      appealedAt: (row.appealedAt ?? row.createdAt).toISOString(),
    })),
    nextCursor: page.more && last ? encodePageCursor(last.cursorAt, String(last.id)) : null,
  };
}

/**
 * An admin decides an appeal: keeps the decision, or undoes it (a hidden offer back in the feed, a
 * suspension lifted with the offer it took out). The person is told with the admin's answer.
 */
export async function decideAppeal(
  ctx: Ctx & { id: string; outcome: AppealOutcome; note: string },
): Promise<{ message: string }> {
  const { deps, actor } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const action = await q.findAction(tx, Number(ctx.id), true);
    if (!action) throw notFound(reportsTexts.appealDecided);
    const reversed = ctx.outcome === 'reverse';
    const decided = await q.decideAppeal(tx, action.id, {
      status: reversed ? 'reversed' : 'upheld',
      reply: ctx.note,
      by: actor.id,
      at: deps.clock.now(),
    });
    if (!decided) throw conflict(reportsTexts.appealDecided);
    if (reversed && action.kind === 'suspend') await lift(tx, action.userId);
    else if (reversed && action.offerWasApproved && action.offerId) await q.putOfferBack(tx, action.offerId);
    const what =
      action.kind === 'hide_offer' && action.offerTitle
        ? `${MODERATION_ACTIONS.hide_offer}: ${action.offerTitle}`
        : MODERATION_ACTIONS[action.kind];
    await tellPerson(
      deps,
      tx,
      { id: action.userId, name: action.personName, email: action.personEmail },
      action.id,
      {
        kind: 'appeal_decided',
        title: reversed ? reportsTexts.notification.appealReversed : reportsTexts.notification.appealUpheld,
        body: ctx.note,
      },
      {
        subject: reportsTexts.mail.appealSubject(!reversed),
        body: reportsTexts.mail.appealBody(!reversed, what, ctx.note),
      },
      action.kind === 'suspend',
    );
    return { message: reversed ? reportsTexts.reversed : reportsTexts.upheld };
  });
}
