/** HTTP for orders: the table (core's orders.api.ts) checks the caller and the input; each route calls one service verb. */
import path from 'node:path';
import { badRequest, ordersTexts } from '@gigreel/core';
import { feature } from '../http/declare.ts';
import { receiveUpload } from '../platform/uploads.ts';
import { deliveryUploadRules, sendAttachment } from './delivery-files.ts';
import * as service from './orders.service.ts';

export const orders = feature('orders', ({ deps, route }) => {
  const tempDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  route('POST /api/orders', async ({ actor, body }) => ({
    order: await service.createOrder({ deps, actor, offerId: body.offerId }),
  }));

  route('GET /api/orders', ({ actor, query }) =>
    service.listOrders({ deps, actor, role: query.role, cursor: query.cursor }),
  );

  route('GET /api/orders/:id', async ({ actor, params }) => ({
    order: await service.getOrder({ deps, actor, orderId: params.id }),
  }));

  route('POST /api/orders/:id/paid', async ({ actor, params }) => ({
    order: await service.markOrderPaid({ deps, actor, orderId: params.id }),
    message: ordersTexts.paymentConfirmed,
  }));

  route('POST /api/orders/:id/complete', async ({ actor, params }) => ({
    order: await service.completeOrder({ deps, actor, orderId: params.id }),
    message: ordersTexts.completed,
  }));

  route('POST /api/orders/:id/messages', async ({ actor, params, body }) => ({
    message: await service.sendOrderMessage({ deps, actor, orderId: params.id, key: body.key }),
  }));

  route('POST /api/orders/:id/delivery', async ({ actor, params, request }) => {
    // Refused before the upload is read when this person may not deliver this order now.
    await service.assertCanDeliver({ deps, actor, orderId: params.id });
    const upload = await receiveUpload(request, tempDir, deliveryUploadRules);
    try {
      const file = upload.files.find((f) => f.field === 'file') ?? upload.files[0];
      if (!file) throw badRequest(ordersTexts.chooseFile, 'file');
      return {
        order: await service.deliverOrder({ deps, actor, orderId: params.id, file }),
        message: ordersTexts.delivered,
      };
    } finally {
      await upload.cleanup();
    }
  });

  route('GET /api/orders/:id/delivery-link', ({ actor, params, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return service.createDeliveryLink({ deps, actor, orderId: params.id });
  });

  /** The signed download: no session needed, the signature is the permission. */
  route('GET /api/orders/:id/delivery/file', async ({ params, query, reply }) => {
    const file = await service.openDelivery({ deps, orderId: params.id, expires: query.expires, sig: query.sig });
    return sendAttachment(reply, file);
  });
});
