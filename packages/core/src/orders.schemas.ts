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
 *   POST /api/orders/:id/payment-received      seller confirms the buyer's payment
 *   POST /api/orders/:id/payment-not-received  { note? } seller: paid (unconfirmed) -> awaiting_payment
 *   POST /api/orders/:id/cancel          buyer, awaiting_payment -> cancelled
 *   POST /api/orders/:id/decline         { reason } seller, before the payment is confirmed -> cancelled
 *   POST /api/orders/:id/changes         { note } buyer, delivered -> paid, within the offer's revisions
 *   PUT  /api/orders/:id/delivery        multipart "file"; seller replaces the delivery before the buyer acts
 *   POST /api/orders/:id/problem         { reason, details } either side, from payment onward -> disputed
 *   GET  /api/admin/disputes?cursor=     admin: the open disputes, oldest report first
 *   POST /api/admin/disputes/:id/resolve { outcome, note } admin: disputed -> completed | cancelled | paid
 */
import { z } from 'zod';
import { JOB_STATUSES, MB, ORDER_STATUSES } from './constants.ts';
import { plainText, textInput } from './text-input.ts';
import { DISPUTE_OUTCOMES, ordersTexts, PROBLEM_LABELS, PROBLEM_REASONS, type ProblemLabel } from './orders.texts.ts';
import { messageTextSchema } from './messages.schemas.ts';
import { messageTexts } from './messages.texts.ts';
import { review } from './reviews.schemas.ts';
import { ORDER_NOTE_MAX, PROBLEM_TEXT_MAX } from './orders.limits.ts';

export const orderIdParams = z.object({ id: z.uuid({ error: 'Order not found' }) });
export const createOrderInput = z.strictObject({ offerId: z.uuid({ error: 'This offer is not available to buy.' }) });
export const orderListQuery = z.object({
  role: z.enum(['buyer', 'seller']).default('buyer'),
  /** The opaque nextCursor of the page before; without it, the first page. */
  cursor: textInput(200).optional(),
});
/** A canned message by its key, or the party's own text (SPEC section 5: 1 to 1000 characters, no markup). */
export const orderMessageInput = z
  .strictObject({ key: textInput(40).min(1).optional(), text: messageTextSchema.optional() })
  .refine((input) => (input.key === undefined) !== (input.text === undefined), {
    error: messageTexts.invalidBody,
    path: ['text'],
  });
/** Which delivered file: its id; without one, the latest. */
const deliveryId = textInput(18, 'Delivery not found').regex(/^[1-9][0-9]*$/, 'Delivery not found');
export const deliveryLinkQuery = z.object({ delivery: deliveryId.optional() });
export const deliveryDownloadQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: textInput(100).regex(/^[A-Za-z0-9_-]{20,100}$/),
  delivery: deliveryId.optional(),
});

/** A note on a move (why a payment is not there, why an order is declined, what to change). */
const orderNote = (required?: string) => plainText(ORDER_NOTE_MAX, ordersTexts.noteTooLong, required);
const problemText = (required: string) => plainText(PROBLEM_TEXT_MAX, ordersTexts.problem.tooLong, required);
export const paymentNotReceivedInput = z.strictObject({ note: orderNote().optional() });
export const declineOrderInput = z.strictObject({
  reason: orderNote(ordersTexts.reasonRequired).prefault(''),
});
export const requestChangesInput = z.strictObject({
  note: orderNote(ordersTexts.changesNoteRequired).prefault(''),
});
const problemReasons = Object.keys(PROBLEM_REASONS) as [
  keyof typeof PROBLEM_REASONS,
  ...(keyof typeof PROBLEM_REASONS)[],
];
export const reportProblemInput = z.strictObject({
  reason: z.enum(problemReasons, { error: ordersTexts.problem.chooseReason }),
  details: problemText(ordersTexts.problem.detailsRequired).prefault(''),
});
const disputeOutcomes = Object.keys(DISPUTE_OUTCOMES) as [
  keyof typeof DISPUTE_OUTCOMES,
  ...(keyof typeof DISPUTE_OUTCOMES)[],
];
export const resolveDisputeInput = z.strictObject({
  outcome: z.enum(disputeOutcomes),
  note: problemText(ordersTexts.problem.noteRequired).prefault(''),
});
export const disputeListQuery = z.object({ cursor: textInput(200).optional() });

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

