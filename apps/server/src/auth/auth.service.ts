/** Sign-up, login with the attempt limiter, password reset: the rules of SPEC sections 5 and 8. */
import { and, eq } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, texts, type LoginInput } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { users, verifications } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../http/errors.ts';
import { countRecentFailures, recordLoginAttempt } from './login-attempts.queries.ts';
import { findUserIdByEmail } from './roles.queries.ts';
import { countRecentResetTokens, deleteSession } from './sessions.queries.ts';
import type { SessionViewer } from './viewer.ts';

/** Where the verification link lands once it has signed the person in. */
export const VERIFIED_CALLBACK = '/?verified=1';
/** Where an invalid, expired or mangled verification link lands: the web app's guard shows the error. */
export const verifyFailedCallback = (code = 'INVALID_TOKEN') => `${VERIFIED_CALLBACK}&error=${/^[A-Z_]{1,40}$/.test(code) ? code : 'INVALID_TOKEN'}`;

export async function signUp(deps: AppDeps, input: { displayName: string; email: string; password: string }, headers: Headers): Promise<void> {
  if (await findUserIdByEmail(deps.database.db, input.email)) throw conflict(texts.auth.emailTaken);
  try {
    await deps.auth.api.signUpEmail({
      body: { name: input.displayName, email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
      headers,
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index lets one win.
    if (await findUserIdByEmail(deps.database.db, input.email)) throw conflict(texts.auth.emailTaken);
    deps.log.error({ err: error }, 'sign-up failed');
    throw new AppError(500, 'sign_up_failed', texts.auth.unexpected);
  }
}

export type LoginResult = { response: Response };

/**
 * Every attempt is recorded with the client's real address. Five failures per email and address in
 * fifteen minutes close the door for the rest of the window; if the limiter itself fails, the login
 * proceeds (SPEC section 8).
 */
export async function logIn(deps: AppDeps, input: Required<LoginInput>, ipAddress: string, headers: Headers): Promise<Response> {
  const { db } = deps.database;
  const now = deps.clock.now();
  let limited = false;
  try {
    const failures = await countRecentFailures(db, input.email, ipAddress, new Date(now.getTime() - LOGIN_WINDOW_MS));
    limited = failures >= LOGIN_MAX_FAILURES;
  } catch (error) {
    deps.log.warn({ err: error }, 'login limiter failed; letting the attempt through');
  }
  if (limited) {
    await recordAttemptSafely(deps, { email: input.email, ipAddress, success: false, at: now });
    throw new AppError(429, 'too_many_attempts', texts.auth.tooManyAttempts);
  }
  const response = await deps.auth.api.signInEmail({
    body: { email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
    headers,
    asResponse: true,
  });
  await recordAttemptSafely(deps, { email: input.email, ipAddress, success: response.ok, at: now });
  if (response.ok) return response;
  if (response.status === 403) throw new AppError(403, 'email_not_verified', texts.auth.emailNotVerified);
  if (response.status === 401 || response.status === 400) throw new AppError(401, 'invalid_credentials', texts.auth.invalidCredentials);
  throw new AppError(response.status >= 500 ? 500 : response.status, 'login_failed', texts.auth.unexpected);
}

async function recordAttemptSafely(deps: AppDeps, attempt: Parameters<typeof recordLoginAttempt>[1]): Promise<void> {
  try {
    await recordLoginAttempt(deps.database.db, attempt);
  } catch (error) {
    deps.log.error({ err: error }, 'could not record a login attempt');
  }
}

/** Reset mails one account may receive in RESET_MAIL_WINDOW_MS; more requests are answered but not mailed. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MS = 15 * 60_000;

/**
 * Always answers the same way, so the form never tells whether an email has an account. A few mails
 * per account per quarter hour at most, so the form cannot be used to flood someone's inbox.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, headers: Headers): Promise<void> {
  const userId = await findUserIdByEmail(deps.database.db, email);
  if (userId) {
    // Better Auth stamps its rows with the system time, so the window is measured on the same clock.
    const since = new Date(Date.now() - RESET_MAIL_WINDOW_MS);
    if ((await countRecentResetTokens(deps.database.db, userId, since)) >= RESET_MAILS_PER_WINDOW) {
      deps.log.warn({ userId }, 'password reset mail not sent: too many requests for this account');
      return;
    }
  }
  await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/password-reset' }, headers });
}

/** Sets the new password, ends every other session, and signs the person in (SPEC: "On success goes to /"). */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }, headers: Headers): Promise<Response> {
  const { db } = deps.database;
  const [row] = await db.select({ userId: verifications.value, expiresAt: verifications.expiresAt }).from(verifications)
    .where(eq(verifications.identifier, `reset-password:${input.token}`)).limit(1);
  const invalid = new AppError(400, 'invalid_reset_link', texts.auth.invalidResetLinkBody);
  // Better Auth checks expiry against the system time, so this check does too.
  if (!row || row.expiresAt.getTime() < Date.now()) throw invalid;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw invalid;
  try {
    await deps.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token }, headers });
  } catch {
    throw invalid;
  }
  // Following a mailed link proves the address, so it counts as verified.
  await db.update(users).set({ emailVerified: true }).where(and(eq(users.id, row.userId), eq(users.emailVerified, false)));
  const response = await deps.auth.api.signInEmail({ body: { email: user.email, password: input.password }, headers, asResponse: true });
  if (!response.ok) throw badRequest(texts.auth.resetFailed);
  return response;
}

/**
 * Ends the session on the server first, then clears the cookie: if the session row cannot be
 * deleted, the person is told ("Failed to sign out") rather than left signed in on the server.
 */
export async function signOut(deps: AppDeps, viewer: SessionViewer | null, headers: Headers): Promise<Headers> {
  if (viewer) {
    try {
      await deleteSession(deps.database.db, viewer.sessionId);
    } catch (error) {
      deps.log.error({ err: error }, 'could not end a session');
      throw new AppError(500, 'sign_out_failed', texts.auth.signOutFailed);
    }
  }
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return out;
}

/**
 * Follows the mailed verification link: verifies the address and signs the person in. The link's own
 * callbackURL is ignored (it is ours to choose), and every failure lands on one page with an error.
 */
export async function verifyEmail(deps: AppDeps, token: string | null, headers: Headers): Promise<{ location: string; headers: Headers | null }> {
  let code: string | undefined;
  if (token) {
    try {
      const response = await deps.auth.api.verifyEmail({ query: { token, callbackURL: VERIFIED_CALLBACK }, headers, asResponse: true });
      const location = response.headers.get('location');
      code = location ? (new URL(location, deps.config.publicUrl).searchParams.get('error') ?? undefined) : undefined;
      if (location && response.status >= 300 && response.status < 400 && !code) return { location: VERIFIED_CALLBACK, headers: response.headers };
    } catch (error) {
      deps.log.warn({ err: error }, 'verification link refused');
    }
  }
  return { location: verifyFailedCallback(code), headers: null };
}
