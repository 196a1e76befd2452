/** The push feature's public entry: what the app, the background work and the notifications feature use of it. */
export { pushJob } from './push.sender.ts';
export { push } from './push.routes.ts';
export { PUSH_JOB, PUSH_WAKE_CHANNEL, queuePush } from './push.service.ts';
