/**
 * Search that answers (issue 19): suggestions while a person types, and how many offers the results
 * hold. Anyone may ask; a signed-in person never sees suggested, or counted, a creator either of them
 * blocked (as the feed leaves their offers out), and the admin counts the whole feed, as they see it.
 */
import {
  badRequest,
  SEARCH_COUNT_CAP,
  SEARCH_SUGGESTIONS_MAX,
  searchTexts,
  type SearchCount,
  type SearchSuggestions,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import { feedExclusionsOf } from '../blocks/index.ts';
import type { AppDeps } from '../deps.ts';
import { countSearchMatches } from '../feed/index.ts';
import { seesWholeFeed } from '../offers/index.ts';
import { suggestCreators, suggestTags } from './search.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor | null };

const leftOutFor = async ({ deps, actor }: Ctx) => (actor ? feedExclusionsOf(deps.database.db, actor.id) : []);

export async function suggest(ctx: Ctx & { text: string }): Promise<SearchSuggestions> {
  if (!ctx.text) return { creators: [], tags: [] };
  const { db } = ctx.deps.database;
  const leaveOut = await leftOutFor(ctx);
  const creators = await suggestCreators(db, ctx.text, leaveOut, SEARCH_SUGGESTIONS_MAX);
  const tags = await suggestTags(db, ctx.text, SEARCH_SUGGESTIONS_MAX);
  return { creators, tags };
}

export async function countMatches(
  ctx: Ctx & { q?: string | undefined; tag?: string | undefined },
): Promise<SearchCount> {
  if (!ctx.q && !ctx.tag) throw badRequest(searchTexts.nothingToCount, 'q');
  const wholeFeed = seesWholeFeed(ctx.actor);
  const count = await countSearchMatches(ctx.deps.database.db, {
    wholeFeed,
    q: ctx.q,
    tag: ctx.tag,
    leaveOut: wholeFeed ? [] : await leftOutFor(ctx),
    cap: SEARCH_COUNT_CAP,
  });
  return { count: Math.min(count, SEARCH_COUNT_CAP), capped: count > SEARCH_COUNT_CAP };
}
