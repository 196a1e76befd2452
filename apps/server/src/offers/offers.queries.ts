/**
 * Offer rows and the one "offer card" shape every list shares (feed, offer page, creator, own offer):
 * the offer's own columns, its counter columns, its tags and its creator, read in one statement.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FeedOffer, MediaKind, OfferInput, RatingSummary } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { preparedOnce } from '../db/prepared.ts';
import { tallySql } from '../db/tallies.queries.ts';
import { offers, offerTags, users } from '../db/schema.ts';
import { upsertTag } from './tags.queries.ts';

type Conn = Db | Tx;

/** Tag names of the row's offer, in one small index lookup per offer (every list of offers reads them so). */
export const offerTagNames = sql<
  string[]
>`coalesce((select json_agg(t.name order by t.name) from offer_tags ot join tags t on t.id = ot.tag_id where ot.offer_id = ${offers.id}), '[]'::json)`;

export const offerCardColumns = {
  id: offers.id,
  userId: offers.userId,
  title: offers.title,
  link: offers.link,
  isPaidOffer: offers.isPaidOffer,
  pricePence: offers.pricePence,
  paypalLink: offers.paypalLink,
  purchaseNote: offers.purchaseNote,
  description: offers.description,
  musicTrackName: offers.musicTrackName,
  musicCreditLink: offers.musicCreditLink,
  mediaKey: offers.mediaKey,
  mediaType: offers.mediaType,
  posterKey: offers.posterKey,
  boostCount: offers.boostCount,
  favoriteCount: offers.favoriteCount,
  reactionCount: offers.reactionCount,
  shareCount: offers.shareCount,
  reviewCount: offers.reviewCount,
  ratingSum: offers.ratingSum,
  isApproved: offers.isApproved,
  rankScore: offers.rankScore,
  createdAt: offers.createdAt,
  tags: offerTagNames,
  creatorName: users.name,
  creatorImage: users.image,
};

export type OfferCardRow = {
  id: string;
  userId: string;
  title: string;
  link: string;
  isPaidOffer: boolean;
  pricePence: number | null;
  paypalLink: string | null;
  purchaseNote: string | null;
  description: string | null;
  musicTrackName: string | null;
  musicCreditLink: string | null;
  mediaKey: string;
  mediaType: string | null;
  posterKey: string | null;
  boostCount: number;
  favoriteCount: number;
  reactionCount: number;
  shareCount: number;
  reviewCount: number;
  ratingSum: number;
  isApproved: boolean;
  rankScore: number;
  createdAt: Date;
  tags: string[];
  creatorName: string;
  creatorImage: string | null;
};

export const mediaUrlFor = (key: string | null): string => (key ? `/media/${key}` : '');
export const mediaKindFor = (type: string | null): MediaKind | null =>
  type?.startsWith('video/') ? 'video' : type?.startsWith('image/') ? 'image' : null;

/** An offer's stars as the card shows them: the average to one decimal ("4.8 ★"), none before the first review. */
export const ratingOf = (row: { reviewCount: number; ratingSum: number }): RatingSummary => ({
  average: row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : null,
  count: row.reviewCount,
});

/** The only shape of an offer the client sees (offers.contract.ts). */
export function toFeedOffer(row: OfferCardRow): FeedOffer {
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    isPaidOffer: row.isPaidOffer,
    pricePence: row.pricePence,
    paypalLink: row.isPaidOffer ? row.paypalLink : null,
    purchaseNote: row.purchaseNote,
    description: row.description,
    musicTrackName: row.musicTrackName,
    musicCreditLink: row.musicCreditLink,
    mediaUrl: mediaUrlFor(row.mediaKey),
    mediaKind: row.mediaKey ? mediaKindFor(row.mediaType) : null,
    posterUrl: row.posterKey ? mediaUrlFor(row.posterKey) : null,
    tags: row.tags ?? [],
    boostCount: row.boostCount,
    favoriteCount: row.favoriteCount,
    reactionCount: row.reactionCount,
    shareCount: row.shareCount,
    rating: ratingOf(row),
    isApproved: row.isApproved,
    createdAt: new Date(row.createdAt).toISOString(),
    creator: { id: row.userId, displayName: row.creatorName, profileImage: row.creatorImage },
  };
}

function selectOfferCards(db: Conn, where: SQL) {
  return db.select(offerCardColumns).from(offers).innerJoin(users, eq(users.id, offers.userId)).where(where).limit(1);
}

export async function findOfferCard(db: Conn, offerId: string): Promise<OfferCardRow | null> {
  return ((await offerCardBy.id(db).execute({ key: offerId })) as OfferCardRow[])[0] ?? null;
}

