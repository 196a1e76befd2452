import { and, count, eq, gte, like, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { sessions, userRoles, users, verifications } from '../db/schema.ts';

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Reset tokens Better Auth made for an account since a time (it keeps them as verification rows). */
export async function countRecentResetTokens(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%'), gte(verifications.createdAt, since)));
  return row?.n ?? 0;
}

export type SessionWithPerson = {
  sessionId: string; userId: string; expiresAt: Date; impersonatedBy: string | null;
  email: string; displayName: string; profileImage: string | null; isAdmin: boolean;
};

/** A session with its person and whether they are an admin, in one statement (the token is unique). */
export async function findSessionWithPerson(db: Db, token: string): Promise<SessionWithPerson | null> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = sessionWithPersonQuery(db, sql.placeholder('token')).prepare('session_with_person')));
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
