/** The push feature's public entry: what other features and the screens use of it. */
export { PushToggle } from './PushToggle.tsx';
export { turnOffPushHere } from './push.queries.ts';
