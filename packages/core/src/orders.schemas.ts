/**
 * Inputs and shapes of the orders API (its part of the route table is orders.api.ts). Routes:
 *   POST /api/orders                     { offerId }  -> { order: OrderDetail }  (reuses the buyer's unpaid order of that offer)
 *   POST /api/orders/:id/paid            buyer, awaiting_payment -> paid
 *   GET  /api/orders?role=buyer|seller&cursor=   -> OrderList, one page (cursor: the nextCursor of the page before)
 *   GET  /api/orders/:id                 buyer, seller or admin -> { order: OrderDetail }
 *   POST /api/orders/:id/messages        { key } -> { message: OrderMessage }
 *   POST /api/orders/:id/delivery        multipart "file"; seller, paid -> delivered
 *   GET  /api/orders/:id/delivery-link   -> DeliveryLink (valid one hour)
 *   GET  /api/orders/:id/delivery/file?expires=&sig=   the signed download
 *   POST /api/orders/:id/complete        buyer, delivered -> completed
 */
import { z } from 'zod';
import { JOB_STATUSES, MB, ORDER_STATUSES } from './constants.ts';
import { textInput } from './text-input.ts';

export const orderIdParams = z.object({ id: z.uuid({ error: 'Order not found' }) });
export const createOrderInput = z.strictObject({ offerId: z.uuid({ error: 'This offer is not available to buy.' }) });
export const orderListQuery = z.object({
  role: z.enum(['buyer', 'seller']).default('buyer'),
  /** The opaque nextCursor of the page before; without it, the first page. */
  cursor: textInput(200).optional(),
});
export const orderMessageInput = z.strictObject({ key: textInput(40).min(1) });
export const deliveryDownloadQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: textInput(100).regex(/^[A-Za-z0-9_-]{20,100}$/),
});

/** SPEC section 5: delivery files, at most 10 MB, of these kinds (decided by the file's bytes). */
export const DELIVERY_MAX_FILE_BYTES = 10 * MB;
export const DELIVERY_TYPES = [
  { mime: 'application/pdf', ext: 'pdf', label: 'PDF' },
  { mime: 'application/zip', ext: 'zip', label: 'ZIP' },
  { mime: 'image/jpeg', ext: 'jpg', label: 'JPEG' },
  { mime: 'image/png', ext: 'png', label: 'PNG' },
  { mime: 'image/gif', ext: 'gif', label: 'GIF' },
  { mime: 'text/plain', ext: 'txt', label: 'plain text' },
  { mime: 'application/msword', ext: 'doc', label: 'DOC' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', label: 'DOCX' },
] as const;
/** For the file picker's accept attribute (a hint only; the server checks the bytes). */
export const DELIVERY_ACCEPT =
  '.pdf,.zip,.jpg,.jpeg,.png,.gif,.txt,.doc,.docx,' + DELIVERY_TYPES.map((type) => type.mime).join(',');

const orderRole = z.enum(['buyer', 'seller']);

export const orderParty = z.object({ id: z.string(), displayName: z.string() }).nullable();
export type OrderParty = z.output<typeof orderParty>;

export const orderMessage = z.object({ id: z.string(), senderRole: orderRole, key: z.string(), sentAt: z.string() });
export type OrderMessage = z.output<typeof orderMessage>;

export const orderSummary = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  title: z.string(),
  pricePence: z.number().int().nullable(),
  createdAt: z.string(),
  buyer: orderParty,
  seller: orderParty,
  /** Set when the order came from a private job. */
  jobId: z.string().nullable(),
});
export type OrderSummary = z.output<typeof orderSummary>;

export const orderDetail = orderSummary.extend({
  /** What the viewer is to this order; admins who are not a party read it as 'admin'. */
  viewerRole: z.enum(['buyer', 'seller', 'admin']),
  paypalLink: z.string().nullable(),
  offer: z.object({ id: z.string(), mediaUrl: z.string() }).nullable(),
  job: z
    .object({
      id: z.string(),
      title: z.string(),
      budgetPence: z.number().int().nullable(),
      status: z.enum(JOB_STATUSES),
    })
    .nullable(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  delivery: z.object({ fileName: z.string(), contentType: z.string() }).nullable(),
  messages: z.array(orderMessage),
});
export type OrderDetail = z.output<typeof orderDetail>;

export const orderList = z.object({
  orders: z.array(orderSummary),
  counts: z.object({ buyer: z.number().int(), seller: z.number().int() }),
  /** Where the next page starts, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.output<typeof orderList>;

export const deliveryLink = z.object({ url: z.string(), expiresAt: z.string() });
export type DeliveryLink = z.output<typeof deliveryLink>;
