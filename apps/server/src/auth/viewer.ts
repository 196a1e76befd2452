/**
 * Who is asking: resolved once per request from the session cookie, on the server, every time.
 * Declared routes check it with requireViewer / requireAdmin (through AppDeps.callers, below) and
 * features read it with loadViewer; nothing about roles is decided in the browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { texts, type Viewer, forbidden, unauthorized } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { deferCookies } from '../http/deferred-cookies.ts';
import { hasOwnOffer } from './accounts.queries.ts';
import type { Actor } from './actor.ts';
import { authHeaders, forwardCookies } from './bridge.ts';
import { isAdmin } from './roles.queries.ts';
import { sessionCache } from './session-cache.ts';
import { findSessionWithPerson } from './sessions.queries.ts';
import { readCookie, verifySignedToken } from './signed-cookie.ts';

/** The Actor (actor.ts) a session stands for, with what the session itself carries. */
export type SessionViewer = Actor & {
  email: string;
  profileImage: string | null;
  sessionId: string;
  impersonatedBy: string | null;
};

const cache = new WeakMap<FastifyRequest, Promise<SessionViewer | null>>();

export function loadViewer(
  deps: AppDeps,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<SessionViewer | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveViewer(deps, request, reply);
    cache.set(request, pending);
  }
  return pending;
}

async function resolveViewer(
  deps: AppDeps,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<SessionViewer | null> {
  if (!request.headers.cookie?.includes('session_token')) return null;
  const live = await liveSessionViewer(deps, request.headers.cookie);
  if (live) return live;
  let result;
  try {
    result = await deps.auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  } catch (error) {
    // A session ended while it was being refreshed (sign-out in another tab): nobody is signed in.
    if ((error as { statusCode?: number }).statusCode === 401) return null;
    throw error;
  }
  const { headers, response } = result;
  // No session: Better Auth would clear the cookie, but this answer may arrive after the browser was
  // given a newer one (Stop Impersonation restores the admin's while a request made as the creator is
  // still on its way), and clearing it would sign that person out. A cookie for no session reads as
  // signed out anyway, and sign-out clears its own.
  if (!response) return null;
  if (reply) forwardCookies(reply, headers);
  else deferCookies(request, headers);
  const { user, session } = response;
  const impersonatedBy = (session as { impersonatedBy?: string | null }).impersonatedBy ?? null;
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    profileImage: user.image ?? null,
    sessionId: session.id,
    impersonatedBy,
    isAdmin: impersonatedBy ? false : await isAdmin(deps.database.db, user.id),
  };
}

/**
 * The common case without Better Auth's per-request machinery: a correctly signed session cookie for
 * a session that is live and not yet due for its refresh is read in one statement (session, person
 * and admin role together) instead of three, or from what this process read lately (session-cache.ts),
 * and the signature is checked with node:crypto. Anything
 * else (no such session, expired, due for its once-a-minute refresh, Better Auth's "don't remember
 * me" or cached-session cookies) returns undefined and goes through Better Auth's getSession, which
 * deletes, refreshes and sets cookies exactly as before; its conditions are the ones used here.
 */
async function liveSessionViewer(deps: AppDeps, cookieHeader: string): Promise<SessionViewer | undefined> {
  const context = await deps.auth.$context;
  const { sessionToken, dontRememberToken, sessionData } = context.authCookies;
  if (
    readCookie(cookieHeader, dontRememberToken.name) !== undefined ||
    readCookie(cookieHeader, sessionData.name) !== undefined
  )
    return undefined;
  const token = verifySignedToken(readCookie(cookieHeader, sessionToken.name), context.secret);
  if (!token) return undefined;
  const sessions = await sessionCache(deps.database);
  const row = await sessions.read(token, () => findSessionWithPerson(deps.database.db, token));
  if (!row) return undefined;
  // Better Auth times sessions with the system clock, so this does too.
  const now = Date.now();
  const expiresAt = new Date(row.expiresAt).getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  if (!(expiresAt > now) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
  return {
    id: row.userId,
    email: row.email,
    displayName: row.displayName,
    profileImage: row.profileImage,
    sessionId: row.sessionId,
    impersonatedBy: row.impersonatedBy,
    isAdmin: row.impersonatedBy ? false : row.isAdmin,
  };
}

async function requireViewer(
  deps: AppDeps,
  request: FastifyRequest,
  reply?: FastifyReply,
  message?: string,
): Promise<SessionViewer> {
  const viewer = await loadViewer(deps, request, reply);
  if (!viewer) throw unauthorized(message);
  return viewer;
}

async function requireAdmin(deps: AppDeps, request: FastifyRequest, reply?: FastifyReply): Promise<SessionViewer> {
  const viewer = await requireViewer(deps, request, reply, texts.auth.adminLoginRequired);
  if (!viewer.isAdmin) throw forbidden(texts.auth.accessDeniedBody);
  return viewer;
}

/**
 * The caller checks the shared http layer runs for declared routes and the API docs. That layer
 * imports no feature (auth's routes are declared through it), so it finds them in AppDeps, where
 * create-deps.ts puts these.
 */
export const callers = { loadViewer, requireViewer, requireAdmin };
export type Callers = typeof callers;

export async function toViewer(deps: AppDeps, viewer: SessionViewer): Promise<Viewer> {
  return {
    id: viewer.id,
    email: viewer.email,
    displayName: viewer.displayName,
    profileImage: viewer.profileImage,
    isAdmin: viewer.isAdmin,
    isDesigner: !!deps.config.designerEmail && viewer.email.toLowerCase() === deps.config.designerEmail,
    hasOffer: await hasOwnOffer(deps.database.db, viewer.id),
    impersonatedBy: viewer.impersonatedBy,
  };
}
