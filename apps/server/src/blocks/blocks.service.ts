/**
 * Blocking (issue 17). The checks other features call are here too: whether two people blocked
 * each other (messages, orders, jobs refuse with their usual text, so the blocked person cannot
 * tell), and whom a viewer's feed leaves out. A block also stops the rank counting the blocked
 * person's engagement with the blocker's offer, and an unblock lets it count again, in the same
 * transaction; and it ends a follow either way.
 */
import { badRequest, blocksTexts, notFound, type BlockedList } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { Db, Tx } from '../db/connection.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import * as q from './blocks.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor };

/** At most this many people are left out of one person's feed by their blocks. */
const FEED_EXCLUSIONS_MAX = 500;

async function personToBlock({ deps, actor }: Ctx, userId: string) {
  if (userId === actor.id) throw badRequest(blocksTexts.cannotBlockSelf);
  const person = await q.findPersonToBlock(deps.database.db, userId);
  if (!person) throw notFound(blocksTexts.notFound);
  return person;
}

export async function blockPerson(ctx: Ctx & { userId: string }) {
  const person = await personToBlock(ctx, ctx.userId);
  const now = ctx.deps.clock.now();
  await ctx.deps.database.db.transaction(async (tx) => {
    const offerId = await q.lockOfferOf(tx, ctx.actor.id);
    const added = await q.insertBlock(tx, ctx.actor.id, person.id, now);
    if (added && offerId) await q.markEngagementCounted(tx, { offerId, personId: person.id, counted: false, now });
    await q.deleteFollowsBetween(tx, ctx.actor.id, person.id);
  });
  return { blocked: true, message: blocksTexts.blocked(person.name) };
}

export async function unblockPerson(ctx: Ctx & { userId: string }) {
  const person = await personToBlock(ctx, ctx.userId);
  const now = ctx.deps.clock.now();
  await ctx.deps.database.db.transaction(async (tx) => {
    const offerId = await q.lockOfferOf(tx, ctx.actor.id);
    const removed = await q.deleteBlock(tx, ctx.actor.id, person.id);
    if (removed && offerId) await q.markEngagementCounted(tx, { offerId, personId: person.id, counted: true, now });
  });
  return { blocked: false, message: blocksTexts.unblocked(person.name) };
}

export async function blockState(ctx: Ctx & { userId: string }) {
  return { blocked: await q.hasBlocked(ctx.deps.database.db, ctx.actor.id, ctx.userId) };
}

export async function listBlockedPeople(ctx: Ctx & { cursor?: string | undefined }): Promise<BlockedList> {
  const page = await q.listBlocked(ctx.deps.database.db, ctx.actor.id, decodeTimeCursor(ctx.cursor, 'text'));
  return {
    people: page.rows.map((row) => ({
      id: row.id,
      displayName: row.displayName,
      profileImage: row.profileImage,
      blockedAt: row.blockedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** Whether either person blocked the other. */
export const blockedBetween = (db: Db | Tx, a: string, b: string) => q.blockedEitherWay(db, a, b);

/** Whether the viewer has any block, either way: most people have none, and their feed needs no more. */
export const hasBlockRelations = (db: Db | Tx, userId: string) => q.hasBlockRelations(db, userId);

/** Which of these creators the viewer blocked or was blocked by: their offers leave the viewer's feed page. */
export const blockedAmong = (db: Db | Tx, userId: string, creatorIds: string[]) =>
  q.blockedAmong(db, userId, [...new Set(creatorIds)]);

/** The people whose offers a viewer's search leaves out: those they blocked and those who blocked them. */
export const feedExclusionsOf = (db: Db | Tx, userId: string) => q.blockRelationsOf(db, userId, FEED_EXCLUSIONS_MAX);
