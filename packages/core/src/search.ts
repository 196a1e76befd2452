/**
 * Search that answers (issue 19): while a person types in search (the phone's search toggle, the
 * desktop sidebar's box), matching creators and tags are suggested; the results (the feed with ?q= or
 * ?tag=) say how many offers matched. Routes:
 *   GET /api/search/suggestions?q=   creators whose name starts with q, tags that start with q -> SearchSuggestions
 *   GET /api/search/count?q=&tag=    how many offers the feed finds for q or tag, exact up to 1,000 -> SearchCount
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { feedQuery } from './offers.schemas.ts';
import { textInput } from './text-input.ts';

/** At most this many creators, and as many tags, are suggested. */
export const SEARCH_SUGGESTIONS_MAX = 8;
/** Matches are counted exactly up to this many; beyond, the count says "1,000+". */
export const SEARCH_COUNT_CAP = 1000;
/** The longest text a suggestion is looked up for (a name or a tag is shorter). */
export const SEARCH_SUGGEST_MAX_LENGTH = 50;

export const searchTexts = {
  label: 'Search offers',
  placeholder: 'Search offers',
  creators: 'Creators',
  tags: 'Tags',
  /** The first option: search the offers' titles for what was typed. */
  searchFor: (text: string) => `Search offers for "${text}"`,
  /** Announced to screen readers as suggestions arrive. */
  suggestionsFound: (count: number) =>
    count === 0 ? 'No creators or tags match' : count === 1 ? '1 suggestion' : `${count} suggestions`,
  tagOffers: (count: number) => (count === 1 ? '1 offer' : `${count.toLocaleString('en-GB')} offers`),
  /** How many offers the results hold: exact up to SEARCH_COUNT_CAP, then "1,000+". */
  matched: (count: number, capped: boolean) =>
    capped
      ? `${SEARCH_COUNT_CAP.toLocaleString('en-GB')}+ offers`
      : count === 1
        ? '1 offer'
        : `${count.toLocaleString('en-GB')} offers`,
  nothingToCount: 'Say what to search for: a word or a tag.',
} as const;

export const searchSuggestionsQuery = z.object({
  q: textInput(200)
    .transform((value) => value.trim().replace(/^#+/, '').slice(0, SEARCH_SUGGEST_MAX_LENGTH))
    .prefault(''),
});

export const searchSuggestions = z.object({
  creators: z.array(z.object({ id: z.string(), displayName: z.string(), profileImage: z.string().nullable() })),
  tags: z.array(z.object({ name: z.string(), offerCount: z.number().int() })),
});
export type SearchSuggestions = z.output<typeof searchSuggestions>;

/** The feed's own q and tag, read the same way (trimmed; a tag without its # and in lower case). */
export const searchCountQuery = feedQuery.pick({ q: true, tag: true });

export const searchCount = z.object({
  /** Exact when `capped` is false; SEARCH_COUNT_CAP when there are more. */
  count: z.number().int(),
  capped: z.boolean(),
});
export type SearchCount = z.output<typeof searchCount>;

export const searchApi = defineApi({
  'GET /api/search/suggestions': {
    caller: 'anyone',
    summary: `Up to ${SEARCH_SUGGESTIONS_MAX} creators whose display name starts with q and as many tags of offers in the feed that start with q`,
    query: searchSuggestionsQuery,
    response: searchSuggestions,
  },
  'GET /api/search/count': {
    caller: 'anyone',
    summary: `How many offers the feed finds for q or tag: exact up to ${SEARCH_COUNT_CAP}, then capped`,
    query: searchCountQuery,
    response: searchCount,
  },
});
