/**
 * Following a creator (issue 18). Nobody follows themselves, someone suspended, or someone either of
 * them blocked (refused as a creator not there, so a block stays silent); one person follows at most
 * FOLLOWS_MAX creators, which keeps a Following feed one bounded query.
 */
import {
  AppError,
  badRequest,
  followsTexts,
  FOLLOWS_MAX,
  notFound,
  notificationTexts,
  type FollowResult,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import { blockedBetween } from '../blocks/index.ts';
import { createNotification } from '../notifications/index.ts';
import type { AppDeps } from '../deps.ts';
import * as q from './follows.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor; userId: string };

export async function followCreator({ deps, actor, userId }: Ctx): Promise<FollowResult> {
  if (userId === actor.id) throw badRequest(followsTexts.cannotFollowSelf);
  return deps.database.db.transaction(async (tx) => {
    const person = await q.findPersonToFollow(tx, userId);
    if (!person || (await blockedBetween(tx, actor.id, person.id))) throw notFound(followsTexts.notFound);
    const mine = await q.countFollows(tx, actor.id);
    if (!(await q.isFollowing(tx, actor.id, person.id)) && mine.following >= FOLLOWS_MAX)
      throw new AppError('too_many_follows', followsTexts.tooMany);
    const added = await q.insertFollow(tx, actor.id, person.id, deps.clock.now());
    // The creator hears of a new follower (once while that notice is unread, however often it is undone and done again).
    if (added)
      await createNotification(tx, {
        userId: person.id,
        kind: 'follow',
        title: notificationTexts.newFollower(actor.displayName),
        body: notificationTexts.newFollowerBody,
        link: `/creator/${actor.id}`,
        onceWhileUnread: true,
      });
    const { followers } = await q.countFollows(tx, person.id);
    return { following: true, followers, message: followsTexts.followed(person.name) };
  });
}

export async function unfollowCreator({ deps, actor, userId }: Ctx): Promise<FollowResult> {
  if (userId === actor.id) throw badRequest(followsTexts.cannotFollowSelf);
  return deps.database.db.transaction(async (tx) => {
    const person = await q.findPersonToFollow(tx, userId);
    if (!person) throw notFound(followsTexts.notFound);
    await q.deleteFollow(tx, actor.id, person.id);
    const { followers } = await q.countFollows(tx, person.id);
    return { following: false, followers, message: followsTexts.unfollowed(person.name) };
  });
}
