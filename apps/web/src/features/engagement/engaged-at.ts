/**
 * When this browser last changed an offer's counts (boost, favourite, reaction, share), kept for the
 * tab's session: for a while after it, the feed's pages are asked for past the shared cache
 * (feed/feed.queries.ts), so a reload shows the true counts.
 */
const ENGAGED_AT_KEY = 'gigreel.engagedAt';

export function markEngaged(): void {
  sessionStorage.setItem(ENGAGED_AT_KEY, String(Date.now()));
}

/** The time of the last change (epoch milliseconds), or 0 when there was none in this session. */
export function lastEngagedAt(): number {
  return Number(sessionStorage.getItem(ENGAGED_AT_KEY));
}
