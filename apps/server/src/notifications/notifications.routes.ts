/** The notification centre's API and the badges' counts; all signed in, all the viewer's own. */
import type { FastifyInstance } from 'fastify';
import { notificationIdParam, notificationTexts } from '@gigreel/core';
import { requireViewer } from '../auth/viewer.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { unreadCounts } from '../realtime/realtime.queries.ts';
import { getNotifications, readAllNotifications, readNotification } from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/notifications', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'no-store');
    return getNotifications(deps, viewer);
  });

  app.post('/api/notifications/read-all', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    return readAllNotifications(deps, viewer);
  });

  app.post('/api/notifications/:id/read', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    const params = notificationIdParam.safeParse(request.params);
    if (!params.success) throw notFound(notificationTexts.notFound);
    return readNotification(deps, viewer, params.data.id);
  });

  app.get('/api/unread', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'no-store');
    return unreadCounts(deps.database.db, viewer.id);
  });
}
