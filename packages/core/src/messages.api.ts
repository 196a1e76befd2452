/** Messages between two people in the route table (api.ts). */
import { z } from 'zod';
import { defineApi } from './api.ts';
import {
  conversationList,
  markReadResult,
  messagesPageQuery,
  replyMessageInput,
  sendMessageInput,
  thread,
  threadMessage,
  userIdParam,
} from './messages.schemas.ts';
import { texts } from './texts.ts';

export const messagesApi = defineApi({
  'POST /api/messages': {
    caller: 'signedIn',
    signInText: texts.auth.loginToMessage,
    summary:
      'A message to the seller of an offer the sender can see; it opens (or continues) the conversation with them',
    body: sendMessageInput,
    response: z.object({ message: threadMessage }),
    status: 201,
  },
  'GET /api/messages/conversations': {
    caller: 'signedIn',
    summary:
      'One page of rows, one per person the viewer has messages with: the latest message and how many from them are unread, newest first',
    query: messagesPageQuery,
    response: conversationList,
  },
  'GET /api/messages/with/:userId': {
    caller: 'signedIn',
    summary:
      'One page of the thread with one person, oldest first within it: the newest page, then older ones by cursor (only messages the viewer sent or received)',
    params: userIdParam,
    query: messagesPageQuery,
    response: thread,
  },
  'POST /api/messages/with/:userId': {
    caller: 'signedIn',
    signInText: texts.auth.loginToMessage,
    summary: 'A reply in an existing conversation, about the offer it was last about',
    params: userIdParam,
    body: replyMessageInput,
    response: z.object({ message: threadMessage }),
    status: 201,
  },
  'POST /api/messages/with/:userId/read': {
    caller: 'signedIn',
    summary: 'Marks what the other person sent (and its notifications) as read',
    params: userIdParam,
    response: markReadResult,
  },
});
