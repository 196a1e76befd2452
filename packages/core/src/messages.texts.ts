/** User-facing texts of messages and the live connection (SPEC sections 2, 5 and 8), word for word. */
import { texts } from './texts.ts';

export const messageTexts = {
  dialogTitle: 'Send Message',
  dialogDescription: (seller: string) => `Message ${seller} about this offer`,
  label: 'Message',
  placeholder: 'Write your message…',
  send: 'Send',
  sent: 'Message sent!',
  failedToSend: 'Failed to send message',
  invalidTitle: texts.validation.invalidMessage,
  invalidBody: texts.validation.invalidMessageBody,
  loginToMessage: texts.auth.loginToMessage,
  pageTitle: 'Messages',
  noMessages: 'No messages yet',
  noMessagesHint: 'Message a seller from their offer and your conversation shows up here.',
  conversationCount: (count: number) => (count === 1 ? '1 conversation' : `${count} conversations`),
  unreadCount: (count: number) => `${count} unread`,
  you: 'You',
  re: (offerTitle: string) => `Re: ${offerTitle}`,
  unknownUser: 'Unknown',
  unknownOffer: 'Unknown Offer',
  reply: 'Reply',
  replyLabel: (name: string) => `Reply to ${name}`,
  back: 'Back to conversations',
  failedToLoad: 'Failed to fetch messages',
  cannotMessageSelf: 'You cannot send a message to yourself.',
  tooManyMessages: 'You are sending messages too quickly. Please wait a minute and try again.',
  freshAccountPeople: (max: number) =>
    `New accounts can start conversations with up to ${max} people a day. You can still reply to anyone who writes to you; please try again tomorrow.`,
  offerNotFound: 'Offer not found',
  conversationNotFound: 'Conversation not found',
  reconnecting: 'Reconnecting…',
  moreConversations: { show: 'Show more conversations', loading: 'Loading more conversations…' },
  /** At the top of a thread: its earlier page. */
  earlierMessages: { show: 'Show earlier messages', loading: 'Loading earlier messages…' },
} as const;

/**
 * Unread counts stop at UNREAD_CAP: a badge shows "99+" from there, and counting a person's 4,000
 * unread notifications on every request would read all of them. Here rather than beside the schemas:
 * the badge is on the first screen, and reading this module brings no zod schema with it.
 */
export const UNREAD_CAP = 100;

/** What a badge or a heading shows for an unread count: the number, or "99+" at the cap. */
export const unreadLabel = (count: number): string => (count >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(count));
