/**
 * A signed-in person proving it is them before a change that matters (a new password or email,
 * deleting the account): their current password, checked by Better Auth's hasher and counted by the
 * login limiter as a login would be, so a stolen session cannot be used to guess the password.
 */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, accountTexts, texts, AppError } from '@gigreel/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { accounts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ACCOUNT_MAX_FAILURES } from './auth.service.ts';
import { markAttemptSucceeded, reserveLoginAttempt } from './login-attempts.queries.ts';

/** The hash of the account's email-and-password login, or null for an account without one (made by an admin). */
async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.hash ?? null;
}

/**
 * Resolves when `password` is the account's; otherwise refuses with the form's `field` named
 * ("That password is not right.") or, past the login limits, with the limiter's text.
 */
export async function checkOwnPassword(
  deps: AppDeps,
  person: { userId: string; email: string; password: string; ipAddress: string; field: string },
): Promise<void> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const reservation = await reserveLoginAttempt(
    db,
    { email: person.email.toLowerCase(), ipAddress: person.ipAddress, at: now },
    {
      since: new Date(now.getTime() - LOGIN_WINDOW_MS),
      maxFromAddress: LOGIN_MAX_FAILURES,
      maxForAccount: ACCOUNT_MAX_FAILURES,
    },
  );
  if (reservation.limited) throw new AppError('too_many_attempts', texts.auth.tooManyAttempts);
  const hash = await passwordHashOf(db, person.userId);
  const context = await deps.auth.$context;
  const right = hash !== null && (await context.password.verify({ hash, password: person.password }));
  if (!right) throw new AppError('wrong_password', accountTexts.wrongPassword, person.field);
  await markAttemptSucceeded(db, reservation.attemptId);
}

/** The hash to store for a new password, made as Better Auth makes it. */
export async function hashNewPassword(deps: AppDeps, password: string): Promise<string> {
  return (await deps.auth.$context).password.hash(password);
}
