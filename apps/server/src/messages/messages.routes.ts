/** Messages API: thin routes over the messages service; see the contract in packages/core. */
import type { FastifyInstance } from 'fastify';
import { messageTexts, replyMessageInput, sendMessageInput, texts, userIdParam } from '@gigreel/core';
import { requireViewer } from '../auth/viewer.ts';
import type { AppDeps } from '../deps.ts';
import { notFound, parse } from '../http/errors.ts';
import { notificationRoutes } from '../notifications/notifications.routes.ts';
import { realtimeRoutes } from '../realtime/realtime.routes.ts';
import { getThread, listConversations, markConversationRead, replyInThread, sendMessage } from './messages.service.ts';

function otherUserId(params: unknown): string {
  const parsed = userIdParam.safeParse(params);
  if (!parsed.success) throw notFound(messageTexts.conversationNotFound);
  return parsed.data.userId;
}

export async function messageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/api/messages', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply, texts.auth.loginToMessage);
    const input = parse(sendMessageInput, request.body);
    return reply.status(201).send(await sendMessage(deps, viewer, input));
  });

  app.get('/api/messages/conversations', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'no-store');
    return listConversations(deps, viewer);
  });

  app.get('/api/messages/with/:userId', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'no-store');
    return getThread(deps, viewer, otherUserId(request.params));
  });

  app.post('/api/messages/with/:userId', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply, texts.auth.loginToMessage);
    const other = otherUserId(request.params);
    const { text } = parse(replyMessageInput, request.body);
    return reply.status(201).send(await replyInThread(deps, viewer, other, text));
  });

  app.post('/api/messages/with/:userId/read', async (request, reply) => {
    const viewer = await requireViewer(deps, request, reply);
    return markConversationRead(deps, viewer, otherUserId(request.params));
  });
}

/** Messaging's whole surface in one registration: messages, the notification centre and the live stream. */
export async function messagingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await messageRoutes(app, deps);
  await notificationRoutes(app, deps);
  await realtimeRoutes(app, deps);
}
