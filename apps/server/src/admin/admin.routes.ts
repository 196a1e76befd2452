/**
 * The admin API (contract in packages/core/src/admin.contract.ts). Every route starts with
 * requireAdmin (401 anonymous, 403 anyone else), except stopping an impersonation, which only the
 * impersonating session may do. Also installs the audit log (audit.ts): every write made while
 * impersonating and every admin's own change, recorded with the admin, the target and the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminPageQuerySchema, adminTexts, analyticsQuerySchema, approveGigSchema, creatorFormSchema, exportTableSchema, offerIdParams,
} from '@gigreel/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, requireViewer } from '../auth/viewer.ts';
import { badRequest, parse } from '../http/errors.ts';
import { offerMediaWork, receiveOfferForm } from '../offers/offers.routes.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { installAudit, noteAuditTarget } from './audit.ts';
import { decodeCursor, listAudit, listCreators, listGigs, listMessages } from './admin.queries.ts';
import { getAnalytics, getDashboard } from './admin.service.ts';
import { createCreator, editCreator, removeCreator } from './creators.service.ts';
import { countExportRows } from './export.queries.ts';
import { exportCsv } from './export.service.ts';
import { approveGig, createGig, editGig, removeGig } from './gigs.service.ts';
import { startImpersonation, stopImpersonation } from './impersonation.service.ts';
import { runSelfTest } from './selftest.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const userIdParams = z.object({ userId: z.string().min(1).max(100) });
const tableParams = z.object({ table: exportTableSchema });

/** `media` is the app's one media processor, shared with the creators' offer routes. */
export async function adminRoutes(app: FastifyInstance, deps: AppDeps, media: MediaProcessor): Promise<void> {
  installAudit(app, deps);
  // Gig media arrives and is processed exactly as a creator's offer media does.
  const work = offerMediaWork(deps, media);

  app.get('/api/admin/dashboard', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    return getDashboard(deps);
  });

  app.get('/api/admin/creators', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const query = parse(adminPageQuerySchema, request.query);
    return listCreators(deps.database.db, { cursor: decodeCursor(query.cursor), q: query.q?.trim() || undefined, withoutOffer: query.withoutOffer === '1' });
  });

  app.post('/api/admin/creators', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const creator = await createCreator(deps, parse(creatorFormSchema, request.body));
    noteAuditTarget(request, { id: creator.id, label: creator.displayName });
    return reply.status(201).send({ creator, message: adminTexts.creators.created });
  });

  app.patch('/api/admin/creators/:id', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const creator = await editCreator(deps, id, parse(creatorFormSchema, request.body));
    noteAuditTarget(request, { id, label: creator.displayName });
    return { creator, message: adminTexts.creators.updated };
  });

  app.delete('/api/admin/creators/:id', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const creator = await removeCreator(deps, admin.id, id);
    noteAuditTarget(request, { id, label: creator.displayName });
    return { message: adminTexts.creators.deleted };
  });

  app.get('/api/admin/gigs', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const query = parse(adminPageQuerySchema, request.query);
    return listGigs(deps.database.db, decodeCursor(query.cursor));
  });

  app.post('/api/admin/gigs', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const form = await receiveOfferForm(request, work);
    try {
      const gig = await createGig(deps, { admin, fields: form.fields, file: form.file, media: work });
      noteAuditTarget(request, { id: gig.id, label: gig.title });
      return reply.status(201).send({ gig, message: adminTexts.gigs.created });
    } finally {
      await form.cleanup();
    }
  });

  app.patch('/api/admin/gigs/:id', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const form = await receiveOfferForm(request, work);
    try {
      const gig = await editGig(deps, id, { admin, fields: form.fields, file: form.file, media: work });
      noteAuditTarget(request, { id, label: gig.title });
      return { gig, message: adminTexts.gigs.updated };
    } finally {
      await form.cleanup();
    }
  });

  app.delete('/api/admin/gigs/:id', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const gig = await removeGig(deps, id);
    noteAuditTarget(request, { id, label: gig.title });
    return { message: adminTexts.gigs.deleted };
  });

  // The offers' approval, answered by the gig the admin reviewed (AdminGig.version).
  app.post('/api/admin/offers/:id/approve', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(offerIdParams, request.params);
    const { version } = parse(approveGigSchema, request.body ?? {});
    const gig = await approveGig(deps, id, version);
    noteAuditTarget(request, { id, label: gig.title });
    return { gig, message: adminTexts.gigs.approved };
  });

  app.get('/api/admin/messages', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const query = parse(adminPageQuerySchema, request.query);
    return listMessages(deps.database, decodeCursor(query.cursor));
  });

  app.get('/api/admin/analytics', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { unit } = parse(analyticsQuerySchema, request.query);
    return getAnalytics(deps, unit);
  });

  app.get('/api/admin/export/:table', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { table } = parse(tableParams, request.params);
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gigreel-${table}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(exportCsv(deps, table));
  });

  app.get('/api/admin/export-counts', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    return countExportRows(deps.database);
  });

  app.post('/api/admin/self-test', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const form = await receiveOfferForm(request, work);
    try {
      if (!form.file) throw badRequest(adminTexts.test.selectFile, 'media');
      return await runSelfTest(deps, app, { admin, file: form.file, media: work });
    } finally {
      await form.cleanup();
    }
  });

  app.post('/api/admin/impersonate/:userId', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const { userId } = parse(userIdParams, request.params);
    const { cookies, displayName } = await startImpersonation(deps, admin, userId, meta(request));
    noteAuditTarget(request, { id: userId, label: displayName });
    appendCookies(reply, cookies);
    return { message: adminTexts.impersonation.started(displayName) };
  });

  app.post('/api/admin/impersonation/stop', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    try {
      const { cookies } = await stopImpersonation(deps, viewer, meta(request));
      appendCookies(reply, cookies);
    } catch (error) {
      const cookies = (error as { cookies?: string[] }).cookies;
      if (cookies) appendCookies(reply, cookies);
      throw error;
    }
    return { title: adminTexts.impersonation.stoppedTitle, message: adminTexts.impersonation.stopped };
  });

  app.get('/api/admin/audit-log', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const query = parse(adminPageQuerySchema, request.query);
    return listAudit(deps.database, decodeCursor(query.cursor));
  });
}

const meta = (request: FastifyRequest) => ({ cookieHeader: request.headers.cookie, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/** Fastify appends set-cookie headers, so these come after any session refresh already set. */
function appendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length) reply.header('set-cookie', cookies);
}
