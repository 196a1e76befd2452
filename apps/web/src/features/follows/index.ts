/** The follows feature's public entry: what other features and the app use of it. */
export { FollowButton, FollowCounts } from './FollowButton.tsx';
