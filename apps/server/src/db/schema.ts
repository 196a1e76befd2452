/**
 * The whole data model (SPEC section 3). Constraints make the rules true in the data:
 * one offer per user, one boost/favourite/reaction per user and offer, five reactions,
 * case-insensitive unique tag names, money as integer pence, order status as a state list.
 *
 * ON DELETE, deliberately: deleting a person removes what is only theirs (offer, engagement,
 * sessions, notifications, jobs they sent) and keeps what another person relies on (orders and
 * messages keep their row with the departed side set to null, shown as "Unknown").
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ---- accounts (Better Auth's four tables; column names follow SPEC's "users") ----
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('display_name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('profile_image'),
    bio: text('bio'),
    paypalLink: text('paypal_link'),
    location: text('location'),
    /** Whether the person has an offer: kept by a trigger on offers, for the admin's "without an offer" list. */
    hasOffer: boolean('has_offer').notNull().default(false),
    /**
     * Until when an admin suspended the account (issue 17): it cannot sign in, and its offer and messages
     * are hidden from others. 'infinity' is for good; null is not suspended (a job sets it back to null
     * when the time comes, so every other reader asks only whether it is null).
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Every lookup by address (sign-up, reset, sending a job, admin) is by lower(email): one index, and no two accounts differing by case.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Admin creators list and the users export: newest first by keyset (plain DESC, as the queries order).
    index('users_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Admin creators search: any part of a name, the start of an address or of its domain (migration 0035).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_prefix_idx').on(sql`(lower(${t.email})) collate "C"`),
    index('users_email_domain_prefix_idx').on(sql`(split_part(lower(${t.email}), '@', 2)) collate "C"`),
    // Admin creators "without an offer": newest first among those only.
    index('users_without_offer_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.hasOffer}`),
    // Search suggestions (migration 0027): creators by the start of their name, in byte order, one index range.
    index('users_creator_name_prefix_idx')
      .on(sql`(lower(${t.name})) collate "C"`)
      .where(sql`${t.hasOffer} and ${t.suspendedUntil} is null`),
    // The suspensions that come to an end, for the job that lifts them.
    index('users_suspended_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The admin using the app as this session's user, null otherwise. */
    impersonatedBy: text('impersonated_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A person's sessions: the live ones (their signed-in devices) in order of last activity, and the foreign key's index.
    index('sessions_user_expires_idx').on(t.userId, t.expiresAt),
    // Deleting an admin finds the sessions they impersonate through this (almost every row is null).
    index('sessions_impersonated_by_idx')
      .on(t.impersonatedBy)
      .where(sql`${t.impersonatedBy} is not null`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Roles live here, never in the browser: SPEC's user_roles (value admin). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', sql`${t.role} in ('admin')`)],
);

