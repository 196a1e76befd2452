/**
 * What engagement counts (SPEC sections 4 and 6): an offer's counters and rank move only for other
 * people. The rank asks more (established, not blocked by the owner): db/ranked.ts.
 */
import type { Actor } from '../auth/index.ts';

/** A creator's own favourite, reaction or share is kept for them but never lifts their own offer. */
export function movesRank(actor: Actor | null, offer: { userId: string }): boolean {
  return actor?.id !== offer.userId;
}
