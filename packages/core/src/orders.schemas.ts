/**
 * Inputs and shapes of the orders API. Routes:
 *   POST /api/orders                     { offerId }  -> { order: OrderDetail }  (reuses the buyer's unpaid order of that offer)
 *   POST /api/orders/:id/paid            buyer, awaiting_payment -> paid
 *   GET  /api/orders?role=buyer|seller   -> OrderList
 *   GET  /api/orders/:id                 buyer, seller or admin -> { order: OrderDetail }
 *   POST /api/orders/:id/messages        { key } -> { message: OrderMessage }
 *   POST /api/orders/:id/delivery        multipart "file"; seller, paid -> delivered
 *   GET  /api/orders/:id/delivery-link   -> DeliveryLink (valid one hour)
 *   GET  /api/orders/:id/delivery/file?expires=&sig=   the signed download
 *   POST /api/orders/:id/complete        buyer, delivered -> completed
 */
import { z } from 'zod';
import { MB, type JobStatus, type OrderStatus } from './constants.ts';
import type { OrderRole } from './orders.machine.ts';
import { textInput } from './text-input.ts';

export const orderIdParams = z.object({ id: z.uuid({ error: 'Order not found' }) });
export const createOrderInput = z.strictObject({ offerId: z.uuid({ error: 'This offer is not available to buy.' }) });
export const orderListQuery = z.object({ role: z.enum(['buyer', 'seller']).default('buyer') });
export const orderMessageInput = z.strictObject({ key: textInput(40).min(1) });
export const deliveryDownloadQuery = z.object({ expires: z.coerce.number().int().positive(), sig: textInput(100).regex(/^[A-Za-z0-9_-]{20,100}$/) });

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
export const DELIVERY_ACCEPT = '.pdf,.zip,.jpg,.jpeg,.png,.gif,.txt,.doc,.docx,' + DELIVERY_TYPES.map((type) => type.mime).join(',');

export type OrderParty = { id: string; displayName: string } | null;
export type OrderMessage = { id: string; senderRole: OrderRole; key: string; sentAt: string };

export type OrderSummary = {
  id: string;
  status: OrderStatus;
  title: string;
  pricePence: number | null;
  createdAt: string;
  buyer: OrderParty;
  seller: OrderParty;
  /** Set when the order came from a private job. */
  jobId: string | null;
};

export type OrderDetail = OrderSummary & {
  /** What the viewer is to this order; admins who are not a party read it as 'admin'. */
  viewerRole: OrderRole | 'admin';
  paypalLink: string | null;
  offer: { id: string; mediaUrl: string } | null;
  job: { id: string; title: string; budgetPence: number | null; status: JobStatus } | null;
  paidAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  delivery: { fileName: string; contentType: string } | null;
  messages: OrderMessage[];
};

export type OrderList = { orders: OrderSummary[]; counts: { buyer: number; seller: number } };
export type DeliveryLink = { url: string; expiresAt: string };
