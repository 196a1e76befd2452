/** The orders feature's public entry: what other features and the app use of it, and all they may import. */
export { sendAttachment } from './delivery-files.ts';
export { lockBuyer } from './orders.queries.ts';
export { assertOrderQuota, openOrder } from './orders.quota.ts';
export { orders } from './orders.routes.ts';
export {
  declineOrderOfJob,
  holdOrdersOfSuspended,
  orderTimerJob,
  runOrderTimer,
  startPaymentTimerOfJob,
} from './orders.service.ts';
