/**
 * Messages (SPEC section 5): text sanitised (tags stripped, trimmed), 1 to 1000 characters, and never
 * anything that looks like markup or code. One text for every failure: "Invalid Message" is the
 * toast title, the body below is the message the API returns.
 */
import { z } from 'zod';
import { MESSAGE_MAX } from './constants.ts';
import { hasMaliciousContent, sanitizeText } from './sanitize.ts';
import { textInput } from './text-input.ts';
import { messageTexts } from './messages.texts.ts';

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

/** A person's id in a path (Better Auth ids); anything else is "not found", never a 500. */
export const userIdParam = z.strictObject({ userId: textInput(100).min(1).regex(/^[A-Za-z0-9_-]+$/) });
export const notificationIdParam = z.strictObject({ id: z.uuid() });

/** True when the text would be accepted; the dialog uses it to enable Send. */
export function isValidMessage(text: string): boolean {
  return messageTextSchema.safeParse(text).success;
}

// ---- API contract ----
//   POST /api/messages                          SendMessageInput      -> { message: ThreadMessage }   signed in ("Please log in to send messages.")
//   GET  /api/messages/conversations            ConversationList
//   GET  /api/messages/with/:userId             Thread                 oldest first; only the viewer's own messages
//   POST /api/messages/with/:userId             ReplyMessageInput     -> { message: ThreadMessage }   only where a conversation exists
//   POST /api/messages/with/:userId/read        -> MarkReadResult
//   GET  /api/unread                            UnreadCounts
//   GET  /api/events                            text/event-stream of LiveEvent (session cookie)

export type Person = { id: string; displayName: string; profileImage: string | null };

export type ThreadMessage = {
  id: string;
  text: string;
  createdAt: string;
  /** True when the viewer sent it ("You"). */
  fromMe: boolean;
  senderName: string;
  offerId: string | null;
  /** Snapshot of the offer's title when sent; null when unknown ("Unknown Offer"). */
  offerTitle: string | null;
  /** When the receiver read it; null while unread. */
  readAt: string | null;
};

export type Conversation = {
  otherUser: Person;
  lastMessage: { text: string; createdAt: string; fromMe: boolean; offerTitle: string | null };
  /** Messages from the other person the viewer has not read yet. */
  unreadCount: number;
};

export type ConversationList = { conversations: Conversation[]; total: number };

export type Thread = { otherUser: Person; messages: ThreadMessage[] };

export type UnreadCounts = { messages: number; notifications: number };

export type MarkReadResult = { updated: number; unread: UnreadCounts };

/** Events on /api/events; the id of each SSE event is a resume point for Last-Event-ID. */
export type LiveEvent =
  | { type: 'ready'; unread: UnreadCounts }
  | { type: 'message'; id: string; from: string; to: string; createdAt: string }
  | { type: 'notification'; id: string; kind: string; createdAt: string }
  | { type: 'unread'; unread: UnreadCounts };
