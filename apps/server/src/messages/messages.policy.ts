/** Who may message whom (SPEC section 6): one place, used by the messages service. */
import { MESSAGES_PER_MINUTE, messageTexts, AppError, badRequest, notFound } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';

type OfferForMessage = { userId: string; isApproved: boolean; mediaKey: string };

/**
 * A message goes to the seller of an offer the sender can see (approved with media, as the feed
 * shows; admins see all), and never to oneself (the message button is hidden on one's own offer).
 */
export function checkCanMessageAbout(actor: Actor, offer: OfferForMessage | null): asserts offer is OfferForMessage {
  if (!offer) throw notFound(messageTexts.offerNotFound);
  if (offer.userId === actor.id) throw badRequest(messageTexts.cannotMessageSelf);
  const visible = (offer.isApproved && offer.mediaKey !== '') || actor.isAdmin;
  if (!visible) throw notFound(messageTexts.offerNotFound);
}

/** A reply goes only where a conversation already exists, so nobody can write to anyone by id. */
export function checkCanReply(actor: Actor, otherUserId: string, conversationExists: boolean): void {
  if (otherUserId === actor.id) throw badRequest(messageTexts.cannotMessageSelf);
  if (!conversationExists) throw new AppError('not_found', messageTexts.conversationNotFound);
}

/** At most MESSAGES_PER_MINUTE messages a minute per person, whatever the conversation. */
export function checkSendRate(sentInLastMinute: number): void {
  if (sentInLastMinute >= MESSAGES_PER_MINUTE) throw new AppError('too_many_messages', messageTexts.tooManyMessages);
}