export async function findOfferCardByUser(db: Conn, userId: string): Promise<OfferCardRow | null> {
  return ((await offerCardBy.user(db).execute({ key: userId })) as OfferCardRow[])[0] ?? null;
}

const offerCardBy = {
  id: preparedOnce((db) => selectOfferCards(db, eq(offers.id, sql.placeholder('key'))).prepare('offer_card_by_id')),
  user: preparedOnce((db) =>
    selectOfferCards(db, eq(offers.userId, sql.placeholder('key'))).prepare('offer_card_by_user'),
  ),
};

/** Serialises saves of one person's offer (one offer per user), on PGlite and PostgreSQL alike. */
export async function lockOwnOffer(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer:${userId}`}))`);
}

export type OfferMediaKeys = { id: string; mediaKey: string; posterKey: string | null };

export async function findOfferMediaByUser(db: Conn, userId: string): Promise<OfferMediaKeys | null> {
  const [row] = await db
    .select({ id: offers.id, mediaKey: offers.mediaKey, posterKey: offers.posterKey })
    .from(offers)
    .where(eq(offers.userId, userId))
    .limit(1);
  return row ?? null;
}

export type OfferMediaValues = { mediaKey: string; mediaType: string; posterKey: string | null };

/**
 * Inserts or updates the person's one offer. `approved` is what the save decides (a creator's save
 * waits for approval again, SPEC section 4; an admin's gig is approved); left out, an edit keeps the
 * approval as it is and a new offer waits.
 */
export async function writeOwnOffer(
  tx: Tx,
  input: {
    userId: string;
    existingId: string | null;
    offer: Omit<OfferInput, 'tags'>;
    media: OfferMediaValues | null;
    now: Date;
    rankScore: number;
    approved?: boolean;
  },
): Promise<string> {
  const values = {
    title: input.offer.title,
    link: input.offer.link,
    isPaidOffer: input.offer.isPaidOffer,
    pricePence: input.offer.pricePence,
    paypalLink: input.offer.paypalLink,
    purchaseNote: input.offer.purchaseNote,
    description: input.offer.description,
    musicTrackName: input.offer.musicTrackName,
    musicCreditLink: input.offer.musicCreditLink,
    deliveryMethod: 'file_upload',
    ...(input.approved === undefined ? {} : { isApproved: input.approved }),
    updatedAt: input.now,
    ...(input.media ?? {}),
  };
  if (input.existingId) {
    await tx
      .update(offers)
      .set(values)
      .where(and(eq(offers.id, input.existingId), eq(offers.userId, input.userId)));
    return input.existingId;
  }
  const [row] = await tx
    .insert(offers)
    .values({ ...values, userId: input.userId, createdAt: input.now, rankScore: input.rankScore })
    .returning({ id: offers.id });
  if (!row) throw new Error('offer not stored');
  return row.id;
}

/** Replaces the offer's tags; names are matched to existing tags regardless of case. */
export async function replaceOfferTags(tx: Conn, offerId: string, names: string[]): Promise<void> {
  await tx.delete(offerTags).where(eq(offerTags.offerId, offerId));
  for (const name of names) {
    const tagId = await upsertTag(tx, name);
    await tx.insert(offerTags).values({ offerId, tagId }).onConflictDoNothing();
  }
}

/** Sets is_approved; returns the owner and title only when it changed, so one approval notifies once. */
export async function markApproved(tx: Tx, offerId: string): Promise<{ userId: string; title: string } | null> {
  const [row] = await tx
    .update(offers)
    .set({ isApproved: true })
    .where(and(eq(offers.id, offerId), eq(offers.isApproved, false)))
    .returning({ userId: offers.userId, title: offers.title });
  return row ?? null;
}

/** The creator as their page shows them, with their follower, following and completed-sale counts, in one statement. */
export async function findCreator(
  db: Conn,
  userId: string,
): Promise<{
  id: string;
  displayName: string;
  profileImage: string | null;
  bio: string | null;
  createdAt: Date;
  followers: number;
  following: number;
  completedOrders: number;
} | null> {
  const [row] = await creatorById(db).execute({ userId });
  return row ?? null;
}

const creatorById = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      displayName: users.name,
      profileImage: users.image,
      bio: users.bio,
      createdAt: users.createdAt,
      // the tallies (one lookup each): how many follow them, whom they follow, their completed sales
      followers: tallySql('followers', sql`${users.id}`),
      following: tallySql('following', sql`${users.id}`),
      completedOrders: tallySql('sales', sql`${users.id}`),
    })
    .from(users)
    // a suspended creator's page is not there for anyone (issue 17)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.suspendedUntil)))
    .limit(1)
    .prepare('creator_by_id'),
);
