/** HTTP for orders and their reviews: the table (core's orders.api.ts, reviews.api.ts) checks the caller and the input; each route calls one service verb. */
import path from 'node:path';
import { badRequest, ordersTexts, type OrderDetail } from '@gigreel/core';
import { feature } from '../http/declare.ts';
import { receiveUpload, type ReceivedFile } from '../platform/uploads.ts';
import { deliveryUploadRules, sendAttachment } from './delivery-files.ts';
import * as service from './orders.service.ts';
import * as reviews from './reviews.service.ts';
import { loadViewer } from '../auth/index.ts';

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

  route('POST /api/orders/:id/payment-received', async ({ actor, params }) => ({
    order: await service.confirmPayment({ deps, actor, orderId: params.id }),
    message: ordersTexts.paymentReceivedDone,
  }));

  route('POST /api/orders/:id/payment-not-received', async ({ actor, params, body }) => ({
    order: await service.rejectPayment({ deps, actor, orderId: params.id, note: body?.note }),
    message: ordersTexts.paymentNotReceivedDone,
  }));

  route('POST /api/orders/:id/cancel', async ({ actor, params }) => ({
    order: await service.cancelOrder({ deps, actor, orderId: params.id }),
    message: ordersTexts.cancelledDone,
  }));

  route('POST /api/orders/:id/decline', async ({ actor, params, body }) => ({
    order: await service.declineOrder({ deps, actor, orderId: params.id, reason: body.reason }),
    message: ordersTexts.declinedDone,
  }));

  route('POST /api/orders/:id/changes', async ({ actor, params, body }) => ({
    order: await service.requestChanges({ deps, actor, orderId: params.id, note: body.note }),
    message: ordersTexts.changesRequested,
  }));

  route('POST /api/orders/:id/complete', async ({ actor, params }) => ({
    order: await service.completeOrder({ deps, actor, orderId: params.id }),
    message: ordersTexts.completed,
  }));

  route('POST /api/orders/:id/problem', async ({ actor, params, body }) => ({
    order: await service.reportProblem({
      deps,
      actor,
      orderId: params.id,
      reason: body.reason,
      details: body.details,
    }),
    message: ordersTexts.problem.reported,
  }));

  route('GET /api/admin/disputes', ({ query }) => service.listDisputes({ deps, cursor: query.cursor }));

  route('POST /api/admin/disputes/:id/resolve', async ({ actor, params, body }) => ({
    order: await service.resolveDispute({
      deps,
      actor,
      orderId: params.id,
      outcome: body.outcome,
      note: body.note,
    }),
    message: ordersTexts.problem.resolved,
  }));

  route('PUT /api/orders/:id/review', ({ actor, params, body }) =>
    reviews.writeReview({ deps, actor, orderId: params.id, rating: body.rating, text: body.text }),
  );

  route('POST /api/orders/:id/review/reply', ({ actor, params, body }) =>
    reviews.replyToReview({ deps, actor, orderId: params.id, text: body.text }),
  );

  route('GET /api/offers/:id/reviews', async ({ request, reply, params, query }) => {
    const actor = await loadViewer(deps, request, reply);
    return reviews.listOfferReviews({ deps, actor, offerId: params.id, cursor: query.cursor });
  });

  route('GET /api/creators/:id/reviews', ({ params, query }) =>
    reviews.listCreatorReviews({ deps, creatorId: params.id, cursor: query.cursor }),
  );

  route('POST /api/orders/:id/messages', async ({ actor, params, body }) => ({
    message: await service.sendOrderMessage({ deps, actor, orderId: params.id, key: body.key, text: body.text }),
  }));

  /** The file of a delivery, or of its replacement: refused before the upload is read when this person may not send it now. */
  const receiveDelivery = async (
    request: Parameters<typeof receiveUpload>[0],
    send: (file: ReceivedFile) => Promise<OrderDetail>,
    message: string,
  ) => {
    const upload = await receiveUpload(request, tempDir, deliveryUploadRules);
    try {
      const file = upload.files.find((f) => f.field === 'file') ?? upload.files[0];
      if (!file) throw badRequest(ordersTexts.chooseFile, 'file');
      return { order: await send(file), message };
    } finally {
      await upload.cleanup();
    }
  };

  route('POST /api/orders/:id/delivery', async ({ actor, params, request }) => {
    await service.assertCanDeliver({ deps, actor, orderId: params.id });
    return receiveDelivery(
      request,
      (file) => service.deliverOrder({ deps, actor, orderId: params.id, file }),
      ordersTexts.delivered,
    );
  });

  route('PUT /api/orders/:id/delivery', async ({ actor, params, request }) => {
    await service.assertCanDeliver({ deps, actor, orderId: params.id, replace: true });
    return receiveDelivery(
      request,
      (file) => service.replaceDelivery({ deps, actor, orderId: params.id, file }),
      ordersTexts.deliveryReplaced,
    );
  });

  route('GET /api/orders/:id/delivery-link', ({ actor, params, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return service.createDeliveryLink({ deps, actor, orderId: params.id, deliveryId: query.delivery });
  });

  /** The signed download: no session needed, the signature is the permission. */
  route('GET /api/orders/:id/delivery/file', async ({ params, query, reply }) => {
    const file = await service.openDelivery({
      deps,
      orderId: params.id,
      deliveryId: query.delivery,
      expires: query.expires,
      sig: query.sig,
    });
    return sendAttachment(reply, file);
  });
});
