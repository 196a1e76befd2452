/**
 * Following's limit and user-facing texts, apart from its schemas (follows.ts): the feed's follow badge
 * is on the first screen, and reading these brings no zod schema with it.
 */
/** How many creators one person may follow: keeps a Following feed one bounded query. */
export const FOLLOWS_MAX = 5000;

export const followsTexts = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  followName: (name: string) => `Follow ${name}`,
  unfollowName: (name: string) => `Unfollow ${name}`,
  followed: (name: string) => `You follow ${name}.`,
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  followers: (count: number) => (count === 1 ? '1 follower' : `${count.toLocaleString('en-GB')} followers`),
  followingCount: (count: number) => `${count.toLocaleString('en-GB')} following`,
  cannotFollowSelf: "You can't follow yourself.",
  tooMany: `You can follow up to ${FOLLOWS_MAX.toLocaleString('en-GB')} creators. Unfollow someone to follow someone new.`,
  notFound: 'Creator not found',
  signUp: 'Sign up to follow creators.',
} as const;
