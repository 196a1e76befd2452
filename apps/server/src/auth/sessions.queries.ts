import { and, count, eq, gt, gte, like, lt, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { sessions, userRoles, users, verifications } from '../db/schema.ts';

/**
 * When the account with this address is suspended at `now`, ends its sessions (the one just made by
 * signing in too) and answers until when (null: for good); else null.
 */
export async function endSessionsIfSuspended(
  db: Db,
  email: string,
  now: Date,
): Promise<{ until: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, until: suspensionEnd })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), gt(users.suspendedUntil, now)))
    .limit(1);
  if (!row) return null;
  await db.delete(sessions).where(eq(sessions.userId, row.id));
  return { until: row.until && dayOf(row.until) };
}

/** A suspension's end as an ISO time, null for good ('infinity'). */
const suspensionEnd = sql<
  string | null
>`case when ${users.suspendedUntil} = 'infinity' then null else to_char(${users.suspendedUntil} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end`;

/** '2026-12-01T10:00:00Z' -> '1 December 2026'. */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function deleteSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** A session written by our own code rather than Better Auth: an admin's impersonation of a creator. */
export async function insertImpersonationSession(
  tx: Tx,
  values: {
    id: string;
    token: string;
    userId: string;
    impersonatedBy: string;
    expiresAt: Date;
    ipAddress: string;
    userAgent: string;
    now: Date;
  },
): Promise<void> {
  await tx.insert(sessions).values({ ...values, createdAt: values.now, updatedAt: values.now });
}

/** The session a token names, without its person (the waiting admin session of an impersonation). */
export async function findSessionByToken(
  db: Db | Tx,
  token: string,
): Promise<{ id: string; userId: string; expiresAt: Date; impersonatedBy: string | null } | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      impersonatedBy: sessions.impersonatedBy,
    })
    .from(sessions)
    .where(eq(sessions.token, token))
    .limit(1);
  return row ?? null;
}

/** Reset tokens Better Auth made for an account since a time (it keeps them as verification rows). */
export async function countRecentResetTokens(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, 'reset-password:%'),
        gte(verifications.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The account a reset link's token was made for, and when the link expires (null for an unknown token). */
export async function findResetToken(db: Db, token: string): Promise<{ userId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row ?? null;
}

/** After a reset: every other session of the account ends, whoever holds it. */
export async function deleteOtherSessions(db: Db, userId: string, keepToken: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.token, keepToken)));
}

/** After a reset: every reset link still outstanding for the account stops working. */
export async function deleteResetTokens(db: Db | Tx, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')));
}

const UNLOCK_PREFIX = 'login-unlock:';

/** Stores an unlock link's token (its hash: the mailbox holds the token itself) for an account's email. */
export async function saveUnlockToken(
  db: Db | Tx,
  input: { tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${UNLOCK_PREFIX}${input.tokenHash}`,
    value: input.email,
    expiresAt: input.expiresAt,
  });
}

/** Uses an unlock token once: the row is deleted as it is read, so a second use finds nothing. */
export async function takeUnlockToken(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${UNLOCK_PREFIX}${tokenHash}`))
    .returning({ email: verifications.value, expiresAt: verifications.expiresAt });
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${UNLOCK_PREFIX}%`), lt(verifications.expiresAt, now)));
  return row && row.expiresAt.getTime() > now.getTime() ? row.email : null;
}

/** The account a verification link is for, and whether it was already verified. */
export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export type SessionWithPerson = {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  impersonatedBy: string | null;
  email: string;
  displayName: string;
  profileImage: string | null;
  isAdmin: boolean;
};

/** A session with its person and whether they are an admin, in one statement (the token is unique). */
export async function findSessionWithPerson(db: Db, token: string): Promise<SessionWithPerson | null> {
  let statement = prepared.get(db);
  if (!statement)
    prepared.set(db, (statement = sessionWithPersonQuery(db, sql.placeholder('token')).prepare('session_with_person')));
  const [row] = await statement.execute({ token });
  return row ?? null;
}

/** Every signed-in request runs it, so it is built and prepared once per database. */
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof sessionWithPersonQuery>['prepare']>>();

/** The statement itself, so the benchmark can run exactly what the server sends. */
export function sessionWithPersonQuery(db: Db, token: string | Placeholder) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      expiresAt: sessions.expiresAt,
      impersonatedBy: sessions.impersonatedBy,
      email: users.email,
      displayName: users.name,
      profileImage: users.image,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
}
