/** Texts of the orders feature: SPEC section 8 "Orders" word for word, plus the ones the spec leaves to us. */
import type { OrderStatus } from './constants.ts';

const statusWords: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  delivered: 'delivered',
  completed: 'completed',
};

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
    deliver: 'Only the seller can deliver this order.',
    complete: 'Only the buyer can accept and complete this order.',
  },
  wrongState: {
    pay: (status: OrderStatus) => `This order cannot be marked as paid: it is ${statusWords[status]}.`,
    deliver: (status: OrderStatus) =>
      `A delivery can only be uploaded while the order is paid; it is ${statusWords[status]}.`,
    complete: (status: OrderStatus) => `Only a delivered order can be completed; it is ${statusWords[status]}.`,
  },
  notAParty: 'Only the buyer and the seller can send messages on this order.',
  wrongMessageKey: 'That message is not one you can send on this order.',
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
  },
  notification: {
    paid: (title: string) => `New paid order: ${title}`,
    delivered: (title: string) => `Your order was delivered: ${title}`,
    completed: (title: string) => `Order completed: ${title}`,
  },
  /** The control under the list that loads its next page, and its label while loading. */
  more: { show: 'Show more orders', loading: 'Loading more orders…' },
} as const;
