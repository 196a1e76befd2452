/** Who may see and do what with offers (SPEC sections 5 and 6), in one place. */
export type Actor = { id: string; isAdmin: boolean } | null;
export type OfferFacts = { userId: string; isApproved: boolean; mediaKey: string };

/** Normal users see only approved offers with media; the owner and admins always see it. */
export function canSeeOffer(actor: Actor, offer: OfferFacts): boolean {
  return (offer.isApproved && offer.mediaKey !== '') || !!actor?.isAdmin || actor?.id === offer.userId;
}

/** The feed shows admins every offer (SPEC: the privileged admin account sees all). */
export function seesWholeFeed(actor: Actor): boolean {
  return !!actor?.isAdmin;
}

/** A person boosts others' offers, never their own. */
export function canBoost(actor: NonNullable<Actor>, offer: OfferFacts): boolean {
  return actor.id !== offer.userId;
}
