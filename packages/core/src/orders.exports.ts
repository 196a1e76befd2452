/** Everything of orders and private jobs that the server and the web app share. */
export * from './orders.machine.ts';
export * from './orders.messages.ts';
export * from './orders.limits.ts';
export * from './orders.payment.ts';
export * from './orders.schemas.ts';
export * from './orders.texts.ts';
export * from './jobs.machine.ts';
export * from './jobs.schemas.ts';
export * from './jobs.texts.ts';
export * from './reviews.schemas.ts';
export * from './reviews.texts.ts';