/** What happened to an order, in its history: each move, by whom, with its note. */
export const ORDER_EVENT_KINDS = [
  'payment_claimed',
  'payment_confirmed',
  'payment_not_received',
  'delivered',
  'delivery_replaced',
  'changes_requested',
  'completed',
  'cancelled',
  'declined',
  'reminded',
  'auto_completed',
  'expired',
  'problem_reported',
  'resolved_completed',
  'resolved_cancelled',
  'resolved_redeliver',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
/** Who made a move: one side, the order's timers, or an admin resolving a problem. */
const orderActor = z.enum(['buyer', 'seller', 'system', 'admin']);
export const orderEvent = z.object({
  id: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  by: orderActor,
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.output<typeof orderEvent>;

/** A delivered file; every one stays downloadable by both sides. */
export const orderDelivery = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  deliveredAt: z.string(),
});
export type OrderDelivery = z.output<typeof orderDelivery>;

export const orderParty = z.object({ id: z.string(), displayName: z.string() }).nullable();
export type OrderParty = z.output<typeof orderParty>;

/** A canned message (key) or a party's own text. */
export const orderMessage = z.object({
  id: z.string(),
  senderRole: orderRole,
  key: z.string().nullable(),
  text: z.string().nullable(),
  sentAt: z.string(),
});
export type OrderMessage = z.output<typeof orderMessage>;

/** A problem one side reported; while it is open the order is disputed. */
export const orderProblem = z.object({
  reason: z.enum(Object.keys(PROBLEM_LABELS) as [ProblemLabel, ...ProblemLabel[]]),
  details: z.string(),
  reportedBy: z.enum(['buyer', 'seller', 'admin']),
  reportedAt: z.string(),
});
export type OrderProblem = z.output<typeof orderProblem>;

export const orderSummary = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  title: z.string(),
  pricePence: z.number().int().nullable(),
  createdAt: z.string(),
  buyer: orderParty,
  seller: orderParty,
  /** Set when the order came from a private job, with the job's status. */
  jobId: z.string().nullable(),
  jobStatus: z.enum(JOB_STATUSES).nullable(),
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
  /** When the buyer said they paid. */
  paidAt: z.string().nullable(),
  /** When the seller confirmed the money arrived (or delivered); null while it is only claimed. */
  paymentConfirmedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Who cancelled: the buyer (cancel), the seller (decline, with a reason) or the timer (not paid in time). */
  cancelledBy: orderActor.nullable(),
  cancelReason: z.string().nullable(),
  /** Change requests the offer includes, and those the buyer has made. */
  revisions: z.object({ allowed: z.number().int(), used: z.number().int() }),
  /** The latest delivered file (the one the buyer accepts). */
  delivery: z.object({ fileName: z.string(), contentType: z.string() }).nullable(),
  /** Every delivered file, oldest first. */
  deliveries: z.array(orderDelivery),
  /** The order's history, oldest first. */
  events: z.array(orderEvent),
  messages: z.array(orderMessage),
  /** The open problem, while the order is disputed (its resolution is in the history). */
  problem: orderProblem.nullable(),
  /** The buyer's review, once written (completed orders only). */
  review: review.nullable(),
});
export type OrderDetail = z.output<typeof orderDetail>;

export const orderList = z.object({
  orders: z.array(orderSummary),
  counts: z.object({ buyer: z.number().int(), seller: z.number().int() }),
  /** Where the next page starts, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.output<typeof orderList>;

/** An open dispute in the admin's list: the order and its problem. */
export const dispute = orderSummary.extend({ problem: orderProblem });
export type Dispute = z.output<typeof dispute>;
export const disputeList = z.object({ disputes: z.array(dispute), nextCursor: z.string().nullable() });
export type DisputeList = z.output<typeof disputeList>;

export const deliveryLink = z.object({ url: z.string(), expiresAt: z.string() });
export type DeliveryLink = z.output<typeof deliveryLink>;