// ---- offers and engagement ----
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Storage key of the feed media ('' while none); served at /media/{key}. */
    mediaKey: text('media_key').notNull().default(''),
    mediaType: text('media_type'),
    posterKey: text('poster_key'),
    link: text('link').notNull().default(''),
    isPaidOffer: boolean('is_paid_offer').notNull().default(false),
    pricePence: integer('price_pence'),
    currency: text('currency').notNull().default('GBP'),
    paypalLink: text('paypal_link'),
    purchaseNote: text('purchase_note'),
    deliveryMethod: text('delivery_method').notNull().default('file_upload'),
    isApproved: boolean('is_approved').notNull().default(false),
    description: text('description'),
    musicTrackName: text('music_track_name'),
    musicCreditLink: text('music_credit_link'),
    category: text('category'),
    subcategory: text('subcategory'),
    deliveryTime: text('delivery_time').notNull().default('1-7 days'),
    revisions: integer('revisions').notNull().default(1),
    boostCount: integer('boost_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    reactionCount: integer('reaction_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    /** The part of share_count made without an account; the rank weighs it less. */
    anonymousShareCount: integer('anonymous_share_count').notNull().default(0),
    hashtagClicks: integer('hashtag_clicks').notNull().default(0),
    /** Reviews of its completed orders and their stars added up, kept with each review (the feed shows the average). */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * What the rank counts (issue 17, core's ranking.ts): the weighted engagement of established people
     * other than the owner, once per person; the orders completed for established buyers, and those
     * orders' reviews and stars. Kept in the writing transaction with the rows' own `counted` marks.
     */
    rankedEngagement: integer('ranked_engagement').notNull().default(0),
    rankedOrders: integer('ranked_orders').notNull().default(0),
    rankedReviews: integer('ranked_reviews').notNull().default(0),
    rankedRatingSum: integer('ranked_rating_sum').notNull().default(0),
    /** Engagement and age folded into one number whose order never changes with time alone. */
    rankScore: doublePrecision('rank_score').notNull().default(0),
    /** Moved on by a trigger (migration 0004) whenever what the offer shows changes, so approval names the version reviewed. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_feed_idx')
      .on(t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.mediaKey} <> ''`),
    index('offers_all_rank_idx').on(t.rankScore.desc(), t.id.desc()),
    // Title search (q, and the title half of a tag filter) for any word, rare or common.
    index('offers_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // Admin gigs list and the offers export: newest first by keyset.
    index('offers_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('offers_price_check', sql`${t.pricePence} is null or ${t.pricePence} > 0`),
    check('offers_paid_check', sql`not ${t.isPaidOffer} or ${t.pricePence} is not null`),
    check(
      'offers_counts_check',
      sql`${t.boostCount} >= 0 and ${t.favoriteCount} >= 0 and ${t.reactionCount} >= 0 and ${t.shareCount} >= 0`,
    ),
    check('offers_anonymous_shares_check', sql`${t.anonymousShareCount} between 0 and ${t.shareCount}`),
    check('offers_rating_check', sql`${t.ratingSum} between ${t.reviewCount} and 5 * ${t.reviewCount}`),
    check(
      'offers_ranked_check',
      sql`${t.rankedEngagement} >= 0 and ${t.rankedOrders} >= 0 and ${t.rankedRatingSum} between ${t.rankedReviews} and 5 * ${t.rankedReviews}`,
    ),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const offerTags = pgTable(
  'offer_tags',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.tagId] }), index('offer_tags_tag_idx').on(t.tagId)],
);

export const boosts = pgTable(
  'boosts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Whether the rank counts it: made by an established person other than the owner, not blocked by them. */
    counted: boolean('counted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.offerId] }),
    index('boosts_offer_idx').on(t.offerId),
    // A person's boosted list, newest boost first.
    index('boosts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.offerId.desc().nullsFirst()),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Whether the rank counts it: made by an established person other than the owner, not blocked by them. */
    counted: boolean('counted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.offerId] }),
    index('favorites_offer_idx').on(t.offerId),
    // A person's saved offers, newest first.
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.offerId.desc().nullsFirst()),
  ],
);

export const reactions = pgTable(
  'reactions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    /** Whether the rank counts it: made by an established person other than the owner, not blocked by them. */
    counted: boolean('counted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.offerId] }),
    // The person too: a generic plan may look up one person's reaction to an offer through this index
    // rather than the key, and on offer_id alone it then reads every reaction the offer has.
    index('reactions_offer_idx').on(t.offerId, t.userId),
    check('reactions_emoji_check', sql`${t.emoji} in ('Smart', 'Support', 'Hype', 'Not for Me', 'Watching')`),
  ],
);

/**
 * One row per counted share: a person (viewer key "u:" + id) or an anonymous browser at an address
 * (a keyed hash of both) counts once per offer and day. address_key is set for anonymous shares only,
 * so the browsers counted from one address can be capped.
 */
export const offerShares = pgTable(
  'offer_shares',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
    addressKey: text('address_key'),
    /** Whether the rank counts it: a person's first share of the offer, made while established. */
    counted: boolean('counted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.day, t.viewerKey] }),
    index('offer_shares_address_idx')
      .on(t.offerId, t.day, t.addressKey)
      .where(sql`${t.addressKey} is not null`),
    // Whether a person's share of an offer was counted already, on any day.
    index('offer_shares_counted_idx')
      .on(t.offerId, t.viewerKey)
      .where(sql`${t.counted}`),
  ],
);

/** The share route's burst limit: one fixed window per address (a keyed hash), shared by every API process. */
export const shareBursts = pgTable('share_bursts', {
  addressKey: text('address_key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

// ---- creator analytics (issue 18, migration 0023, docs/decisions/0018) ----
/**
 * A view or a link/Buy click: one row per viewer (a person or a browser, as a keyed hash), offer, kind
 * and UTC day, never the owner's own. A view keeps the day of the viewer's previous view of the offer,
 * which tells a period's distinct viewers apart from its views. address_key is set for browsers
 * without an account only, so those counted from one address can be capped.
 */
export const offerAudience = pgTable(
  'offer_audience',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    addressKey: text('address_key'),
    previousDay: date('previous_day', { mode: 'string' }),
  },
  (t) => [
    // also the viewer's previous view of the offer: the last entry before today of (offer, 'view', viewer)
    primaryKey({ columns: [t.offerId, t.kind, t.viewerKey, t.day] }),
    index('offer_audience_address_idx')
      .on(t.offerId, t.kind, t.day, t.addressKey)
      .where(sql`${t.addressKey} is not null`),
    check('offer_audience_kind_check', sql`${t.kind} in ('view', 'click')`),
    check(
      'offer_audience_previous_check',
      sql`${t.previousDay} is null or (${t.kind} = 'view' and ${t.previousDay} < ${t.day})`,
    ),
  ],
);

/** The analytics route's burst limit: one fixed window per address (a keyed hash), shared by every API process. */
export const audienceBursts = pgTable('audience_bursts', {
  addressKey: text('address_key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

/** What an offer's day counts; viewersReturning: of that day's viewers, those who viewed it again on a later day. */
const offerDayNumbers = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  views: integer('views').notNull().default(0),
  viewersReturning: integer('viewers_returning').notNull().default(0),
  boosts: integer('boosts').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  reactions: integer('reactions').notNull().default(0),
  shares: integer('shares').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  messages: integer('messages').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  completedOrders: integer('completed_orders').notNull().default(0),
  revenuePence: bigint('revenue_pence', { mode: 'number' }).notNull().default(0),
});

/**
 * Each offer's numbers per UTC day, folded every minute from offer_stat_changes, which triggers on the
 * counted tables append to in the writing transaction (as the tallies are kept). A reader sums both.
 */
export const offerDayStats = pgTable(
  'offer_day_stats',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    ...offerDayNumbers(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);

/** Appended by the triggers; no foreign key, since a change may name an offer deleted meanwhile (the fold drops those). */
export const offerStatChanges = pgTable(
  'offer_stat_changes',
  { offerId: uuid('offer_id').notNull(), ...offerDayNumbers() },
  (t) => [index('offer_stat_changes_idx').on(t.offerId, t.day)],
);

// ---- messages and notifications ----
export const gigMessages = pgTable(
  'gig_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The offer's title when sent, so "Re: {title}" survives the offer. */
    offerTitle: text('offer_title'),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gig_messages_receiver_idx').on(t.receiverId, t.createdAt),
    index('gig_messages_sender_idx').on(t.senderId, t.createdAt),
    // A thread, one side at a time, newest first: each side of a pair reads only its page.
    index('gig_messages_pair_idx').on(t.senderId, t.receiverId, t.createdAt, t.id),
    index('gig_messages_offer_idx')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    // Admin messages list and the messages export: newest first by keyset.
    index('gig_messages_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Opening a thread marks what the other person sent and the viewer has not read.
    index('gig_messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null`),
    check('gig_messages_length_check', sql`char_length(${t.message}) between 1 and 1000`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default('/'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    // Unread count, mark all read, and opening a thread (its notifications by link): unread rows only.
    index('notifications_unread_idx')
      .on(t.userId, t.link)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * One row per pair of people who have written to each other (user_low < user_high): the pair's
 * latest message and how many messages each side has not read. Written in the message's own
 * transaction and when a thread is opened (messages.queries.ts), so the conversations list and the
 * unread badge read a person's rows, never their whole history. Leaving removes a person's rows
 * (their messages stay, with the side set to null, and have no thread to open).
 */
export const conversationSummaries = pgTable(
  'conversation_summaries',
  {
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastSenderId: text('last_sender_id').notNull(),
    lastMessage: text('last_message').notNull(),
    lastOfferTitle: text('last_offer_title'),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Messages from user_high that user_low has not read; unread_high the other way round. */
    unreadLow: integer('unread_low').notNull().default(0),
    unreadHigh: integer('unread_high').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    // A person's conversations newest first, from either side of the pair.
    index('conversation_summaries_low_idx').on(
      t.userLow,
      t.lastAt.desc().nullsFirst(),
      t.lastMessageId.desc().nullsFirst(),
    ),
    index('conversation_summaries_high_idx').on(
      t.userHigh,
      t.lastAt.desc().nullsFirst(),
      t.lastMessageId.desc().nullsFirst(),
    ),
    // The unread badge: only the pairs with something unread.
    index('conversation_summaries_low_unread_idx')
      .on(t.userLow, t.unreadLow)
      .where(sql`${t.unreadLow} > 0`),
    index('conversation_summaries_high_unread_idx')
      .on(t.userHigh, t.unreadHigh)
      .where(sql`${t.unreadHigh} > 0`),
    check('conversation_summaries_pair_check', sql`${t.userLow} < ${t.userHigh}`),
    check('conversation_summaries_unread_check', sql`${t.unreadLow} >= 0 and ${t.unreadHigh} >= 0`),
  ],
);

// ---- private jobs and orders ----
export const privateJobs = pgTable(
  'private_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    deliveryTime: text('delivery_time').notNull(),
    budgetPence: integer('budget_pence'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('private_jobs_to_idx').on(t.toUserId, t.createdAt, t.id),
    index('private_jobs_from_idx').on(t.fromUserId, t.createdAt, t.id),
    check('private_jobs_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'delivered')`),
    check('private_jobs_budget_check', sql`${t.budgetPence} is null or ${t.budgetPence} >= 0`),
    check('private_jobs_delivery_check', sql`${t.deliveryTime} in ('1 Day', '2 Days', '3 Days', '1 Week')`),
  ],
);

/** Files attached to a private job; readable by sender, designer and admins only. */
export const privateJobFiles = pgTable(
  'private_job_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => privateJobs.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('private_job_files_job_idx').on(t.jobId)],
);

/** SPEC's transactions and orders are one thing to a user: one order record, one state machine. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => privateJobs.id, { onDelete: 'set null' }),
    /** Title and price as they were when ordered; the offer may change or go. */
    title: text('title').notNull(),
    pricePence: integer('price_pence'),
    currency: text('currency').notNull().default('GBP'),
    status: text('status').notNull().default('awaiting_payment'),
    paypalLink: text('paypal_link'),
    deliveryKey: text('delivery_key'),
    deliveryFileName: text('delivery_file_name'),
    deliveryContentType: text('delivery_content_type'),
    deliveryMessage: text('delivery_message'),
    createdAt: createdAt(),
    /** When the buyer said they paid (a claim until payment_confirmed_at). */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** When the seller confirmed the money arrived, or delivered, which confirms it too. */
    paymentConfirmedAt: timestamp('payment_confirmed_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** buyer (cancelled), seller (declined), system (not paid in time) or admin (a dispute resolved so). */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** Change requests the offer included when it was bought, and those the buyer made. */
    revisionsAllowed: integer('revisions_allowed').notNull().default(1),
    revisionsUsed: integer('revisions_used').notNull().default(0),
    /** Whether the rank counts the completed order (and so its review): its buyer was established when it completed. */
    countsForRank: boolean('counts_for_rank').notNull().default(false),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt, t.id),
    index('orders_seller_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_status_idx').on(t.status),
    index('orders_offer_idx').on(t.offerId),
    index('orders_job_idx')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    // The transactions export: newest first by keyset.
    index('orders_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check(
      'orders_status_check',
      sql`${t.status} in ('awaiting_payment', 'paid', 'delivered', 'completed', 'cancelled', 'disputed')`,
    ),
    check('orders_price_check', sql`${t.pricePence} is null or ${t.pricePence} >= 0`),
    check(
      'orders_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null and ${t.cancelledBy} in ('buyer', 'seller', 'system', 'admin'))`,
    ),
    check(
      'orders_revisions_check',
      sql`${t.revisionsUsed} >= 0 and ${t.revisionsAllowed} >= 0 and ${t.revisionsUsed} <= ${t.revisionsAllowed}`,
    ),
  ],
);

/** Every file the seller delivered, so earlier rounds stay downloadable by both sides. */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    /** In the order they were written: two files delivered in one millisecond keep their order. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_deliveries_order_idx').on(t.orderId, t.id)],
);

/** An order's history: each move, by whom, with its note (why a payment is missing, what to change). */
export const orderEvents = pgTable(
  'order_events',
  {
    /** In the order they happened: moves on one order are made one at a time, under its lock. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    byRole: text('by_role').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check(
      'order_events_kind_check',
      sql`${t.kind} in ('payment_claimed', 'payment_confirmed', 'payment_not_received', 'delivered', 'delivery_replaced', 'changes_requested', 'completed', 'cancelled', 'declined', 'reminded', 'auto_completed', 'expired', 'problem_reported', 'resolved_completed', 'resolved_cancelled', 'resolved_redeliver')`,
    ),
    check('order_events_by_check', sql`${t.byRole} in ('buyer', 'seller', 'system', 'admin')`),
  ],
);

export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    senderRole: text('sender_role').notNull(),
    /** A canned message's key (SPEC section 4), or the text a party wrote: one of the two. */
    messageKey: text('message_key'),
    body: text('body'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.sentAt),
    check('order_messages_role_check', sql`${t.senderRole} in ('buyer', 'seller')`),
    check('order_messages_one_kind_check', sql`(${t.messageKey} is null) <> (${t.body} is null)`),
  ],
);

/**
 * A problem one side reported on an order: open (the order is disputed) until an admin resolves it.
 * At most one open per order; the admin's list reads the open ones, the longest waiting first.
 */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reportedBy: text('reported_by').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The order's status when it was reported, for the record. */
    fromStatus: text('from_status').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('order_problems_open_idx')
      .on(t.orderId)
      .where(sql`${t.resolvedAt} is null`),
    index('order_problems_queue_idx')
      .on(t.reportedAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
    index('order_problems_order_idx').on(t.orderId),
    index('order_problems_resolved_by_idx')
      .on(t.resolvedBy)
      .where(sql`${t.resolvedBy} is not null`),
    // an admin files the problem when one side of an open order is suspended (issue 17)
    check('order_problems_by_check', sql`${t.reportedBy} in ('buyer', 'seller', 'admin')`),
    check(
      'order_problems_reason_check',
      sql`${t.reason} in ('not_delivered', 'not_as_described', 'payment', 'no_answer', 'other', 'account_suspended')`,
    ),
    check('order_problems_details_check', sql`char_length(${t.details}) between 1 and 1000`),
    check(
      'order_problems_resolved_check',
      sql`(${t.resolvedAt} is null) = (${t.outcome} is null) and (${t.outcome} is null or ${t.outcome} in ('complete', 'cancel', 'redeliver'))`,
    ),
  ],
);

/**
 * The buyer's review of a completed order (one per order), with the seller's one reply. The offer's
 * review_count and rating_sum move with it in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reviews_order_idx').on(t.orderId),
    // An offer's and a creator's reviews, newest first by keyset.
    index('reviews_offer_idx').on(t.offerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A person's account deleted sets their reviews' buyer to null.
    index('reviews_buyer_idx').on(t.buyerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_body_check', sql`char_length(${t.body}) <= 500`),
    check(
      'reviews_reply_check',
      sql`(${t.reply} is null) = (${t.repliedAt} is null) and char_length(${t.reply}) between 1 and 500`,
    ),
  ],
);

/**
 * A person blocking another (issue 17): no messages, orders or jobs from the blocked person, and
 * neither sees the other's offer. Read by blocker (their list, and checks) and by blocked (checks).
 */
/**
 * Who follows whom (issue 18). How many follow a person, and how many they follow, are tallies
 * (topics followers and following) kept by a trigger, so a creator page reads two keys.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // a person's followers, newest first (and the foreign key's index)
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc().nullsFirst(), t.followerId.desc().nullsFirst()),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    // the blocker's list, newest first by keyset
    index('blocks_blocker_created_idx').on(
      t.blockerId,
      t.createdAt.desc().nullsFirst(),
      t.blockedId.desc().nullsFirst(),
    ),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * The admins' queue of reports (issue 17): every open report of one thing is one case, with the
 * content as it read when first reported. Most reported first, then newest.
 */
export const reportCases = pgTable(
  'report_cases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** Whose content it is, kept for the queue (and gone with their account). */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: text('snapshot').notNull(),
    status: text('status').notNull().default('open'),
    reportsCount: integer('reports_count').notNull().default(0),
    /** 1 once any report of it names a payment link: such cases come first in the queue. */
    priority: smallint('priority').notNull().default(0),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true, mode: 'date' }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledNote: text('handled_note'),
  },
  (t) => [
    uniqueIndex('report_cases_open_target_idx')
      .on(t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('report_cases_queue_idx')
      .on(
        t.priority.desc().nullsFirst(),
        t.reportsCount.desc().nullsFirst(),
        t.lastReportedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'open'`),
    index('report_cases_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.ownerId} is not null`),
    index('report_cases_handled_by_idx')
      .on(t.handledBy)
      .where(sql`${t.handledBy} is not null`),
    check('report_cases_kind_check', sql`${t.targetKind} in ('offer', 'creator', 'message')`),
    check('report_cases_status_check', sql`${t.status} in ('open', 'dismissed', 'hidden', 'suspended')`),
  ],
);

/** One person's report in a case: reporting the same thing again adds to it. */
export const reports = pgTable(
  'reports',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => reportCases.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.reporterId] }),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_note_check', sql`char_length(${t.note}) <= 2000`),
  ],
);

/**
 * What an admin did to a person (issue 17): hid their offer or suspended them, with the rule and why,
 * and the person's one appeal of it with its outcome. The target's history in the queue and the
 * appeals queue read from here.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'hide_offer' or 'suspend'. */
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    caseId: bigint('case_id', { mode: 'number' }).references(() => reportCases.id, { onDelete: 'set null' }),
    rule: text('rule').notNull(),
    note: text('note').notNull(),
    /** A suspension's end ('infinity' for good). */
    until: timestamp('until', { withTimezone: true, mode: 'date' }),
    /** Whether the action took an approved offer out of the feed, so undoing it puts the offer back. */
    offerWasApproved: boolean('offer_was_approved').notNull().default(false),
    byId: text('by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** none, pending (appealed), upheld or reversed. */
    appealStatus: text('appeal_status').notNull().default('none'),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true, mode: 'date' }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true, mode: 'date' }),
    appealDecidedBy: text('appeal_decided_by').references(() => users.id, { onDelete: 'set null' }),
    appealReply: text('appeal_reply'),
  },
  (t) => [
    // A person's history (newest first) and their actions.
    index('moderation_actions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The appeals waiting for an admin, oldest first.
    index('moderation_actions_appeals_idx')
      .on(t.appealedAt, t.id)
      .where(sql`${t.appealStatus} = 'pending'`),
    index('moderation_actions_offer_idx')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    index('moderation_actions_case_idx')
      .on(t.caseId)
      .where(sql`${t.caseId} is not null`),
    index('moderation_actions_by_idx')
      .on(t.byId)
      .where(sql`${t.byId} is not null`),
    index('moderation_actions_decided_by_idx')
      .on(t.appealDecidedBy)
      .where(sql`${t.appealDecidedBy} is not null`),
    check('moderation_actions_kind_check', sql`${t.kind} in ('hide_offer', 'suspend')`),
    check(
      'moderation_actions_appeal_check',
      sql`${t.appealStatus} in ('none', 'pending', 'upheld', 'reversed') and (${t.appealStatus} = 'none') = (${t.appealedAt} is null)`,
    ),
    check(
      'moderation_actions_texts_check',
      sql`char_length(${t.note}) <= 2000 and char_length(${t.appealText}) <= 2000`,
    ),
  ],
);

// ---- media processing ----
/** One media job at a time per person, across every API process: a row while their upload is processed. */
export const mediaProcessing = pgTable('media_processing', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ---- security and audit ----
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    success: boolean('success').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** False for attempts refused by the limiter and for failures cleared by an unlock link or a reset. */
    countsTowardLimit: boolean('counts_toward_limit').notNull().default(true),
  },
  (t) => [
    index('login_attempts_lookup_idx').on(t.email, t.ipAddress, t.attemptedAt),
    index('login_attempts_account_idx')
      .on(t.email, t.attemptedAt)
      .where(sql`not ${t.success} and ${t.countsTowardLimit}`),
    // The dashboard's attempts of the last day.
    index('login_attempts_at_idx').on(t.attemptedAt),
  ],
);

