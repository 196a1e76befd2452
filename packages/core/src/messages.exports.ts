/** Everything messages and notifications share between server and web. */
export * from './messages.texts.ts';
export * from './messages.schemas.ts';
export * from './notifications.texts.ts';
export * from './notifications.contract.ts';
