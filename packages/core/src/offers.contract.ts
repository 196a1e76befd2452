/**
 * What the server answers about offers, the feed and engagement, as schemas (the route table is in
 * offers.api.ts). The web app reads these shapes; change them additively only.
 */
import { z } from 'zod';
import { REACTIONS } from './constants.ts';
import { ratingSummary } from './reviews.schemas.ts';

export const mediaKind = z.enum(['video', 'image']);
export type MediaKind = z.output<typeof mediaKind>;

export const creator = z.object({ id: z.string(), displayName: z.string(), profileImage: z.string().nullable() });
export type Creator = z.output<typeof creator>;

export const feedOffer = z.object({
  id: z.string(),
  title: z.string(),
  /** '' for paid offers (their link is the product's own home link, SPEC section 5) */
  link: z.string(),
  isPaidOffer: z.boolean(),
  pricePence: z.number().int().nullable(),
  /** Seller's payment checkout link; only for paid offers. */
  paypalLink: z.string().nullable(),
  purchaseNote: z.string().nullable(),
  description: z.string().nullable(),
  musicTrackName: z.string().nullable(),
  musicCreditLink: z.string().nullable(),
  /** '/media/offers/...' or '' when the offer has no media yet */
  mediaUrl: z.string(),
  mediaKind: mediaKind.nullable(),
  posterUrl: z.string().nullable(),
  tags: z.array(z.string()),
  boostCount: z.number().int(),
  favoriteCount: z.number().int(),
  reactionCount: z.number().int(),
  shareCount: z.number().int(),
  /** Stars from the reviews of its completed orders ("4.8 ★ (12)"). */
  rating: ratingSummary,
  isApproved: z.boolean(),
  createdAt: z.string(),
  creator,
});
export type FeedOffer = z.output<typeof feedOffer>;

export const feedPage = z.object({
  offers: z.array(feedOffer),
  /** Opaque keyset cursor for the next page of 50, or null at the end. */
  nextCursor: z.string().nullable(),
  /** Only when offers is empty and no q/tag filter: how many offers exist and how many were filtered out. */
  emptyReason: z.object({ total: z.number().int(), filteredOut: z.number().int() }).optional(),
});
export type FeedPage = z.output<typeof feedPage>;

const viewerOfferState = z.object({
  offerId: z.string(),
  boosted: z.boolean(),
  favorited: z.boolean(),
  reaction: z.enum(REACTIONS).nullable(),
});
export type ViewerOfferState = z.output<typeof viewerOfferState>;
/** On a feed page the viewer also learns whether they follow each offer's creator (the avatar's badge). */
export const feedViewerState = viewerOfferState.extend({ followsCreator: z.boolean() });
export type FeedViewerState = z.output<typeof feedViewerState>;
export const feedStatePage = z.object({ states: z.array(feedViewerState) });
export type FeedStatePage = z.output<typeof feedStatePage>;

export const engagementResult = viewerOfferState.extend({
  boostCount: z.number().int(),
  favoriteCount: z.number().int(),
  reactionCount: z.number().int(),
  shareCount: z.number().int(),
});
export type EngagementResult = z.output<typeof engagementResult>;

export const ownOffer = feedOffer.extend({ deliveryMethod: z.literal('file_upload') });
export type OwnOffer = z.output<typeof ownOffer>;

export const popularTag = z.object({
  rank: z.number().int(),
  name: z.string(),
  offerCount: z.number().int(),
  engagementScore: z.number(),
});
export type PopularTag = z.output<typeof popularTag>;

export const boostedOffer = z.object({
  id: z.string(),
  title: z.string(),
  mediaUrl: z.string(),
  mediaKind: mediaKind.nullable(),
  posterUrl: z.string().nullable(),
  createdAt: z.string(),
  creatorName: z.string(),
});
export type BoostedOffer = z.output<typeof boostedOffer>;

/** One page of the offers the viewer boosted (the newest 30 boosts first); nextCursor is null on the last page. */
export const boostedPage = z.object({
  offers: z.array(boostedOffer),
  nextCursor: z.string().nullable(),
});
export type BoostedPage = z.output<typeof boostedPage>;

export const creatorPage = z.object({
  creator: creator.extend({
    bio: z.string().nullable(),
    joinedAt: z.string(),
    /** How many follow them and how many they follow (issue 18). */
    followers: z.number().int(),
    following: z.number().int(),
    /** Their completed sales (offer orders and private jobs), a tally. */
    completedOrders: z.number().int(),
    /** The stars of their offer's reviews, whether or not the offer shows now. */
    rating: ratingSummary,
  }),
  /** Whether the viewer follows them (false for a visitor). */
  viewerFollows: z.boolean(),
  offer: feedOffer.nullable(),
});
export type CreatorPage = z.output<typeof creatorPage>;

export const feedDebug = z.object({
  total: z.number().int(),
  approved: z.number().int(),
  withMedia: z.number().int(),
  approvedWithMedia: z.number().int(),
});
export type FeedDebug = z.output<typeof feedDebug>;
