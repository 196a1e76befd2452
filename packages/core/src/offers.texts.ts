/** User-facing texts of offers, the feed and engagement (SPEC sections 2, 5 and 8), word for word. */
export const offerTexts = {
  paidSubmitted: 'Paid offer submitted for review!',
  updated: 'Your offer has been updated!',
  posted: 'Your offer has been posted!',
  saveFailed: 'Failed to save offer. Please try again.',
  approved: 'Gig approved successfully',
  approveFailed: 'Failed to approve gig',
  notFound: 'This offer is not available.',
  loadFailed: 'Failed to load offers',
  loadFailedWith: (message: string) => `Failed to load offers: ${message}`,
  boostFailed: 'Failed to update boost',
  favoriteFailed: 'Failed to update favorite',
  cannotBoostOwn: 'You cannot boost your own offer.',
  noOffersFound: 'No offers found',
  noOffersYet: 'No offers have been created yet',
  filteredOut: (total: number, filtered: number) => `Found ${total} offers but ${filtered} were filtered out`,
  noHashtags: 'No hashtags found',
  noBoostsYet: 'No Boosts Yet',
  browseFeed: 'Browse Feed',
  byCreator: (name: string) => `by ${name}`,
  boostedLoginRequired: 'Please log in to see your boosted offers.',
  boostReelFailed: 'Failed to load your Boost Reel',
  /** The control under the boosted list that loads its next page, and its label while loading. */
  moreBoosted: { show: 'Show more boosted offers', loading: 'Loading more boosted offers…' },
  creatorNotFound: 'This creator does not exist.',
  offerApprovedTitle: 'Your offer is live',
  offerApprovedBody: (title: string) => `"${title}" was approved and now appears in the feed.`,
  /** The one name of an offer an admin has not yet approved, wherever it shows (issue 19). */
  awaitingApproval: 'Awaiting approval',
  live: 'Live',
  awaitingApprovalNext:
    'We check every new or changed offer before it goes into the feed, usually within a day. You will get a notification as soon as it is live.',
  liveNext: 'Your offer is in the feed. Saving changes sends it back for approval.',
  preview: 'Preview',
  /** The note the feed shows after saving an offer that is not live yet (issue 19, item 6). */
  yourOfferNotice: 'Your offer',
  seeOnProfile: 'See it on your profile',
  dismissNotice: 'Dismiss',
  previewTitle: 'Preview in the feed',
  previewHint: 'This is how your offer will look in the feed.',
  seeInFeed: 'See it in the feed',
  tooManyTags: (max: number) => `Use at most ${max} tags`,
  tagTooLong: (max: number) => `Each tag must be at most ${max} characters`,
  /** The feed's two tabs (issue 18): the ranked feed, and the offers of the creators one follows. */
  forYou: 'For You',
  followingFeed: 'Following',
  followingEmpty: 'Follow creators to see their offers here',
  followingEmptyHint:
    "Tap + on a creator's picture in For You, or find creators in Explore. Their new and updated offers show here first.",
  followingSignUp: 'Sign up to see offers from the creators you follow.',
  exploreCreators: 'Explore creators',
  /** The creator page (issue 18). */
  openInFeed: 'Open in the feed',
  notRatedYet: 'Not rated yet',
  completedOrders: (count: number) =>
    count === 1 ? '1 completed order' : `${count.toLocaleString('en-GB')} completed orders`,
} as const;
