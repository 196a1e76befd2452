/** Orders of paid offers in the route table (api.ts). */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';
import {
  createOrderInput,
  declineOrderInput,
  deliveryDownloadQuery,
  deliveryLink,
  deliveryLinkQuery,
  disputeList,
  disputeListQuery,
  orderDetail,
  orderIdParams,
  orderList,
  orderListQuery,
  orderMessage,
  orderMessageInput,
  paymentNotReceivedInput,
  reportProblemInput,
  requestChangesInput,
  resolveDisputeInput,
} from './orders.schemas.ts';

const orderWithMessage = z.object({ order: orderDetail, message: z.string() });

export const ordersApi = defineApi({
  'POST /api/orders': {
    caller: 'signedIn',
    summary:
      "Buys a paid offer: the buyer's unpaid order of that offer when there is one, else a new one within the order quotas",
    body: createOrderInput,
    response: z.object({ order: orderDetail }),
    status: 201,
  },
  'GET /api/orders': {
    caller: 'signedIn',
    summary:
      "One page of the viewer's orders as buyer or as seller (30, newest first; cursor: the page before's nextCursor), with both counts",
    query: orderListQuery,
    response: orderList,
  },
  'GET /api/orders/:id': {
    caller: 'signedIn',
    summary: 'One order, for its buyer, its seller and admins',
    params: orderIdParams,
    response: z.object({ order: orderDetail }),
  },
  'POST /api/orders/:id/paid': {
    caller: 'signedIn',
    summary: 'The buyer confirms having paid (awaiting_payment -> paid); the seller is told',
    params: orderIdParams,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/payment-received': {
    caller: 'signedIn',
    summary: "The seller confirms the buyer's payment arrived (paid, claimed -> paid, confirmed); the buyer is told",
    params: orderIdParams,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/payment-not-received': {
    caller: 'signedIn',
    summary:
      'The seller says the claimed payment has not arrived, with an optional note (paid, claimed -> awaiting_payment); the buyer is told',
    params: orderIdParams,
    body: paymentNotReceivedInput,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/cancel': {
    caller: 'signedIn',
    summary: 'The buyer cancels an order awaiting payment (-> cancelled, final); the seller is told',
    params: orderIdParams,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/decline': {
    caller: 'signedIn',
    summary:
      'The seller declines an order awaiting payment or whose payment is not confirmed, with a reason (-> cancelled, final); the buyer is told',
    params: orderIdParams,
    body: declineOrderInput,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/changes': {
    caller: 'signedIn',
    summary:
      "The buyer asks for changes to the delivery with a note, within the offer's revisions (delivered -> paid); the seller is told",
    params: orderIdParams,
    body: requestChangesInput,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/complete': {
    caller: 'signedIn',
    summary: 'The buyer accepts the delivery (delivered -> completed); the seller is told',
    params: orderIdParams,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/problem': {
    caller: 'signedIn',
    summary:
      'Either side reports a problem with a reason and what happened, from payment onward and up to 14 days after completion (-> disputed): timers stop; both sides and the admins are told',
    params: orderIdParams,
    body: reportProblemInput,
    response: orderWithMessage,
  },
  'GET /api/admin/disputes': {
    caller: 'admin',
    summary:
      "One page of the open disputes, the longest waiting first (30; cursor: the page before's nextCursor); GET /api/orders/:id has each one's timeline, messages and files",
    query: disputeListQuery,
    response: disputeList,
  },
  'POST /api/admin/disputes/:id/resolve': {
    caller: 'admin',
    summary:
      'An admin resolves the dispute on order :id: complete it, cancel it (any refund happens outside GigReel) or send it back for delivery, with a note both sides receive',
    params: orderIdParams,
    body: resolveDisputeInput,
    response: orderWithMessage,
  },
  'POST /api/orders/:id/messages': {
    caller: 'signedIn',
    summary: "A canned message from the viewer's side of the order",
    params: orderIdParams,
    body: orderMessageInput,
    response: z.object({ message: orderMessage }),
    status: 201,
  },
  'POST /api/orders/:id/delivery': {
    caller: 'signedIn',
    summary: 'The seller delivers a paid order with one file "file" (paid -> delivered); the buyer is told',
    params: orderIdParams,
    form: { fields: z.object({}), files: ['file'] },
    response: orderWithMessage,
  },
  'PUT /api/orders/:id/delivery': {
    caller: 'signedIn',
    summary:
      'The seller replaces the delivered file with one file "file" before the buyer accepts or asks for changes; the buyer is told',
    params: orderIdParams,
    form: { fields: z.object({}), files: ['file'] },
    response: orderWithMessage,
  },
  'GET /api/orders/:id/delivery-link': {
    caller: 'signedIn',
    summary: 'A signed download link to a delivered file (the latest, or ?delivery=id), valid for one hour',
    params: orderIdParams,
    query: deliveryLinkQuery,
    response: deliveryLink,
  },
  'GET /api/orders/:id/delivery/file': {
    caller: 'anyone',
    summary: 'The signed download of a delivery: the signature is the permission, no session needed',
    params: orderIdParams,
    query: deliveryDownloadQuery,
    response: rawResponse(
      200,
      '*/*',
      'The delivered file in its own type, always as an attachment (Content-Disposition: attachment)',
    ),
  },
});
