/** HTTP for Web Push (core's push.ts): the key, and turning push on and off for this device; each route calls one service verb. */
import { feature } from '../http/declare.ts';
import * as service from './push.service.ts';

export const push = feature('push', ({ deps, route }) => {
  route('GET /api/push/key', () => service.getPushKey({ deps }));
  route('PUT /api/push/subscription', ({ actor, body, request }) =>
    service.subscribePush({
      deps,
      actor,
      endpoint: body.endpoint,
      keys: body.keys,
      userAgent: request.headers['user-agent'],
    }),
  );
  route('DELETE /api/push/subscription', ({ actor, body }) =>
    service.unsubscribePush({ deps, actor, endpoint: body.endpoint }),
  );
});
