/** Sign-up, login with the attempt limiter, password reset: the rules of SPEC sections 5 and 8. */
import { createHash, randomBytes } from 'node:crypto';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  SIGNED_LINK_SECONDS,
  reportsTexts,
  texts,
  type LoginInput,
  AppError,
  badRequest,
  conflict,
} from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { mailHtml } from '../platform/mailer.ts';
import { findAccountEmail, findAccountName, markEmailVerified } from './accounts.queries.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import {
  clearAccountFailures,
  markAttemptSucceeded,
  recordLoginAttempt,
  reserveLoginAttempt,
  type Reservation,
} from './login-attempts.queries.ts';
import { findUserIdByEmail } from './roles.queries.ts';
import {
  countRecentResetTokens,
  deleteOtherSessions,
  deleteResetTokens,
  deleteSession,
  endSessionsIfSuspended,
  findResetToken,
  findUserByEmail,
  saveUnlockToken,
  takeUnlockToken,
} from './sessions.queries.ts';
import { releaseSignUpSlot, takeSignUpSlot } from './sign-ups.queries.ts';
import { setCookieLine, signToken } from './signed-cookie.ts';
import { forgetSignUpBrowser, signedUpHere } from './sign-up-browser.ts';

/** Failures for one account from any address in LOGIN_WINDOW_MS before every attempt on it is refused. */
export const ACCOUNT_MAX_FAILURES = 20;
/** Accounts one address may create in SIGN_UP_WINDOW_MS. */
const SIGN_UPS_PER_WINDOW = 10;
const SIGN_UP_WINDOW_MS = 3_600_000;

/** Where the verification link lands once it has signed the person in. */
const VERIFIED_CALLBACK = '/?verified=1';
/** Where an invalid, expired or mangled verification link lands: the web app's guard shows the error. */
const verifyFailedCallback = (code = 'INVALID_TOKEN') =>
  `${VERIFIED_CALLBACK}&error=${/^[A-Z_]{1,40}$/.test(code) ? code : 'INVALID_TOKEN'}`;

/** Where the verification link lands when opened in a browser that did not sign up: verified, not signed in. */
const VERIFIED_LOG_IN = '/login?verified=1';

/**
 * Creates the account (unverified) and returns its id. Each address may create SIGN_UPS_PER_WINDOW
 * accounts an hour; a sign-up that creates nothing gives its place back.
 */
