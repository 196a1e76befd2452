/** Texts of the orders feature: SPEC section 8 "Orders" word for word, plus the ones the spec leaves to us. */
import type { OrderStatus } from './constants.ts';
import { ORDER_NOTE_MAX, PROBLEM_REPORT_DAYS, PROBLEM_TEXT_MAX } from './orders.limits.ts';

const statusWords: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  disputed: 'problem reported',
};

/** Why a party reports a problem, as they choose it. */
export const PROBLEM_REASONS = {
  not_delivered: 'The order was not delivered',
  not_as_described: 'The delivery is not what was offered',
  payment: 'A problem with the payment',
  no_answer: 'The other side stopped answering',
  other: 'Something else',
} as const;
export type ProblemReason = keyof typeof PROBLEM_REASONS;
/** Every reason an open problem can have: a party's, or the admins' when one side of the order is suspended. */
export const PROBLEM_LABELS = {
  ...PROBLEM_REASONS,
  account_suspended: 'An account in this order was suspended',
} as const;
export type ProblemLabel = keyof typeof PROBLEM_LABELS;

/** How an admin resolves a reported problem, as the admin picks it and as both sides read it. */
export const DISPUTE_OUTCOMES = {
  complete: { action: 'Complete the order', done: 'completed' },
  cancel: { action: 'Cancel the order', done: 'cancelled' },
  redeliver: { action: 'Send back for delivery', done: 'sent back to the seller for delivery' },
} as const;
export type DisputeOutcome = keyof typeof DISPUTE_OUTCOMES;

function cannotReport(status: OrderStatus): string {
  return status === 'disputed'
    ? 'A problem is already reported on this order. An admin is looking at it.'
    : `A problem can be reported once the order is paid, and up to ${PROBLEM_REPORT_DAYS} days after it completes.`;
}

