/** Messages between two people: thin routes over the messages service (the table is core's messages.api.ts). */
import { feature } from '../http/declare.ts';
import { getThread, listConversations, markConversationRead, replyInThread, sendMessage } from './messages.service.ts';

export const messages = feature('messages', ({ deps, route }) => {
  route('POST /api/messages', ({ actor, body }) =>
    sendMessage({ deps, actor, offerId: body.offerId, text: body.text }),
  );

  route('GET /api/messages/conversations', ({ actor, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listConversations({ deps, actor, cursor: query.cursor });
  });

  route('GET /api/messages/with/:userId', ({ actor, params, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return getThread({ deps, actor, otherUserId: params.userId, cursor: query.cursor });
  });

  route('POST /api/messages/with/:userId', ({ actor, params, body }) =>
    replyInThread({ deps, actor, otherUserId: params.userId, text: body.text }),
  );

  route('POST /api/messages/with/:userId/read', ({ actor, params }) =>
    markConversationRead({ deps, actor, otherUserId: params.userId }),
  );
});
