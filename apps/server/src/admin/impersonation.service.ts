/**
 * Impersonation as a server-side session (SPEC section 4, made safe): the admin gets a Better Auth
 * session of the creator, marked impersonated_by, in the usual session cookie, while their own
 * session token waits in a second HttpOnly cookie to be restored by "Stop Impersonation". Nothing
 * about it is stored in the browser where script can read it, and the creator's own sessions are
 * untouched. Both moves are security events.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { adminTexts, INACTIVITY_LOGOUT_MS, AppError, forbidden, notFound } from '@gigreel/core';
import {
  deleteSession,
  findSessionByToken,
  insertImpersonationSession,
  readCookie,
  signToken,
  verifySignedToken,
  type Actor,
} from '../auth/index.ts';
import type { AppDeps } from '../deps.ts';
import { assertMayImpersonate } from './admin.policy.ts';
import { findCreator, insertSecurityEvent } from './admin.queries.ts';

type CookieSpec = {
  name: string;
  attributes: { path?: string; sameSite?: string; secure?: boolean; httpOnly?: boolean; domain?: string };
};

/** Better Auth's session cookie (its name carries our "gigreel" prefix and, over https, __Secure-). */
async function sessionCookieSpec(deps: AppDeps): Promise<CookieSpec> {
  const context = await deps.auth.$context;
  return context.authCookies.sessionToken as CookieSpec;
}

const adminCookieName = (session: CookieSpec) => session.name.replace(/session_token$/, 'admin_session');

function serialize(spec: CookieSpec, name: string, value: string, maxAgeSeconds: number): string {
  const a = spec.attributes;
  const parts = [
    `${name}=${value}`,
    `Path=${a.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${a.sameSite ? a.sameSite[0]!.toUpperCase() + a.sameSite.slice(1).toLowerCase() : 'Lax'}`,
  ];
  if (a.secure) parts.push('Secure');
  if (a.domain) parts.push(`Domain=${a.domain}`);
  return parts.join('; ');
}

export type CookieOut = string[];
/** What the request carries that a session needs: its cookies, and the address and browser it is recorded with. */
export type RequestMeta = { cookieHeader: string | undefined; ip: string; userAgent: string };
/** The session the request runs on: impersonatedBy names the admin when it is an impersonating one. */
export type CurrentSession = { id: string; impersonatedBy: string | null };

export async function startImpersonation({
  deps,
  actor,
  userId,
  request,
}: {
  deps: AppDeps;
  actor: Actor;
  userId: string;
  request: RequestMeta;
}): Promise<{ cookies: CookieOut; displayName: string }> {
  const { db } = deps.database;
  const target = await findCreator(db, userId);
  if (!target) throw notFound(adminTexts.creators.notFound);
  assertMayImpersonate(actor, target);
  const spec = await sessionCookieSpec(deps);
  const adminCookie = readCookie(request.cookieHeader, spec.name);
  if (!verifySignedToken(adminCookie, deps.config.authSecret))
    throw forbidden(adminTexts.impersonation.adminSessionEnded);
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + INACTIVITY_LOGOUT_MS);
  await db.transaction(async (tx) => {
    await insertImpersonationSession(tx, {
      id: randomUUID().replace(/-/g, ''),
      token,
      userId: target.id,
      impersonatedBy: actor.id,
      expiresAt,
      ipAddress: request.ip,
      userAgent: request.userAgent.slice(0, 500),
      now,
    });
    await insertSecurityEvent(tx, {
      userId: actor.id,
      event: 'impersonation_started',
      ipAddress: request.ip,
      details: { actingAsUserId: target.id },
      now,
    });
  });
  const seconds = INACTIVITY_LOGOUT_MS / 1000;
  return {
    displayName: target.displayName,
    cookies: [
      serialize(spec, spec.name, signToken(token, deps.config.authSecret), seconds),
      serialize(spec, adminCookieName(spec), adminCookie!, 24 * 3600),
    ],
  };
}

/**
 * Ends the impersonating session and puts the admin's own session back, if it is still alive and
 * belongs to the admin who started this one; otherwise both cookies are cleared and the admin logs in again.
 */
export async function stopImpersonation({
  deps,
  actor,
  session,
  request,
}: {
  deps: AppDeps;
  actor: Actor;
  session: CurrentSession;
  request: RequestMeta;
}): Promise<{ cookies: CookieOut }> {
  const adminId = session.impersonatedBy;
  if (!adminId) throw forbidden(adminTexts.impersonation.notImpersonating);
  const { db } = deps.database;
  const spec = await sessionCookieSpec(deps);
  const adminName = adminCookieName(spec);
  const stored = readCookie(request.cookieHeader, adminName);
  const adminToken = verifySignedToken(stored, deps.config.authSecret);
  const adminSession = adminToken ? await findSessionByToken(db, adminToken) : null;
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await deleteSession(tx, session.id);
    await insertSecurityEvent(tx, {
      userId: adminId,
      event: 'impersonation_stopped',
      ipAddress: request.ip,
      details: { actingAsUserId: actor.id },
      now,
    });
  });
  const clearAdmin = serialize(spec, adminName, '', 0);
  const alive =
    adminSession &&
    adminSession.userId === adminId &&
    !adminSession.impersonatedBy &&
    adminSession.expiresAt.getTime() > now.getTime();
  if (!alive) {
    throw Object.assign(new AppError('admin_session_ended', adminTexts.impersonation.adminSessionEnded), {
      cookies: [clearAdmin, serialize(spec, spec.name, '', 0)],
    });
  }
  return {
    cookies: [
      serialize(spec, spec.name, stored!, (adminSession.expiresAt.getTime() - now.getTime()) / 1000),
      clearAdmin,
    ],
  };
}

/**
 * Logging out while impersonating ends the admin's waiting session too, so no live admin session
 * is left behind in a cookie on a browser whose user just signed out.
 */
export async function endWaitingAdminSession({
  deps,
  session,
  cookieHeader,
}: {
  deps: AppDeps;
  actor: Actor;
  session: CurrentSession;
  cookieHeader: string | undefined;
}): Promise<CookieOut> {
  if (!session.impersonatedBy) return [];
  const spec = await sessionCookieSpec(deps);
  const adminName = adminCookieName(spec);
  const token = verifySignedToken(readCookie(cookieHeader, adminName), deps.config.authSecret);
  const waiting = token ? await findSessionByToken(deps.database.db, token) : null;
  if (waiting && waiting.userId === session.impersonatedBy) await deleteSession(deps.database.db, waiting.id);
  return [serialize(spec, adminName, '', 0)];
}
