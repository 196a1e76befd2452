import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { signUps } from '../db/schema.ts';

/** Namespace of the advisory locks taken per address while a sign-up takes its place in the quota. */
const SIGN_UP_LOCK = 7_370_303;

/**
 * Takes one place in the address's sign-up quota, or returns null when the quota for the window is
 * used up. Count and insert run under one transaction lock on the address, so a burst cannot
 * overshoot. The place is given back (releaseSignUpSlot) when no account comes of it.
 */
export async function takeSignUpSlot(
  db: Db,
  ipAddress: string,
  at: Date,
  since: Date,
  max: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SIGN_UP_LOCK))}, hashtext(${ipAddress}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(signUps)
      .where(and(eq(signUps.ipAddress, ipAddress), gte(signUps.createdAt, since)));
    if ((row?.n ?? 0) >= max) return null;
    const [slot] = await tx.insert(signUps).values({ ipAddress, createdAt: at }).returning({ id: signUps.id });
    return slot?.id ?? null;
  });
}

export async function releaseSignUpSlot(db: Db, slotId: string): Promise<void> {
  await db.delete(signUps).where(eq(signUps.id, slotId));
}