export const ordersTexts = {
  // SPEC section 8, Orders
  loadFailed: 'Failed to load orders. Please try again.',
  updateFailed: 'Failed to update transaction status',
  fetchDetailsFailed: 'Failed to fetch order details',
  sendMessageFailed: 'Failed to send message',
  downloadFailed: 'Failed to download file',
  uploadFailed: 'Failed to upload file',
  notFound: 'Order not found',
  noPermission: "Failed to fetch order or you don't have permission",
  // SPEC section 8, Feed: the Complete Payment dialog
  confirmPaymentFailed: 'Failed to confirm payment',
  acceptAndComplete: 'Accept & Complete Order',
  // Ours, where the spec shows none
  statusLabel: (status: string) =>
    (status in statusWords ? statusWords[status as OrderStatus] : status).replace(/^./, (c) => c.toUpperCase()),
  paymentTitle: 'Complete Payment',
  paymentSteps: 'Pay the seller on their payment page (it opens in a new tab), then come back and confirm.',
  openPaymentPage: 'Open payment page',
  iHavePaid: "I've paid",
  paymentConfirmed: 'Payment confirmed. The seller has been told.',
  delivered: 'Delivery uploaded. The buyer has been told.',
  completed: 'Order completed. Thank you!',
  messageSent: 'Message sent',
  notForSale: 'This offer is not available to buy.',
  ownOffer: 'You cannot buy your own offer.',
  wrongRole: {
    pay: 'Only the buyer can confirm payment.',
    confirm_payment: 'Only the seller can say whether the payment arrived.',
    reject_payment: 'Only the seller can say whether the payment arrived.',
    cancel: 'Only the buyer can cancel this order.',
    decline: 'Only the seller can decline this order.',
    deliver: 'Only the seller can deliver this order.',
    replace_delivery: 'Only the seller can replace the delivery.',
    request_changes: 'Only the buyer can ask for changes.',
    complete: 'Only the buyer can accept and complete this order.',
    auto_complete: 'Only the order’s timer completes an order by itself.',
    expire: 'Only the order’s timer cancels an unpaid order.',
    report_problem: 'Only the buyer and the seller can report a problem on this order.',
    resolve_complete: 'Only an admin can resolve a reported problem.',
    resolve_cancel: 'Only an admin can resolve a reported problem.',
    resolve_redeliver: 'Only an admin can resolve a reported problem.',
  },
  wrongState: {
    pay: (status: OrderStatus) => `This order cannot be marked as paid: it is ${statusWords[status]}.`,
    confirm_payment: (status: OrderStatus) =>
      `There is no payment waiting for your confirmation: the order is ${statusWords[status]}.`,
    reject_payment: (status: OrderStatus) =>
      `There is no payment waiting for your confirmation: the order is ${statusWords[status]}.`,
    cancel: (status: OrderStatus) =>
      `Only an order awaiting payment can be cancelled; this one is ${statusWords[status]}.`,
    decline: (status: OrderStatus) =>
      `An order can only be declined before its payment is confirmed; this one is ${statusWords[status]}.`,
    deliver: (status: OrderStatus) =>
      `A delivery can only be uploaded while the order is paid; it is ${statusWords[status]}.`,
    replace_delivery: (status: OrderStatus) =>
      `The delivery can only be replaced before the buyer acts on it; the order is ${statusWords[status]}.`,
    request_changes: (status: OrderStatus) =>
      `Changes can only be asked for on a delivered order; this one is ${statusWords[status]}.`,
    complete: (status: OrderStatus) => `Only a delivered order can be completed; it is ${statusWords[status]}.`,
    auto_complete: (status: OrderStatus) => `Only a delivered order completes by itself; it is ${statusWords[status]}.`,
    expire: (status: OrderStatus) => `Only an unpaid order expires; it is ${statusWords[status]}.`,
    report_problem: cannotReport,
    resolve_complete: (status: OrderStatus) => `There is no open problem on this order: it is ${statusWords[status]}.`,
    resolve_cancel: (status: OrderStatus) => `There is no open problem on this order: it is ${statusWords[status]}.`,
    resolve_redeliver: (status: OrderStatus) => `There is no open problem on this order: it is ${statusWords[status]}.`,
  },
  cannotReport,
  waitingForDesigner: 'The designer has not accepted this job yet. You can pay once they accept it.',
  waitingForDesignerLabel: 'Waiting for the designer',
  declinedLabel: 'Declined',
  jobDeclinedReason: 'The designer declined this job.',
  noRevisionsLeft: 'This offer includes no more revisions, so the delivery can only be accepted now.',
  notAParty: 'Only the buyer and the seller can send messages on this order.',
  wrongMessageKey: 'That message is not one you can send on this order.',
  messageDoesNotFit: (status: OrderStatus) => `That message does not fit an order that is ${statusWords[status]}.`,
  noDelivery: 'This order has no delivery yet.',
  chooseFile: 'Choose a file to upload.',
  jobDeclined: 'The designer declined this job, so there is nothing to pay.',
  jobDeclinedAfterPayment:
    'The designer declined this job after it was marked as paid. Please ask them for your money back.',
  jobDeclinedNoDelivery: 'This job was declined, so it cannot be delivered.',
  noPaymentLink: 'The seller has not added a payment link yet, so this cannot be bought right now.',
  tooManyOpenOrders: (max: number) =>
    `You already have ${max} orders with this seller waiting for payment or delivery. Please finish those first.`,
  tooManyNewOrders: (max: number) => `You can place up to ${max} orders a day. Please try again tomorrow.`,
  linkExpired: 'This download link has expired or is not valid. Open the order again to get a new one.',
  // The order's lifecycle (the seller confirms the money, cancelling, changes)
  paymentReceived: 'Payment received',
  paymentNotReceived: 'Payment not received',
  paymentReceivedDone: 'Payment confirmed. The buyer has been told.',
  paymentNotReceivedDone: 'The buyer has been told the payment has not arrived.',
  paymentClaimed: (amount: string, date: string) => `The buyer says they paid ${amount} on ${date}.`,
  paymentClaimedNoAmount: (date: string) => `The buyer says they paid on ${date}.`,
  paymentState: { claimed: 'Payment claimed by the buyer', confirmed: 'Payment confirmed by the seller' },
  cancelOrder: 'Cancel order',
  declineOrder: 'Decline order',
  cancelledDone: 'Order cancelled.',
  declinedDone: 'Order declined. The buyer has been told.',
  cancelledBy: {
    buyer: 'Cancelled by the buyer',
    seller: 'Declined by the seller',
    system: 'Expired: not paid in time',
    admin: 'Cancelled by an admin after a reported problem',
  },
  requestChanges: 'Request changes',
  changesRequested: 'Your request has been sent to the seller.',
  revisionsLeft: (left: number) =>
    left === 0 ? 'No revisions left' : left === 1 ? '1 revision left' : `${left} revisions left`,
  replaceDelivery: 'Replace file',
  deliveryReplaced: 'Delivery replaced. The buyer has been told.',
  acceptConfirmTitle: 'Accept this delivery?',
  acceptConfirmBody:
    'Accepting completes the order: the seller is told the work is done and you can no longer ask for changes.',
  noteTooLong: 'Please keep the note under 500 characters.',
  reasonRequired: 'Please say why you are declining this order.',
  changesNoteRequired: 'Please say what you would like changed.',
  events: {
    payment_claimed: "Buyer said they've paid",
    payment_confirmed: 'Seller confirmed the payment',
    payment_not_received: 'Seller has not received the payment',
    delivered: 'Seller delivered',
    delivery_replaced: 'Seller replaced the delivery',
    changes_requested: 'Buyer asked for changes',
    completed: 'Buyer accepted the delivery',
    cancelled: 'Buyer cancelled the order',
    declined: 'Seller declined the order',
    reminded: 'Buyer reminded to accept or ask for changes',
    auto_completed: 'Completed automatically: the buyer did not respond in time',
    expired: 'Cancelled: the payment did not arrive in time',
    problem_reported: 'Problem reported',
    resolved_completed: 'Admin resolved the problem: order completed',
    resolved_cancelled: 'Admin resolved the problem: order cancelled',
    resolved_redeliver: 'Admin resolved the problem: back to the seller for delivery',
  },
  // Reporting a problem, and an admin resolving it
  problem: {
    report: 'Report a problem',
    title: 'Report a problem with this order',
    body: 'An admin looks at the order, its messages and files and decides. Its timers stop until then, and both of you are told.',
    reason: 'What went wrong?',
    chooseReason: 'Please choose what went wrong.',
    details: 'What happened?',
    detailsRequired: 'Please say what happened.',
    tooLong: `Please keep it under ${PROBLEM_TEXT_MAX} characters.`,
    send: 'Report problem',
    reported: 'Problem reported. An admin will look at it and both of you will be told.',
    openTitle: 'A problem has been reported',
    openBody: 'An admin is looking at this order. Nothing moves until they resolve it, and both of you will be told.',
    reportedBy: { buyer: 'Reported by the buyer', seller: 'Reported by the seller', admin: 'Filed by an admin' },
    resolved: 'Resolved. Both sides have been told.',
    resolveNote: 'Note for both sides',
    resolveNoteHint: 'Say what was decided; a refund, if any, happens outside GigReel.',
    noteRequired: 'Please write a note for both sides.',
    resolveConfirm: (action: string) => `${action}?`,
    heldDetails: (side: 'buyer' | 'seller') =>
      `The ${side}'s account was suspended while the order was open. Decide what happens to it.`,
  },
  goBack: 'Go back',
  cancelBody: 'The order is cancelled and nothing is to be paid. This cannot be undone.',
  declineBody: 'The order is cancelled and the buyer is told your reason. This cannot be undone.',
  declineReason: 'Reason (the buyer sees it)',
  notReceivedBody:
    'The order goes back to awaiting payment, and the buyer is asked to check and pay again. Add a note if it helps them.',
  notReceivedNote: 'Note for the buyer (optional)',
  changesBody: 'The order goes back to the seller, who delivers a new file.',
  changesNote: 'What would you like changed?',
  changesAsked: 'The buyer asked for changes:',
  paymentMissing: 'The seller has not received your payment yet. Please check it was sent, then pay again.',
  cancelledFinal: 'Nothing more needs to be paid or delivered.',
  reason: 'Reason',
  latest: 'Latest',
  replaceHint:
    'The new file takes the place of the one the buyer is to accept; earlier files stay listed on the order.',
  currentFile: 'Current file:',
  replacementFile: 'Replacement file',
  noteCount: (length: number) => `${length}/${ORDER_NOTE_MAX}`,
  writeMessage: 'Write a message',
  sendMessage: 'Send',
  history: 'History',
  deliveries: 'Delivered files',
  myOrders: 'My Orders',
  mySales: 'My Sales',
  noOrders: 'No orders yet',
  noSales: 'No sales yet',
  uploadDelivery: 'Upload delivery',
  download: 'Download',
  deliveryHint: 'PDF, ZIP, JPEG, PNG, GIF, plain text, DOC or DOCX, up to 10 MB.',
  mail: {
    paidSubject: (title: string) => `You have a paid order: ${title}`,
    paidBody: (buyer: string, title: string) => `${buyer} has paid for "${title}". Open the order to deliver the file.`,
    deliveredSubject: (title: string) => `Your order has been delivered: ${title}`,
    deliveredBody: (seller: string, title: string) =>
      `${seller} has delivered "${title}". Open the order to download the file and accept it.`,
    notReceivedSubject: (title: string) => `Payment not received: ${title}`,
    notReceivedBody: (seller: string, title: string) =>
      `${seller} has not received your payment for "${title}" yet. Open the order to see their note and pay again.`,
    changesSubject: (title: string) => `Changes requested: ${title}`,
    changesBody: (buyer: string, title: string) =>
      `${buyer} has asked for changes to "${title}". Open the order to read the note and deliver again.`,
    completedSubject: (title: string) => `Order completed: ${title}`,
    completedBody: (buyer: string, title: string) => `${buyer} accepted your delivery of "${title}". Well done!`,
    cancelledSubject: (title: string) => `Order cancelled: ${title}`,
    cancelledBody: (who: string, title: string) =>
      `${who} cancelled the order for "${title}". Nothing more needs to be paid or delivered.`,
    autoCompletedBody: (title: string) =>
      `The delivery of "${title}" was not accepted or questioned in time, so the order has completed by itself.`,
    expiredBody: (title: string) =>
      `The order for "${title}" was not paid in time, so it has been cancelled. Nothing more needs to be paid.`,
    declinedBody: (who: string, title: string) =>
      `${who} declined the order for "${title}". Open the order to read why; nothing more needs to be paid.`,
    problemSubject: (title: string) => `A problem was reported: ${title}`,
    problemBody: (who: string, title: string) =>
      `${who} reported a problem with the order for "${title}". An admin will look at it; the order waits until then.`,
    heldSubject: (title: string) => `An admin is looking at your order: ${title}`,
    heldBody: (title: string) =>
      `The other account in your order for "${title}" was suspended, so an admin will look at the order and decide what happens to it; it waits until then. Please do not pay anything more for it meanwhile.`,
    resolvedSubject: (title: string) => `Problem resolved: ${title}`,
    resolvedBody: (title: string, done: string, note: string) =>
      `An admin resolved the problem with "${title}": the order is ${done}. Their note: ${note}`,
  },
  notification: {
    paid: (title: string) => `New paid order: ${title}`,
    delivered: (title: string) => `Your order was delivered: ${title}`,
    completed: (title: string) => `Order completed: ${title}`,
    paymentConfirmed: (title: string) => `Payment confirmed: ${title}`,
    paymentNotReceived: (title: string) => `Payment not received: ${title}`,
    changesRequested: (title: string) => `Changes requested: ${title}`,
    deliveryReplaced: (title: string) => `Delivery replaced: ${title}`,
    cancelled: (title: string) => `Order cancelled: ${title}`,
    declined: (title: string) => `Order declined: ${title}`,
    message: (title: string) => `New message on your order: ${title}`,
    reminder: (title: string) => `Please check your delivery: ${title}`,
    reminderBody: (when: string) =>
      `Accept it or ask for changes. If you do nothing, the order completes by itself ${when}.`,
    autoCompleted: (title: string) => `Order completed automatically: ${title}`,
    expired: (title: string) => `Order expired: ${title}`,
    expiredBody: 'It was not paid in time, so it has been cancelled.',
    problem: (title: string) => `Problem reported: ${title}`,
    resolved: (title: string) => `Problem resolved: ${title}`,
  },
  /** The control under the list that loads its next page, and its label while loading. */
  more: { show: 'Show more orders', loading: 'Loading more orders…' },
} as const;
