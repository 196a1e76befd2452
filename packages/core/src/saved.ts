/**
 * Saved offers (issue 19): the offers a person favourited, listed on their profile's Saved tab newest
 * first, each opening in the feed. Route:
 *   GET /api/saved?cursor=   one page (30, newest favourite first) -> SavedPage
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { boostedOffer } from './offers.contract.ts';
import { textInput } from './text-input.ts';

export const savedTexts = {
  tab: 'Saved',
  empty: 'Offers you favourite show up here.',
  loadFailed: 'Failed to load your saved offers',
  loading: 'Loading your saved offers',
  more: { show: 'Show more saved offers', loading: 'Loading more saved offers…' },
} as const;

export const savedQuery = z.object({ cursor: textInput(200).optional() });

/** One page of the viewer's saved offers; nextCursor is null on the last page. */
export const savedPage = z.object({ offers: z.array(boostedOffer), nextCursor: z.string().nullable() });
export type SavedPage = z.output<typeof savedPage>;

export const savedApi = defineApi({
  'GET /api/saved': {
    caller: 'signedIn',
    summary:
      "One page of the offers the signed-in person favourited (30, newest first; cursor: the page before's nextCursor)",
    query: savedQuery,
    response: savedPage,
  },
});
