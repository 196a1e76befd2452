/** The only place moderation touches the database: suspending, the actions taken and their appeals. */
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppealStatus, ModerationActionKind } from '@gigreel/core';
import { isConstant } from '../db/constant.ts';
import type { Db, Tx } from '../db/connection.ts';
import { moderationActions, offers, sessions, userRoles, users } from '../db/schema.ts';

type Conn = Db | Tx;

/** The person acted against, locked until the transaction ends. */
export async function lockPerson(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      suspended: sql<boolean>`${users.suspendedUntil} is not null`,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** Suspends until `until` (null: for good, 'infinity') and ends every session of the person. */
export async function suspend(tx: Tx, userId: string, until: Date | null): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedUntil: until ?? sql`'infinity'::timestamptz` })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function liftSuspension(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, userId));
}

/** Takes the person's offer out of the feed (unapproved); answers whether it was in before. */
export async function takeOfferOut(
  tx: Tx,
  userId: string,
): Promise<{ id: string; title: string; wasApproved: boolean } | null> {
  const [before] = await tx
    .select({ id: offers.id, title: offers.title, wasApproved: offers.isApproved })
    .from(offers)
    .where(eq(offers.userId, userId))
    .for('update');
  if (!before) return null;
  if (before.wasApproved) await tx.update(offers).set({ isApproved: false }).where(eq(offers.id, before.id));
  return before;
}

/** Puts an offer an action took out back into the feed. */
export async function putOfferBack(tx: Tx, offerId: string): Promise<void> {
  await tx.update(offers).set({ isApproved: true }).where(eq(offers.id, offerId));
}

export async function insertAction(
  tx: Tx,
  action: {
    kind: ModerationActionKind;
    userId: string;
    offerId: string | null;
    caseId: number | null;
    rule: string;
    note: string;
    until: Date | null;
    offerWasApproved: boolean;
    byId: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(moderationActions)
    .values({
      kind: action.kind,
      userId: action.userId,
      offerId: action.offerId,
      caseId: action.caseId,
      rule: action.rule,
      note: action.note,
      // a suspension's end: 'infinity' for good; a hidden offer has none
      until: action.kind === 'suspend' ? (action.until ?? sql`'infinity'::timestamptz`) : null,
      offerWasApproved: action.offerWasApproved,
      byId: action.byId,
      createdAt: action.at,
    })
    .returning({ id: moderationActions.id });
  return row!.id;
}

const actionColumns = {
  id: moderationActions.id,
  kind: sql<ModerationActionKind>`${moderationActions.kind}`,
  userId: moderationActions.userId,
  offerId: moderationActions.offerId,
  rule: moderationActions.rule,
  note: moderationActions.note,
  until: sql<
    string | null
  >`case when ${moderationActions.until} = 'infinity' then null else to_char(${moderationActions.until} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end`,
  offerWasApproved: moderationActions.offerWasApproved,
  createdAt: moderationActions.createdAt,
  appealStatus: sql<AppealStatus>`${moderationActions.appealStatus}`,
  appealText: moderationActions.appealText,
  appealReply: moderationActions.appealReply,
  appealedAt: moderationActions.appealedAt,
  offerTitle: offers.title,
  personName: users.name,
  personEmail: users.email,
};
export type ActionRow = {
  id: number;
  kind: ModerationActionKind;
  userId: string;
  offerId: string | null;
  rule: string;
  note: string;
  until: string | null;
  offerWasApproved: boolean;
  createdAt: Date;
  appealStatus: AppealStatus;
  appealText: string | null;
  appealReply: string | null;
  appealedAt: Date | null;
  offerTitle: string | null;
  personName: string;
  personEmail: string;
};

/** One action with what the person and the admins read of it; `lock` holds its row for a decision. */
export async function findAction(db: Conn, id: number, lock = false): Promise<ActionRow | null> {
  const query = db
    .select(actionColumns)
    .from(moderationActions)
    .innerJoin(users, eq(users.id, moderationActions.userId))
    .leftJoin(offers, eq(offers.id, moderationActions.offerId))
    .where(eq(moderationActions.id, id));
  const [row] = lock ? await query.for('update', { of: moderationActions }) : await query;
  return row ?? null;
}

/** The person's one appeal: written only while none was made. Answers whether it was. */
export async function saveAppeal(tx: Tx, id: number, text: string, at: Date): Promise<boolean> {
  const saved = await tx
    .update(moderationActions)
    .set({ appealStatus: 'pending', appealText: text, appealedAt: at })
    .where(and(eq(moderationActions.id, id), eq(moderationActions.appealStatus, 'none')))
    .returning({ id: moderationActions.id });
  return saved.length === 1;
}

export async function decideAppeal(
  tx: Tx,
  id: number,
  decision: { status: 'upheld' | 'reversed'; reply: string; by: string; at: Date },
): Promise<boolean> {
  const decided = await tx
    .update(moderationActions)
    .set({
      appealStatus: decision.status,
      appealReply: decision.reply,
      appealDecidedBy: decision.by,
      appealDecidedAt: decision.at,
    })
    .where(and(eq(moderationActions.id, id), eq(moderationActions.appealStatus, 'pending')))
    .returning({ id: moderationActions.id });
  return decided.length === 1;
}

const APPEALS_PAGE = 30;

/** One page of the appeals waiting, oldest first, after the cursor's (appealed_at, id). */
export async function listPendingAppeals(
  db: Db,
  cursor: { at: string; id: number } | null,
): Promise<{ rows: Array<ActionRow & { cursorAt: string }>; more: boolean }> {
  const rows = await db
    .select({ ...actionColumns, cursorAt: sql<string>`${moderationActions.appealedAt}::text` })
    .from(moderationActions)
    .innerJoin(users, eq(users.id, moderationActions.userId))
    .leftJoin(offers, eq(offers.id, moderationActions.offerId))
    .where(
      and(
        isConstant(moderationActions.appealStatus, 'pending'),
        cursor
          ? sql`(${moderationActions.appealedAt}, ${moderationActions.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(asc(moderationActions.appealedAt), asc(moderationActions.id))
    .limit(APPEALS_PAGE + 1);
  return { rows: rows.slice(0, APPEALS_PAGE), more: rows.length > APPEALS_PAGE };
}

/** The person's latest suspension, which lifting it undoes (its offer back in the feed). */
export async function latestSuspension(
  tx: Tx,
  userId: string,
): Promise<{ offerId: string | null; put: boolean } | null> {
  const [row] = await tx
    .select({ offerId: moderationActions.offerId, put: moderationActions.offerWasApproved })
    .from(moderationActions)
    .where(and(eq(moderationActions.userId, userId), eq(moderationActions.kind, 'suspend')))
    .orderBy(sql`${moderationActions.createdAt} desc nulls first`, sql`${moderationActions.id} desc nulls first`)
    .limit(1);
  return row ?? null;
}

/** The people whose suspension has come to an end (a page of them), locked, skipping any another process holds. */
export async function lockDueSuspensions(tx: Tx, now: Date, max = 100): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now)))
    .limit(max)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}
