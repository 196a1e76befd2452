import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { loginAttempts } from '../db/schema.ts';

export async function recordLoginAttempt(db: Db, attempt: { email: string; ipAddress: string; success: boolean; at: Date }): Promise<void> {
  await db.insert(loginAttempts).values({ email: attempt.email, ipAddress: attempt.ipAddress, success: attempt.success, attemptedAt: attempt.at });
}

export async function countRecentFailures(db: Db, email: string, ipAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ipAddress, ipAddress), eq(loginAttempts.success, false), gte(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}
