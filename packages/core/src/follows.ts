/**
 * Following a creator (issue 18): from the creator page and the feed's avatar; the creator
 * page and one's profile show how many follow them and how many they follow. Nobody can follow
 * someone they blocked or who blocked them, and a block ends a follow either way. Routes:
 *   PUT    /api/follows/:userId   follow (again: no change)  -> FollowResult
 *   DELETE /api/follows/:userId   unfollow                   -> FollowResult
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { textInput } from './text-input.ts';
import { followsTexts } from './follows.texts.ts';

export { FOLLOWS_MAX, followsTexts } from './follows.texts.ts';

export const followUserParams = z.object({
  userId: textInput(100, followsTexts.notFound).min(1, followsTexts.notFound),
});

/** Whether the viewer follows them now, and how many do. */
export const followResult = z.object({
  following: z.boolean(),
  followers: z.number().int(),
  message: z.string(),
});
export type FollowResult = z.output<typeof followResult>;

/** A person's follow counts, as the creator page and the profile show them. */
export const followCounts = z.object({ followers: z.number().int(), following: z.number().int() });
export type FollowCounts = z.output<typeof followCounts>;

export const followsApi = defineApi({
  'PUT /api/follows/:userId': {
    caller: 'signedIn',
    signInText: followsTexts.signUp,
    summary: 'Follows a creator (not oneself, nor someone either side blocked); following again changes nothing',
    params: followUserParams,
    response: followResult,
  },
  'DELETE /api/follows/:userId': {
    caller: 'signedIn',
    summary: 'Stops following a creator',
    params: followUserParams,
    response: followResult,
  },
});
