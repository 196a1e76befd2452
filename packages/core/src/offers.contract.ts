/**
 * The API contract of offers, the feed and engagement. The server returns exactly these
 * shapes and the web app reads them; change them additively only.
 *
 *   GET    /api/feed?q=&tag=&cursor=         FeedPage     public; the same bytes for every anonymous visitor (ETag, short max-age);
 *                                                         admins also see unapproved and media-less offers (SPEC section 5)
 *   GET    /api/feed/state?ids=a,b,c          FeedStatePage  signed in: the viewer's own boost/favourite/reaction for those offers
 *   GET    /api/offers/:id                    FeedOffer    public when approved with media; the owner and admins always
 *   GET    /api/offers/mine                   { offer: OwnOffer | null }
 *   PUT    /api/offers/mine                   multipart (OfferFormValues as text fields, see offers.schemas.ts, + optional file "media") -> { offer: OwnOffer, message }
 *   POST   /api/offers/:id/boost              toggle, or { active } to set it (a double tap cannot undo itself) -> EngagementResult
 *   POST   /api/offers/:id/favorite           toggle, or { active } to set it -> EngagementResult
 *   PUT    /api/offers/:id/reaction           { emoji: Reaction | null } -> EngagementResult
 *   POST   /api/offers/:id/share              counts a share -> EngagementResult
 *   GET    /api/explore/tags                  { tags: PopularTag[] }
 *   GET    /api/boosted                       { offers: BoostedOffer[] }   signed in
 *   GET    /api/creators/:id                  CreatorPage  public
 *   POST   /api/admin/offers/:id/approve      admin -> { offer: FeedOffer, message }
 *   GET    /api/admin/feed-debug              admin -> FeedDebug (the feed's debug panel)
 *   GET    /offer/:id                         the app's HTML with Open Graph and Twitter card tags for that offer
 */
import type { Reaction } from './constants.ts';

export type MediaKind = 'video' | 'image';

export type Creator = { id: string; displayName: string; profileImage: string | null };

export type FeedOffer = {
  id: string;
  title: string;
  /** '' for paid offers (their link is the product's own home link, SPEC section 5) */
  link: string;
  isPaidOffer: boolean;
  pricePence: number | null;
  /** Seller's payment checkout link; only for paid offers. */
  paypalLink: string | null;
  purchaseNote: string | null;
  description: string | null;
  musicTrackName: string | null;
  musicCreditLink: string | null;
  /** '/media/offers/...' or '' when the offer has no media yet */
  mediaUrl: string;
  mediaKind: MediaKind | null;
  posterUrl: string | null;
  tags: string[];
  boostCount: number;
  favoriteCount: number;
  reactionCount: number;
  shareCount: number;
  isApproved: boolean;
  createdAt: string;
  creator: Creator;
};

export type FeedPage = {
  offers: FeedOffer[];
  /** Opaque keyset cursor for the next page of 50, or null at the end. */
  nextCursor: string | null;
  /** Only when offers is empty and no q/tag filter: how many offers exist and how many were filtered out. */
  emptyReason?: { total: number; filteredOut: number };
};

export type ViewerOfferState = { offerId: string; boosted: boolean; favorited: boolean; reaction: Reaction | null };
export type FeedStatePage = { states: ViewerOfferState[] };

export type EngagementResult = ViewerOfferState & { boostCount: number; favoriteCount: number; reactionCount: number; shareCount: number };

export type OwnOffer = FeedOffer & { deliveryMethod: 'file_upload' };

export type PopularTag = { rank: number; name: string; offerCount: number; engagementScore: number };

export type BoostedOffer = { id: string; title: string; mediaUrl: string; mediaKind: MediaKind | null; posterUrl: string | null; createdAt: string; creatorName: string };

export type CreatorPage = { creator: Creator & { bio: string | null; joinedAt: string }; offer: FeedOffer | null };

export type FeedDebug = { total: number; approved: number; withMedia: number; approvedWithMedia: number };
