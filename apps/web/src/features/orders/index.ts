/** The orders feature's public entry: what other features and the app use of it, and all they may import. */
export { BackLink } from './BackLink.tsx';
export { OrderActions } from './OrderActions.tsx';
export { OrderCard } from './OrderCard.tsx';
export { OrderMessages } from './OrderMessages.tsx';
export { PaymentBadge } from './PaymentBadge.tsx';
export { ordersKey, useOrder, useOrderList, useUploadDelivery } from './orders.queries.ts';
export { CompletePaymentDialog } from './lazy.ts';
