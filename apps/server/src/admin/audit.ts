/**
 * The audit log: every write made while impersonating, and every admin's own change (and export),
 * recorded with the admin, as whom, the route, the target and the answer.
 *
 * Whether a request is recorded is decided from who is asking and the route the router matched,
 * never from the address as sent: the router decodes percent-escapes, so any test of the raw URL
 * can be dodged by spelling the same route another way. Under impersonation every write is recorded
 * whatever its address, including ones no route matched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRouteName, AuditAction } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { loadViewer, type SessionViewer } from '../auth/index.ts';
import { insertAudit } from './admin.queries.ts';
import { endWaitingAdminSession } from './impersonation.service.ts';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The admin dashboard's own actions, by matched route; the param named here is the target's id. */
const ADMIN_ACTIONS: Partial<Record<ApiRouteName, { action: AuditAction; kind: string; param?: string }>> = {
  'POST /api/admin/creators': { action: 'creator.create', kind: 'creator' },
  'PATCH /api/admin/creators/:id': { action: 'creator.edit', kind: 'creator', param: 'id' },
  'DELETE /api/admin/creators/:id': { action: 'creator.delete', kind: 'creator', param: 'id' },
  'POST /api/admin/gigs': { action: 'gig.create', kind: 'gig' },
  'PATCH /api/admin/gigs/:id': { action: 'gig.edit', kind: 'gig', param: 'id' },
  'DELETE /api/admin/gigs/:id': { action: 'gig.delete', kind: 'gig', param: 'id' },
  'POST /api/admin/offers/:id/approve': { action: 'gig.approve', kind: 'gig', param: 'id' },
  'GET /api/admin/export/:table': { action: 'export', kind: 'table', param: 'table' },
  'POST /api/admin/self-test': { action: 'selftest', kind: 'gig' },
  'POST /api/admin/impersonate/:userId': { action: 'impersonation.start', kind: 'creator', param: 'userId' },
  'POST /api/admin/impersonation/stop': { action: 'impersonation.stop', kind: 'creator' },
  'POST /api/admin/reports/:id/dismiss': { action: 'report.dismiss', kind: 'report', param: 'id' },
  'POST /api/admin/reports/:id/hide': { action: 'report.hide', kind: 'report', param: 'id' },
  'POST /api/admin/reports/:id/suspend': { action: 'report.suspend', kind: 'report', param: 'id' },
  'POST /api/admin/reports/:id/dismiss-similar': { action: 'report.dismiss_similar', kind: 'report', param: 'id' },
  'POST /api/admin/appeals/:id/decide': { action: 'appeal.decide', kind: 'appeal', param: 'id' },
  'POST /api/admin/disputes/:id/resolve': { action: 'dispute.resolve', kind: 'order', param: 'id' },
};

export type AuditTarget = { id: string; label?: string | null };
const targets = new WeakMap<FastifyRequest, AuditTarget>();

/** A handler names what it acted on when the address does not say (a new row) or to keep a name a deletion removes. */
export function noteAuditTarget(request: FastifyRequest, target: AuditTarget): void {
  targets.set(request, target);
}

const matchedRoute = (request: FastifyRequest): string | null => request.routeOptions.url ?? null;
const namedAction = (request: FastifyRequest) => {
  const route = matchedRoute(request);
  return route ? ADMIN_ACTIONS[`${request.method} ${route}` as ApiRouteName] : undefined;
};
const isAudited = (request: FastifyRequest) => WRITE.has(request.method) || namedAction(request) !== undefined;

/** Who answers for a request: the impersonating admin, or an admin acting as themselves. */
function accountable(viewer: SessionViewer | null): { adminId: string; actingAsUserId: string | null } | null {
  if (viewer?.impersonatedBy) return { adminId: viewer.impersonatedBy, actingAsUserId: viewer.id };
  if (viewer?.isAdmin) return { adminId: viewer.id, actingAsUserId: null };
  return null;
}

function targetOf(
  request: FastifyRequest,
  viewer: SessionViewer,
): { kind: string | null; id: string; label: string | null } | null {
  const named = namedAction(request);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const noted = targets.get(request);
  if (named?.action === 'impersonation.stop') return { kind: 'creator', id: viewer.id, label: viewer.displayName };
  const fromParams = named?.param ? params[named.param] : params.id;
  const id = noted?.id ?? (typeof fromParams === 'string' ? fromParams : null);
  if (!id) return null;
  return { kind: named?.kind ?? null, id: id.slice(0, 200), label: noted?.label?.slice(0, 200) ?? null };
}

/** On the root app, before any route is registered, so its hooks see every route (app.ts). */
export function installAudit(app: FastifyInstance, deps: AppDeps): void {
  // The session is resolved before the handler runs, so a write that ends it (sign-out, stop) is still seen.
  app.addHook('preHandler', async (request, reply) => {
    if (!isAudited(request)) return;
    await loadViewer(deps, request, reply).catch(() => null);
  });
  // Recorded just before the answer goes out, so nothing is left running once a request has been answered.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isAudited(request)) return payload;
    const viewer = await loadViewer(deps, request).catch(() => null);
    const who = accountable(viewer);
    if (!viewer || !who) return payload;
    const route = matchedRoute(request);
    try {
      if (viewer.impersonatedBy && request.method === 'POST' && route === '/api/auth/sign-out') {
        const cookies = await endWaitingAdminSession({
          deps,
          actor: viewer,
          session: { id: viewer.sessionId, impersonatedBy: viewer.impersonatedBy },
          cookieHeader: request.headers.cookie,
        });
        if (cookies.length) reply.header('set-cookie', cookies);
      }
      await insertAudit(deps.database.db, {
        ...who,
        method: request.method,
        route: route?.slice(0, 500) ?? null,
        path: request.url.split('?')[0]!.slice(0, 500),
        action: namedAction(request)?.action ?? null,
        target: targetOf(request, viewer),
        status: reply.statusCode,
        now: deps.clock.now(),
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not record a write in the audit log');
    }
    return payload;
  });
}
