/**
 * The only account code that touches the database: the person's row, their password's row, their
 * sessions and a change of address waiting for its confirmation. Ending a session is a DELETE on
 * sessions, whose trigger tells every server process to forget it (decision 0013).
 */
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { accounts, emailChanges, sessions, users } from '../db/schema.ts';

type Conn = Db | Tx;

/** The new hash of the account's email-and-password login; false when it has none. */
export async function setPasswordHash(tx: Tx, userId: string, hash: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(accounts)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

/** The person's own sessions but `keepId` (an admin's impersonation session is the admin's to end). */
export async function endOtherSessions(db: Conn, userId: string, keepId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.impersonatedBy)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** One of the person's own sessions; whether there was one to end, and its browser. */
export async function endSession(
  db: Conn,
  userId: string,
  sessionId: string,
): Promise<{ userAgent: string | null } | null> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.impersonatedBy)))
    .returning({ userAgent: sessions.userAgent });
  return ended ?? null;
}

/** At most this many devices are listed (a person signed in on more has long forgotten most). */
const DEVICES_MAX = 50;

/**
 * The person's live sessions, the most recently active first: a session's expiry moves 30 minutes past
 * its last activity, so (user_id, expires_at) gives both the live ones alone and their order.
 */
export async function listLiveSessions(db: Conn, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), isNull(sessions.impersonatedBy)))
    .orderBy(desc(sessions.expiresAt))
    .limit(DEVICES_MAX);
}

/** Whether an address belongs to an account (lower(email), one probe of users_email_lower_idx). */
export async function emailTaken(db: Conn, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return (row?.n ?? 0) > 0;
}

/** The person's change of address, replacing any earlier one (its link stops working). */
export async function savePendingEmail(
  tx: Tx,
  change: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const values = { newEmail: change.newEmail, tokenHash: change.tokenHash, expiresAt: change.expiresAt };
  await tx
    .insert(emailChanges)
    .values({ userId: change.userId, ...values, createdAt: change.now })
    .onConflictDoUpdate({ target: emailChanges.userId, set: { ...values, createdAt: change.now } });
}

/** The change waiting for the person's confirmation, if its link still works. */
export async function findPendingEmail(db: Conn, userId: string, now: Date) {
  const [row] = await db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function deletePendingEmail(db: Conn, userId: string): Promise<boolean> {
  const removed = await db
    .delete(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .returning({ userId: emailChanges.userId });
  return removed.length > 0;
}

/** Uses a link once: the change it names is removed as it is read (expired or not). */
export async function takePendingEmail(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .delete(emailChanges)
    .where(eq(emailChanges.tokenHash, tokenHash))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt });
  return row ?? null;
}

/** The person's name and current address, locked while the address changes. */
export async function lockPerson(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** The new address, proven by its link: it counts as verified. */
export async function setEmail(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
  await tx.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}
