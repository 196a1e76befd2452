/**
 * The admin dashboard's routes (table in packages/core/src/admin.api.ts): every route is for admins
 * (401 anonymous, 403 anyone else), checked from the table before the handler, except stopping an
 * impersonation, which is for any signed-in session and refused unless it is an impersonating one.
 * Handlers name what they acted on for the audit log (audit.ts, installed app-wide by app.ts).
 */
import { adminTexts, badRequest, gigFormSchema, selfTestFields } from '@gigreel/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { feature } from '../http/declare.ts';
import { parse } from '../http/errors.ts';
import { offerMediaWork, receiveOfferForm } from '../offers/index.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { noteAuditTarget } from './audit.ts';
import {
  getAnalytics,
  getAuditLog,
  getCreators,
  getDashboard,
  getExportCounts,
  getGigs,
  getMessages,
} from './admin.service.ts';
import { createCreator, editCreator, removeCreator } from './creators.service.ts';
import { exportCsv } from './export.service.ts';
import { approveGig, createGig, editGig, removeGig } from './gigs.service.ts';
import { startImpersonation, stopImpersonation } from './impersonation.service.ts';
import { runSelfTest } from './selftest.service.ts';

/** `media` is the app's one media processor, shared with the creators' offer routes. */
export const admin = feature<{ media: MediaProcessor }>('admin', ({ app, deps, route }, { media }) => {
  // Gig media arrives and is processed exactly as a creator's offer media does.
  const work = offerMediaWork(deps, media);

  route('GET /api/admin/dashboard', ({ actor }) => getDashboard({ deps, actor }));

  route('GET /api/admin/creators', ({ actor, query }) => getCreators({ deps, actor, query }));

  route('POST /api/admin/creators', async ({ actor, body, request }) => {
    const creator = await createCreator({ deps, actor, input: body });
    noteAuditTarget(request, { id: creator.id, label: creator.displayName });
    return { creator, message: adminTexts.creators.created };
  });

  route('PATCH /api/admin/creators/:id', async ({ actor, params, body, request }) => {
    const creator = await editCreator({ deps, actor, id: params.id, input: body });
    noteAuditTarget(request, { id: params.id, label: creator.displayName });
    return { creator, message: adminTexts.creators.updated };
  });

  route('DELETE /api/admin/creators/:id', async ({ actor, params, request }) => {
    const creator = await removeCreator({ deps, actor, id: params.id });
    noteAuditTarget(request, { id: params.id, label: creator.displayName });
    return { message: adminTexts.creators.deleted };
  });

  route('GET /api/admin/gigs', ({ actor, query }) => getGigs({ deps, actor, cursor: query.cursor }));

  route('POST /api/admin/gigs', async ({ actor, request }) => {
    const form = await receiveOfferForm(request, work);
    try {
      const gig = await createGig({
        deps,
        actor,
        input: parse(gigFormSchema, form.fields),
        file: form.file,
        media: work,
      });
      noteAuditTarget(request, { id: gig.id, label: gig.title });
      return { gig, message: adminTexts.gigs.created };
    } finally {
      await form.cleanup();
    }
  });

  route('PATCH /api/admin/gigs/:id', async ({ actor, params, request }) => {
    const form = await receiveOfferForm(request, work);
    try {
      const gig = await editGig({
        deps,
        actor,
        id: params.id,
        input: parse(gigFormSchema, form.fields),
        file: form.file,
        media: work,
      });
      noteAuditTarget(request, { id: params.id, label: gig.title });
      return { gig, message: adminTexts.gigs.updated };
    } finally {
      await form.cleanup();
    }
  });

  route('DELETE /api/admin/gigs/:id', async ({ actor, params, request }) => {
    const gig = await removeGig({ deps, actor, id: params.id });
    noteAuditTarget(request, { id: params.id, label: gig.title });
    return { message: adminTexts.gigs.deleted };
  });

  // The offers' approval, answered by the gig the admin reviewed (AdminGig.version).
  route('POST /api/admin/offers/:id/approve', async ({ actor, params, body, request }) => {
    const gig = await approveGig({ deps, actor, id: params.id, reviewedVersion: body.version });
    noteAuditTarget(request, { id: params.id, label: gig.title });
    return { gig, message: adminTexts.gigs.approved };
  });

  route('GET /api/admin/messages', ({ actor, query }) => getMessages({ deps, actor, cursor: query.cursor }));

  route('GET /api/admin/analytics', ({ actor, query }) => getAnalytics({ deps, actor, unit: query.unit }));

  route('GET /api/admin/export/:table', ({ actor, params, reply }) => {
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gigreel-${params.table}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(exportCsv({ deps, actor, table: params.table }));
  });

  route('GET /api/admin/export-counts', ({ actor }) => getExportCounts({ deps, actor }));

  route('POST /api/admin/self-test', async ({ actor, request }) => {
    const form = await receiveOfferForm(request, work);
    try {
      parse(selfTestFields, form.fields);
      if (!form.file) throw badRequest(adminTexts.test.selectFile, 'media');
      return await runSelfTest({ deps, actor, app, file: form.file, media: work });
    } finally {
      await form.cleanup();
    }
  });

  route('POST /api/admin/impersonate/:userId', async ({ actor, params, request, reply }) => {
    const { cookies, displayName } = await startImpersonation({
      deps,
      actor,
      userId: params.userId,
      request: meta(request),
    });
    noteAuditTarget(request, { id: params.userId, label: displayName });
    appendCookies(reply, cookies);
    return { message: adminTexts.impersonation.started(displayName) };
  });

  route('POST /api/admin/impersonation/stop', async ({ actor, request, reply }) => {
    const session = { id: actor.sessionId, impersonatedBy: actor.impersonatedBy };
    try {
      const { cookies } = await stopImpersonation({ deps, actor, session, request: meta(request) });
      appendCookies(reply, cookies);
    } catch (error) {
      const cookies = (error as { cookies?: string[] }).cookies;
      if (cookies) appendCookies(reply, cookies);
      throw error;
    }
    return { title: adminTexts.impersonation.stoppedTitle, message: adminTexts.impersonation.stopped };
  });

  route('GET /api/admin/audit-log', ({ actor, query }) => getAuditLog({ deps, actor, cursor: query.cursor }));
});

const meta = (request: FastifyRequest) => ({
  cookieHeader: request.headers.cookie,
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Fastify appends set-cookie headers, so these come after any session refresh already set. */
function appendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length) reply.header('set-cookie', cookies);
}
