/** HTTP for orders: authenticate, parse with the core schemas, call one service verb. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createOrderInput, deliveryDownloadQuery, orderIdParams, orderListQuery, orderMessageInput, ordersTexts } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { parse } from '../http/errors.ts';
import { requireViewer } from '../auth/viewer.ts';
import { receiveUpload } from '../platform/uploads.ts';
import { deliveryUploadRules, sendAttachment } from './delivery-files.ts';
import * as orders from './orders.service.ts';

export async function ordersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const tempDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  app.post('/api/orders', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { offerId } = parse(createOrderInput, request.body);
    return reply.status(201).send({ order: await orders.createOrder({ deps, actor, offerId }) });
  });

  app.get('/api/orders', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { role } = parse(orderListQuery, request.query);
    return orders.listOrders({ deps, actor, role });
  });

  app.get('/api/orders/:id', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    return { order: await orders.getOrder({ deps, actor, orderId: id }) };
  });

  app.post('/api/orders/:id/paid', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    return { order: await orders.markOrderPaid({ deps, actor, orderId: id }), message: ordersTexts.paymentConfirmed };
  });

  app.post('/api/orders/:id/complete', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    return { order: await orders.completeOrder({ deps, actor, orderId: id }), message: ordersTexts.completed };
  });

  app.post('/api/orders/:id/messages', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    const { key } = parse(orderMessageInput, request.body);
    return reply.status(201).send({ message: await orders.sendOrderMessage({ deps, actor, orderId: id, key }) });
  });

  app.post('/api/orders/:id/delivery', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    await orders.assertCanDeliver({ deps, actor, orderId: id });
    const upload = await receiveUpload(request, tempDir, deliveryUploadRules);
    try {
      const file = upload.files.find((f) => f.field === 'file') ?? upload.files[0];
      if (!file) return reply.status(400).send({ error: { code: 'bad_request', message: ordersTexts.chooseFile, field: 'file' } });
      return { order: await orders.deliverOrder({ deps, actor, orderId: id, file }), message: ordersTexts.delivered };
    } finally {
      await upload.cleanup();
    }
  });

  app.get('/api/orders/:id/delivery-link', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(orderIdParams, request.params);
    reply.header('cache-control', 'private, no-store');
    return orders.createDeliveryLink({ deps, actor, orderId: id });
  });

  /** The signed download: no session needed, the signature is the permission. */
  app.get('/api/orders/:id/delivery/file', async (request, reply) => {
    const { id } = parse(orderIdParams, request.params);
    const { expires, sig } = parse(deliveryDownloadQuery, request.query);
    const file = await orders.openDelivery({ deps, orderId: id, expires, sig });
    return sendAttachment(reply, file);
  });
}
