/**
 * How shares count (the feed's rank reads them): once per person, or per browser and address for
 * anonymous callers, per offer and day; a few browsers at most per address, so clearing cookies does
 * not mint new sharers; and a burst limit per address on the share route itself.
 */
export const ANONYMOUS_SHARERS_PER_ADDRESS = 3;
export const SHARE_BURST_MAX = 20;
export const SHARE_BURST_WINDOW_MS = 60_000;

export const shareTexts = {
  tooFast: 'You are sharing very quickly. Please wait a minute and try again.',
} as const;
