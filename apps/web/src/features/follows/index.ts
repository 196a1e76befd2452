/** The follows feature's public entry: what the app and other features use of it. */
export { FollowBadge } from './FollowBadge.tsx';
export { FollowButton, FollowCounts } from './FollowButton.tsx';