export async function signUp({
  deps,
  input,
  ipAddress,
  headers,
}: {
  deps: AppDeps;
  input: { displayName: string; email: string; password: string };
  ipAddress: string;
  headers: Headers;
}): Promise<string> {
  const { db } = deps.database;
  if (await findUserIdByEmail(db, input.email)) throw conflict(texts.auth.emailTaken);
  const now = deps.clock.now();
  const slot = await takeSignUpSlot(
    db,
    ipAddress,
    now,
    new Date(now.getTime() - SIGN_UP_WINDOW_MS),
    SIGN_UPS_PER_WINDOW,
  );
  if (!slot) throw new AppError('too_many_sign_ups', texts.auth.tooManySignUps);
  try {
    const { user } = await deps.auth.api.signUpEmail({
      body: { name: input.displayName, email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
      headers,
    });
    return user.id;
  } catch (error) {
    await releaseSignUpSlot(db, slot);
    // Two sign-ups racing for one email: the unique index lets one win.
    if (await findUserIdByEmail(db, input.email)) throw conflict(texts.auth.emailTaken);
    deps.log.error({ err: error }, 'sign-up failed');
    throw new AppError('sign_up_failed', texts.auth.unexpected);
  }
}

/**
 * Every attempt is recorded with the client's real address (TRUST_PROXY decides when X-Forwarded-For
 * is believed). Five failures per email and address, or twenty for the account from anywhere, in
 * fifteen minutes close the door for the rest of the window; the check and the record are one step
 * (reserveLoginAttempt), so a burst cannot slip extra guesses in. The account's owner is mailed an
 * unlock link when the account limit is reached. If the limiter itself fails, the login proceeds
 * (SPEC section 8).
 */
export async function logIn({
  deps,
  input,
  ipAddress,
  headers,
}: {
  deps: AppDeps;
  input: Required<LoginInput>;
  ipAddress: string;
  headers: Headers;
}): Promise<Response> {
  const { db } = deps.database;
  const now = deps.clock.now();
  let reservation: Reservation | null = null;
  try {
    reservation = await reserveLoginAttempt(
      db,
      { email: input.email, ipAddress, at: now },
      {
        since: new Date(now.getTime() - LOGIN_WINDOW_MS),
        maxFromAddress: LOGIN_MAX_FAILURES,
        maxForAccount: ACCOUNT_MAX_FAILURES,
      },
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'login limiter failed; letting the attempt through');
  }
  if (reservation?.limited) throw new AppError('too_many_attempts', texts.auth.tooManyAttempts);
  const response = await deps.auth.api.signInEmail({
    body: { email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
    headers,
    asResponse: true,
  });
  await settleAttempt(deps, reservation, { email: input.email, ipAddress, success: response.ok, at: now });
  if (response.ok) {
    // Asked only once the password is right, so the refusal tells nothing to someone who guesses addresses.
    const suspended = await endSessionsIfSuspended(db, input.email, now);
    if (suspended) throw new AppError('account_suspended', reportsTexts.suspendedSignIn(suspended.until));
    return response;
  }
  if (reservation?.accountFailures === ACCOUNT_MAX_FAILURES) await mailUnlockLink(deps, input.email);
  if (response.status === 403) throw new AppError('email_not_verified', texts.auth.emailNotVerified);
  if (response.status === 401 || response.status === 400)
    throw new AppError('invalid_credentials', texts.auth.invalidCredentials);
  throw new AppError(
    response.status === 429 ? 'too_many_attempts' : 'login_failed',
    response.status === 429 ? texts.auth.tooManyAttempts : texts.auth.unexpected,
  );
}

/** The reserved row becomes a success, or stays the failure it was recorded as. */
async function settleAttempt(
  deps: AppDeps,
  reservation: Reservation | null,
  attempt: Parameters<typeof recordLoginAttempt>[1],
): Promise<void> {
  try {
    if (reservation && !reservation.limited) {
      if (attempt.success) await markAttemptSucceeded(deps.database.db, reservation.attemptId);
    } else {
      await recordLoginAttempt(deps.database.db, attempt);
    }
  } catch (error) {
    deps.log.error({ err: error }, 'could not record a login attempt');
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The account limit was just reached: its owner gets a single-use link that clears the failures. */
async function mailUnlockLink(deps: AppDeps, email: string): Promise<void> {
  try {
    const name = await findAccountName(deps.database.db, email);
    if (name === null) return;
    const token = randomBytes(32).toString('base64url');
    const url = `${deps.config.publicUrl}/api/auth/unlock?token=${token}`;
    // The token and its mail in one transaction: the link is mailed if and only if it works.
    await deps.database.db.transaction(async (tx) => {
      await saveUnlockToken(tx, {
        tokenHash: hashToken(token),
        email,
        expiresAt: new Date(deps.clock.now().getTime() + SIGNED_LINK_SECONDS * 1000),
      });
      await deps.outbox.mail(tx, {
        to: email,
        subject: 'Unlock your GigReel account',
        text: `Hi ${name},\n\nThere have been ${ACCOUNT_MAX_FAILURES} failed attempts to log in to your GigReel account, so logging in is paused for 15 minutes. If that was you, open this link within an hour to log in again now:\n\n${url}\n\nIf it was not you, your password kept the account safe; consider choosing a longer one.`,
        html: mailHtml(
          [
            `Hi ${name},`,
            `There have been ${ACCOUNT_MAX_FAILURES} failed attempts to log in to your GigReel account, so logging in is paused for 15 minutes.`,
            'If that was you, this link lets you log in again now. It works once, for one hour.',
          ],
          { label: 'Unlock my account', url },
        ),
        link: url,
      });
    });
  } catch (error) {
    deps.log.error({ err: error }, 'could not mail an unlock link');
  }
}

/** Where the unlock link lands: the login screen, with its outcome for the web app to show. */
const UNLOCKED_CALLBACK = '/login?unlocked=1';

/** Follows a mailed unlock link once: the account's failures stop counting, from every address. */
export async function unlockLogin({ deps, token }: { deps: AppDeps; token: string | null }): Promise<string> {
  const email = token ? await takeUnlockToken(deps.database.db, hashToken(token), deps.clock.now()) : null;
  if (!email) return `${UNLOCKED_CALLBACK}&error=INVALID_TOKEN`;
  await clearAccountFailures(deps.database.db, email);
  return UNLOCKED_CALLBACK;
}

/** Reset mails one account may receive in RESET_MAIL_WINDOW_MS; more requests are answered but not mailed. */
const RESET_MAILS_PER_WINDOW = 3;
const RESET_MAIL_WINDOW_MS = 15 * 60_000;

/**
 * Always answers the same way, so the form never tells whether an email has an account. A few mails
 * per account per quarter hour at most, so the form cannot be used to flood someone's inbox.
 */
export async function requestPasswordReset({
  deps,
  email,
  headers,
}: {
  deps: AppDeps;
  email: string;
  headers: Headers;
}): Promise<void> {
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

/**
 * Sets the new password and signs the person in (SPEC: "On success goes to /"). Everything the old
 * password or an old link could still open is closed: every other reset link of the account and
 * every session but the new one. The mailed link proves the address, so the account counts as
 * verified and its login failures stop counting.
 */
export async function resetPassword({
  deps,
  input,
  headers,
}: {
  deps: AppDeps;
  input: { token: string; password: string };
  headers: Headers;
}): Promise<Response> {
  const { db } = deps.database;
  const row = await findResetToken(db, input.token);
  const invalid = new AppError('invalid_reset_link', texts.auth.invalidResetLinkBody);
  // Better Auth checks expiry against the system time, so this check does too.
  if (!row || row.expiresAt.getTime() < Date.now()) throw invalid;
  const email = await findAccountEmail(db, row.userId);
  if (email === null) throw invalid;
  try {
    await deps.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token }, headers });
  } catch {
    throw invalid;
  }
  await db.transaction(async (tx) => {
    await deleteResetTokens(tx, row.userId);
    await markEmailVerified(tx, row.userId);
    await clearAccountFailures(tx, email);
  });
  const response = await deps.auth.api.signInEmail({
    body: { email, password: input.password },
    headers,
    asResponse: true,
  });
  if (!response.ok) throw badRequest(texts.auth.resetFailed);
  // the new password is kept, but a suspended account is not signed in by it
  const suspended = await endSessionsIfSuspended(db, email, deps.clock.now());
  if (suspended) throw new AppError('account_suspended', reportsTexts.suspendedSignIn(suspended.until));
  const { token } = (await response.clone().json()) as { token: string };
  await deleteOtherSessions(db, row.userId, token);
  return response;
}

/**
 * Ends the session on the server first, then clears the cookie: if the session row cannot be
 * deleted, the person is told ("Failed to sign out") rather than left signed in on the server.
 */
export async function signOut({
  deps,
  sessionId,
  headers,
}: {
  deps: AppDeps;
  sessionId: string | null;
  headers: Headers;
}): Promise<Headers> {
  if (sessionId) {
    try {
      await deleteSession(deps.database.db, sessionId);
    } catch (error) {
      deps.log.error({ err: error }, 'could not end a session');
      throw new AppError('sign_out_failed', texts.auth.signOutFailed);
    }
  }
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return out;
}

/**
 * Follows the mailed verification link: verifies the address. Only in the browser that signed up for
 * this account (sign-up-browser.ts) does it also sign the person in and land on /; anywhere else it
 * lands on /login. The link's own callbackURL is ignored (it is ours to choose), and every failure
 * lands on one page with an error.
 */
export async function verifyEmail({
  deps,
  token,
  cookieHeader,
  headers,
}: {
  deps: AppDeps;
  token: string | null;
  cookieHeader: string | undefined;
  headers: Headers;
}): Promise<{ location: string; cookies: string[] }> {
  let code: string | undefined;
  if (token) {
    try {
      const email = emailInVerificationToken(token);
      const account = email ? await findUserByEmail(deps.database.db, email) : null;
      const response = await deps.auth.api.verifyEmail({
        query: { token, callbackURL: VERIFIED_CALLBACK },
        headers,
        asResponse: true,
      });
      const location = response.headers.get('location');
      code = location ? (new URL(location, deps.config.publicUrl).searchParams.get('error') ?? undefined) : undefined;
      if (location && response.status >= 300 && response.status < 400 && !code) {
        // As before, a link for an address that was already verified signs nobody in.
        if (account && !account.emailVerified && signedUpHere(deps.config, cookieHeader, account.id)) {
          return {
            location: VERIFIED_CALLBACK,
            cookies: [await startSession(deps, account.id, headers), forgetSignUpBrowser(deps.config)],
          };
        }
        return { location: VERIFIED_LOG_IN, cookies: [] };
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'verification link refused');
    }
  }
  return { location: verifyFailedCallback(code), cookies: [] };
}

/** The email inside Better Auth's verification token (a JWT); Better Auth itself checks its signature. */
function emailInVerificationToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
    };
    return typeof payload.email === 'string' && payload.updateTo === undefined ? payload.email : null;
  } catch {
    return null;
  }
}

/** A session for a person who just proved their address in the browser that signed up, set as Better Auth sets it. */
async function startSession(deps: AppDeps, userId: string, headers: Headers): Promise<string> {
  const context = await deps.auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: headers.get(CLIENT_IP_HEADER) ?? '',
    userAgent: headers.get('user-agent') ?? '',
  });
  const cookie = context.authCookies.sessionToken;
  return setCookieLine(cookie.name, signToken(session.token, context.secret), {
    ...cookie.attributes,
    maxAge: context.sessionConfig.expiresIn,
  });
}
