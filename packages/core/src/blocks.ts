/**
 * Blocking a person (issue 17): they cannot message you, order from you or send you a job, and
 * neither of you sees the other's offer in the feed or search. Blocking is silent: the blocked
 * person's message or order is refused with the same text as any refusal. Routes:
 *   PUT    /api/blocks/:userId   block (again: no change)  -> BlockResult
 *   DELETE /api/blocks/:userId   unblock                   -> BlockResult
 *   GET    /api/blocks/:userId   whether the viewer blocked them -> BlockResult without message
 *   GET    /api/blocks?cursor=   the people the viewer blocked, newest first, 30 a page -> BlockedList
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { textInput } from './text-input.ts';

export const blocksTexts = {
  block: 'Block',
  unblock: 'Unblock',
  confirmTitle: (name: string) => `Block ${name}?`,
  confirmBody:
    "They won't be able to message you, order from you or send you a job, and neither of you will see the other's offer. They are not told.",
  blocked: (name: string) => `${name} is blocked.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  listTitle: 'Blocked people',
  listHint: 'People you blocked cannot message you, order from you or send you a job.',
  none: "You haven't blocked anyone.",
  more: { show: 'Show more blocked people', loading: 'Loading more blocked people…' },
  youBlocked: (name: string) => `You blocked ${name}. Unblock them to write to each other again.`,
  cannotBlockSelf: "You can't block yourself.",
  notFound: 'Person not found',
  loadFailed: 'Failed to load blocked people. Please try again.',
} as const;

export const blockUserParams = z.object({ userId: textInput(100, blocksTexts.notFound).min(1, blocksTexts.notFound) });
export const blockedListQuery = z.object({ cursor: textInput(200).optional() });

const blockResult = z.object({ blocked: z.boolean(), message: z.string().optional() });
export const blockedPerson = z.object({
  id: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.output<typeof blockedPerson>;
export const blockedList = z.object({ people: z.array(blockedPerson), nextCursor: z.string().nullable() });
export type BlockedList = z.output<typeof blockedList>;

export const blocksApi = defineApi({
  'GET /api/blocks': {
    caller: 'signedIn',
    summary: "One page of the people the viewer blocked (30, newest first; cursor: the page before's nextCursor)",
    query: blockedListQuery,
    response: blockedList,
  },
  'GET /api/blocks/:userId': {
    caller: 'signedIn',
    summary: 'Whether the viewer blocked this person',
    params: blockUserParams,
    response: blockResult,
  },
  'PUT /api/blocks/:userId': {
    caller: 'signedIn',
    summary:
      "Blocks a person: no messages, orders or jobs from them, and neither sees the other's offer; they are not told",
    params: blockUserParams,
    response: blockResult,
  },
  'DELETE /api/blocks/:userId': {
    caller: 'signedIn',
    summary: 'Unblocks a person',
    params: blockUserParams,
    response: blockResult,
  },
});
