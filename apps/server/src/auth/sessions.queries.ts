import { and, count, eq, gte, like } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { sessions, verifications } from '../db/schema.ts';

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
