/**
 * The admin API (contract in packages/core/src/admin.contract.ts). Every route starts with
 * requireAdmin (401 anonymous, 403 anyone else), except stopping an impersonation, which only the
 * impersonating session may do. Also installs the audit hooks: every write made while
 * impersonating is recorded with the admin's id.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminPageQuerySchema, adminTexts, analyticsQuerySchema, creatorFormSchema, exportTableSchema, OFFER_MEDIA_MAX_BYTES, texts,
} from '@gigreel/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { loadViewer, requireAdmin, requireViewer } from '../auth/viewer.ts';
import { badRequest, parse } from '../http/errors.ts';
import { receiveUpload } from '../platform/uploads.ts';
import { decodeCursor, insertAudit, listAudit, listCreators, listGigs, listMessages } from './admin.queries.ts';
import { getAnalytics, getDashboard } from './admin.service.ts';
import { createCreator, editCreator, removeCreator } from './creators.service.ts';
import { countExportRows } from './export.queries.ts';
import { exportCsv } from './export.service.ts';
import { acceptGigMedia, createGig, editGig, removeGig } from './gigs.service.ts';
import { endWaitingAdminSession, startImpersonation, stopImpersonation } from './impersonation.service.ts';
import { runSelfTest } from './selftest.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const userIdParams = z.object({ userId: z.string().min(1).max(100) });
const tableParams = z.object({ table: exportTableSchema });
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  installAudit(app, deps);
  const tempDir = path.join(deps.config.dataDir, 'tmp', 'admin');
  const gigUpload = (request: FastifyRequest) =>
    receiveUpload(request, tempDir, { maxFileBytes: OFFER_MEDIA_MAX_BYTES, accept: acceptGigMedia, tooLargeMessage: texts.validation.fileTooLarge, invalidTypeMessage: texts.validation.invalidFileType });

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
    return reply.status(201).send({ creator, message: adminTexts.creators.created });
  });

  app.patch('/api/admin/creators/:id', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const creator = await editCreator(deps, id, parse(creatorFormSchema, request.body));
    return { creator, message: adminTexts.creators.updated };
  });

  app.delete('/api/admin/creators/:id', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    await removeCreator(deps, admin.id, id);
    return { message: adminTexts.creators.deleted };
  });

  app.get('/api/admin/gigs', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const query = parse(adminPageQuerySchema, request.query);
    return listGigs(deps.database.db, decodeCursor(query.cursor));
  });

  app.post('/api/admin/gigs', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const upload = await gigUpload(request);
    try {
      const gig = await createGig(deps, upload);
      return reply.status(201).send({ gig, message: adminTexts.gigs.created });
    } finally {
      await upload.cleanup();
    }
  });

  app.patch('/api/admin/gigs/:id', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    const upload = await gigUpload(request);
    try {
      return { gig: await editGig(deps, id, upload), message: adminTexts.gigs.updated };
    } finally {
      await upload.cleanup();
    }
  });

  app.delete('/api/admin/gigs/:id', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { id } = parse(idParams, request.params);
    await removeGig(deps, id);
    return { message: adminTexts.gigs.deleted };
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
    await requireAdmin(deps, request, reply);
    const upload = await gigUpload(request);
    try {
      const file = upload.files[0];
      if (!file) throw badRequest(adminTexts.test.selectFile, 'media');
      return await runSelfTest(deps, app, file);
    } finally {
      await upload.cleanup();
    }
  });

  app.post('/api/admin/impersonate/:userId', async (request, reply) => {
    const admin = await requireAdmin(deps, request, reply);
    const { userId } = parse(userIdParams, request.params);
    const { cookies, displayName } = await startImpersonation(deps, admin, userId, meta(request));
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

/**
 * Writes made while impersonating are recorded, with their status, just before the answer goes out
 * (so nothing is left running once a request has been answered). The session is resolved before the
 * handler runs, so a write that ends it (sign-out, stop) is still seen.
 */
function installAudit(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE.has(request.method) || !request.url.startsWith('/api/')) return;
    await loadViewer(deps, request, reply).catch(() => null);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITE.has(request.method) || !request.url.startsWith('/api/')) return payload;
    const viewer = await loadViewer(deps, request).catch(() => null);
    if (!viewer?.impersonatedBy) return payload;
    const path = request.url.split('?')[0]!;
    try {
      if (request.method === 'POST' && path === '/api/auth/sign-out') appendCookies(reply, await endWaitingAdminSession(deps, viewer, request.headers.cookie));
      await insertAudit(deps.database.db, { adminId: viewer.impersonatedBy, actingAsUserId: viewer.id, method: request.method, path: path.slice(0, 500), status: reply.statusCode, now: deps.clock.now() });
    } catch (error) {
      request.log.error({ err: error }, 'could not record an impersonated write in the audit log');
    }
    return payload;
  });
}
