/**
 * Messages (SPEC section 5): text sanitised (tags stripped, trimmed), 1 to 1000 characters, and never
 * anything that looks like markup or code. One text for every failure: "Invalid Message" is the
 * toast title, the body below is the message the API returns.
 */
import { z } from 'zod';
import { MESSAGE_MAX } from './constants.ts';
import { hasMaliciousContent, sanitizeText } from './sanitize.ts';
import { textInput } from './text-input.ts';
import { messageTexts, UNREAD_CAP } from './messages.texts.ts';

const invalid = messageTexts.invalidBody;

/** Messages one person may send in a minute: plenty for a conversation, too few for spam. */
export const MESSAGES_PER_MINUTE = 20;

/** Checked for markup before sanitising, so the raw text may be at most twice the limit. */
export const messageTextSchema = textInput(MESSAGE_MAX * 2, invalid)
  .refine((raw) => !hasMaliciousContent(raw), invalid)
  .transform((raw) => sanitizeText(raw))
  .pipe(z.string().min(1, invalid).max(MESSAGE_MAX, invalid));

/** The offer a message is about: the id only, the receiver is always that offer's seller. */
export const offerIdSchema = z.uuid({ error: messageTexts.offerNotFound });

/** POST /api/messages: a message to the seller of an offer. */
export const sendMessageInput = z.strictObject({ offerId: offerIdSchema, text: messageTextSchema });
export type SendMessageInput = z.input<typeof sendMessageInput>;

/** POST /api/messages/with/:userId: a reply inside an existing conversation. */
export const replyMessageInput = z.strictObject({ text: messageTextSchema });
export type ReplyMessageInput = z.input<typeof replyMessageInput>;

/**
 * A person's id in a path (Better Auth ids); anything else is "not found" (the check names its code,
 * so the server answers 404 as for an id that does not exist), never a 500.
 */
const USER_ID = /^[A-Za-z0-9_-]+$/;
export const userIdParam = z.strictObject({
  userId: z
    .string()
    .refine((id) => id.length <= 100 && USER_ID.test(id), {
      error: messageTexts.conversationNotFound,
      params: { code: 'not_found' },
    })
    .meta({ pattern: USER_ID.source, minLength: 1, maxLength: 100 }),
});
export const notificationIdParam = z.strictObject({ id: z.uuid() });

/** Keyset page requests of the conversations list and a thread: the opaque nextCursor of the page before. */
export const messagesPageQuery = z.object({ cursor: textInput(200).optional() });

/** True when the text would be accepted; the dialog uses it to enable Send. */
export function isValidMessage(text: string): boolean {
  return messageTextSchema.safeParse(text).success;
}

// ---- API contract (the route table's part is messages.api.ts; /api/unread and /api/events are notifications' and realtime's) ----
//   POST /api/messages                          SendMessageInput      -> { message: ThreadMessage }   signed in ("Please log in to send messages.")
//   GET  /api/messages/conversations?cursor     ConversationList       30 a page, newest first
//   GET  /api/messages/with/:userId?cursor      Thread                 40 a page, newest page first, oldest first within it; only the viewer's own messages
//   POST /api/messages/with/:userId             ReplyMessageInput     -> { message: ThreadMessage }   only where a conversation exists
//   POST /api/messages/with/:userId/read        -> MarkReadResult
//   GET  /api/unread                            UnreadCounts
//   GET  /api/events                            text/event-stream of LiveEvent (session cookie)

export const person = z.object({ id: z.string(), displayName: z.string(), profileImage: z.string().nullable() });
export type Person = z.output<typeof person>;

export const threadMessage = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** True when the viewer sent it ("You"). */
  fromMe: z.boolean(),
  senderName: z.string(),
  offerId: z.string().nullable(),
  /** Snapshot of the offer's title when sent; null when unknown ("Unknown Offer"). */
  offerTitle: z.string().nullable(),
  /** When the receiver read it; null while unread. */
  readAt: z.string().nullable(),
});
export type ThreadMessage = z.output<typeof threadMessage>;

export const conversation = z.object({
  otherUser: person,
  lastMessage: z.object({
    text: z.string(),
    createdAt: z.string(),
    fromMe: z.boolean(),
    offerTitle: z.string().nullable(),
  }),
  /** Messages from the other person the viewer has not read yet. */
  unreadCount: z.number().int(),
});
export type Conversation = z.output<typeof conversation>;

/** The opaque cursor of the next (older) page, or null on the last one. */
const nextCursor = z.string().nullable();

export const conversationList = z.object({
  conversations: z.array(conversation),
  total: z.number().int(),
  nextCursor,
});
export type ConversationList = z.output<typeof conversationList>;

export const thread = z.object({
  otherUser: person,
  /**
   * Whether the other person's links are shown as links: not while their account is fresh (younger
   * than a day or not verified, core's isFreshAccount), so a new account cannot spread links (issue 17).
   */
  otherLinks: z.boolean(),
  messages: z.array(threadMessage),
  nextCursor,
});
export type Thread = z.output<typeof thread>;

const unreadCount = z.number().int().min(0).max(UNREAD_CAP);
export const unreadCounts = z.object({ messages: unreadCount, notifications: unreadCount });
export type UnreadCounts = z.output<typeof unreadCounts>;

export const markReadResult = z.object({ updated: z.number().int(), unread: unreadCounts });
export type MarkReadResult = z.output<typeof markReadResult>;

/** Events on /api/events; the id of each SSE event is a resume point for Last-Event-ID. */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), unread: unreadCounts }),
  z.object({ type: z.literal('message'), id: z.string(), from: z.string(), to: z.string(), createdAt: z.string() }),
  z.object({ type: z.literal('notification'), id: z.string(), kind: z.string(), createdAt: z.string() }),
  z.object({ type: z.literal('unread'), unread: unreadCounts }),
]);
export type LiveEvent = z.output<typeof liveEvent>;