/**
 * A change of address waiting for the new address to confirm it (issue 19): one per person (a new
 * request replaces it), found by its mailed link's hash, until it expires.
 */
export const emailChanges = pgTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Mails a person asked for again (a verification link, a change of address), by what they are about
 * (the address, or the account) and the client address asking: the limits of a few an hour count these.
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    ipAddress: text('ip_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_requests_subject_idx').on(t.kind, t.subject, t.createdAt),
    index('mail_requests_address_idx').on(t.kind, t.ipAddress, t.createdAt),
    check('mail_requests_kind_check', sql`${t.kind} in ('verification', 'email_change')`),
  ],
);

/** One row per account created, by the address it came from: the sign-up quota counts these. */
export const signUps = pgTable(
  'sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sign_ups_address_idx').on(t.ipAddress, t.createdAt)],
);

export const securityLogs = pgTable(
  'security_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ipAddress: text('ip_address'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('security_logs_created_idx').on(t.createdAt), index('security_logs_user_idx').on(t.userId)],
);

/**
 * Every write made while impersonating and every admin's own change, with its answer. The ids are
 * plain text, not foreign keys: the trail outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: text('admin_id'),
    actingAsUserId: text('acting_as_user_id'),
    method: text('method').notNull(),
    /** The route the router matched (null when none did); path is the address as it was sent. */
    route: text('route'),
    path: text('path').notNull(),
    action: text('action'),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_id_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * Counts the admin pages and order lists show, so reading one is a few rows, not a scan: how many
 * people, offers (by state), messages, orders (by status, with their value), a person's orders
 * bought and sold and conversations, each seller's completed sales and each day's. Triggers in the
 * writing transaction append a change to tally_changes (appends only, so writers never wait on one
 * another); a job folds them into tallies every minute. A count is its tallies row plus its changes
 * not yet folded, read in one statement. See docs/decisions/0010-tallies.md.
 */
