/** The orders feature's public entry: what other features and the app use of it, and all they may import. */
export { BackLink } from './BackLink.tsx';
export { dateAndTime } from './dateAndTime.ts';
export { DeliveredFiles } from './DeliveredFiles.tsx';
export { OrderActions } from './OrderActions.tsx';
export { OrderCard } from './OrderCard.tsx';
export { OrderHistory } from './OrderHistory.tsx';
export { OrderMessages } from './OrderMessages.tsx';
export { orderFacts, viewerSide } from './orderFacts.ts';
export { PaymentBadge } from './PaymentBadge.tsx';
export { PaymentState } from './PaymentState.tsx';
export { ordersKey, useOrder, useOrderList, useUploadDelivery } from './orders.queries.ts';
export { CompletePaymentDialog } from './lazy.ts';
