import { and, count, eq, gte, sql } from 'drizzle-orm';
import { isConstant } from '../db/constant.ts';
import type { Db, Tx } from '../db/connection.ts';
import { loginAttempts } from '../db/schema.ts';

/** Namespace of the advisory locks taken per email (the migration lock uses the one-key form). */
const LOGIN_LOCK = 7_370_302;

export type LoginLimits = { since: Date; maxFromAddress: number; maxForAccount: number };

export type Reservation =
  | { limited: true }
  | {
      limited: false;
      attemptId: string;
      /** the account's failures in the window, this attempt included */ accountFailures: number;
    };

/**
 * The check and the record as one step: under a transaction lock on the email, count the failures in
 * the window (from this address, and for the account from anywhere) and either record a refused
 * attempt or record this one as a failure before its password is checked. Concurrent attempts for
 * one email take the lock in turn, so a burst gets exactly as many checks as the limit allows, on
 * PGlite's one connection and on a PostgreSQL pool alike. A login that then succeeds turns its row
 * into a success (markAttemptSucceeded).
 */
export async function reserveLoginAttempt(
  db: Db,
  attempt: { email: string; ipAddress: string; at: Date },
  limits: LoginLimits,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LOGIN_LOCK))}, hashtext(${attempt.email}))`);
    const [row] = await tx
      .select({
        fromAddress: sql<number>`count(*) filter (where ${loginAttempts.ipAddress} = ${attempt.ipAddress})`.mapWith(
          Number,
        ),
        forAccount: count(),
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, attempt.email),
          isConstant(loginAttempts.success, false),
          isConstant(loginAttempts.countsTowardLimit, true),
          gte(loginAttempts.attemptedAt, limits.since),
        ),
      );
    const fromAddress = row?.fromAddress ?? 0;
    const forAccount = row?.forAccount ?? 0;
    const limited = fromAddress >= limits.maxFromAddress || forAccount >= limits.maxForAccount;
    const [inserted] = await tx
      .insert(loginAttempts)
      .values({
        email: attempt.email,
        ipAddress: attempt.ipAddress,
        success: false,
        attemptedAt: attempt.at,
        countsTowardLimit: !limited,
      })
      .returning({ id: loginAttempts.id });
    if (limited || !inserted) return { limited: true };
    return { limited: false, attemptId: inserted.id, accountFailures: forAccount + 1 };
  });
}

export async function markAttemptSucceeded(db: Db, attemptId: string): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

/** Used only when the limiter itself failed: the attempt is still logged if the table can take it. */
export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ipAddress: string; success: boolean; at: Date },
): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ email: attempt.email, ipAddress: attempt.ipAddress, success: attempt.success, attemptedAt: attempt.at });
}

/** An unlock link or a password reset proves the mailbox: the account's failures stop counting. */
export async function clearAccountFailures(db: Db | Tx, email: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ countsTowardLimit: false })
    .where(
      and(
        eq(loginAttempts.email, email),
        isConstant(loginAttempts.success, false),
        isConstant(loginAttempts.countsTowardLimit, true),
      ),
    );
}