export const tallies = pgTable(
  'tallies',
  {
    /** What is counted: 'people', 'offers', 'orders', 'sales', ... (db/tallies.ts lists them). */
    topic: text('topic').notNull(),
    /** Which one of the topic: a status, a person's id, a day; '' for a topic with one count. */
    subject: text('subject').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /** The value in pence where the topic has one (orders, sales). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Its index also holds count and amount (INCLUDE, migration 0034): a range of subjects is read from it alone.
    primaryKey({ columns: [t.topic, t.subject] }),
    // Top sellers: the largest sales first, ties in a fixed order, so the first n are exactly n index entries.
    index('tallies_ranked_idx').on(t.topic, t.amount.desc().nullsFirst(), t.count.desc().nullsFirst(), t.subject),
  ],
);

export const tallyChanges = pgTable(
  'tally_changes',
  {
    topic: text('topic').notNull(),
    subject: text('subject').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('tally_changes_idx').on(t.topic, t.subject)],
);

// ---- notification settings and Web Push (issue 18) ----

/**
 * A switch a person turned off: no notification of the topic in the app, no mail of it, or no push
 * (notification-settings.ts in core). A switch without a row is on, so a new person gets everything.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic, t.channel] }),
    check(
      'notification_opt_outs_topic_check',
      sql`${t.topic} in ('messages', 'orders', 'reviews', 'follows', 'moderation')`,
    ),
    check('notification_opt_outs_channel_check', sql`${t.channel} in ('in_app', 'email', 'push')`),
  ],
);

/**
 * One device's push subscription: its push service's endpoint (unique: a device belongs to whoever
 * subscribed it last) and the keys a push is encrypted for. Removed when the person turns push off,
 * or when the push service answers that it no longer exists (404 or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the device is, from its User-Agent ("Chrome on Android"), for the person's own reading. */
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
    /** When it was last subscribed again or pushed to: the longest unused goes first past PUSH_DEVICES_MAX. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    // a person's devices (and the foreign key's index), the longest unused first
    index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
    check('push_subscriptions_endpoint_length_check', sql`length(${t.endpoint}) <= 1000`),
  ],
);

/**
 * Every mail owed, written in the transaction of the event that owes it (platform/outbox.ts) and sent by
 * the queue's mail worker in created order per recipient, retried until a day has passed (then failed).
 * A sent mail keeps its recipient and subject, not its text; sent and failed rows go after 30 days.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Created order: a recipient's mails leave in this order. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The address, lower case: mails to one address wait for each other. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The whole mail (platform/mailer.ts Mail) until it is sent. */
    mail: jsonb('mail'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this; a try in progress holds it a while ahead (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // a recipient's oldest waiting mail (the one that goes first)
    index('mail_outbox_recipient_queued_idx')
      .on(t.recipient, t.id)
      .where(sql`${t.status} = 'queued'`),
    // the waiting mails that are due, oldest due first
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    // the sent and failed ones, for the purge
    index('mail_outbox_finished_idx')
      .on(t.finishedAt, t.id)
      .where(sql`${t.status} <> 'queued'`),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * Stored files no row has claimed yet (platform/unclaimed-files.ts): written before an upload goes to
 * storage and deleted by the transaction that saves the row pointing at it. What is left when due is
 * removed from storage by the queue, so a failed save leaves no file behind, even when storage was down.
 */
export const unclaimedFiles = pgTable(
  'unclaimed_files',
  {
    key: text('key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('unclaimed_files_due_idx').on(t.dueAt)],
);
