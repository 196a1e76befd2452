/**
 * Who is asking: resolved once per request from the session cookie, on the server, every time.
 * Features call requireViewer / requireAdmin; nothing about roles is decided in the browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { texts, type Viewer } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { offers } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { authHeaders, deferCookies, forwardCookies } from './bridge.ts';
import { isAdmin } from './roles.queries.ts';

export type SessionViewer = {
  id: string;
  email: string;
  displayName: string;
  profileImage: string | null;
  sessionId: string;
  impersonatedBy: string | null;
  isAdmin: boolean;
};

const cache = new WeakMap<FastifyRequest, Promise<SessionViewer | null>>();

export function loadViewer(deps: AppDeps, request: FastifyRequest, reply?: FastifyReply): Promise<SessionViewer | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveViewer(deps, request, reply);
    cache.set(request, pending);
  }
  return pending;
}

async function resolveViewer(deps: AppDeps, request: FastifyRequest, reply?: FastifyReply): Promise<SessionViewer | null> {
  if (!request.headers.cookie?.includes('session_token')) return null;
  let result;
  try {
    result = await deps.auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  } catch (error) {
    // A session ended while it was being refreshed (sign-out in another tab): nobody is signed in.
    if ((error as { statusCode?: number }).statusCode === 401) return null;
    throw error;
  }
  const { headers, response } = result;
  if (reply) forwardCookies(reply, headers);
  else deferCookies(request, headers);
  if (!response) return null;
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

export async function requireViewer(deps: AppDeps, request: FastifyRequest, reply?: FastifyReply, message?: string): Promise<SessionViewer> {
  const viewer = await loadViewer(deps, request, reply);
  if (!viewer) throw unauthorized(message);
  return viewer;
}

export async function requireAdmin(deps: AppDeps, request: FastifyRequest, reply?: FastifyReply): Promise<SessionViewer> {
  const viewer = await requireViewer(deps, request, reply, texts.auth.adminLoginRequired);
  if (!viewer.isAdmin) throw forbidden(texts.auth.accessDeniedBody);
  return viewer;
}

export async function toViewer(deps: AppDeps, viewer: SessionViewer): Promise<Viewer> {
  const own = await deps.database.db.select({ id: offers.id }).from(offers).where(eq(offers.userId, viewer.id)).limit(1);
  return {
    id: viewer.id,
    email: viewer.email,
    displayName: viewer.displayName,
    profileImage: viewer.profileImage,
    isAdmin: viewer.isAdmin,
    isDesigner: !!deps.config.designerEmail && viewer.email.toLowerCase() === deps.config.designerEmail,
    hasOffer: own.length > 0,
    impersonatedBy: viewer.impersonatedBy,
  };
}
