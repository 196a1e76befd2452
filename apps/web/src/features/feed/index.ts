/** The feed feature's public entry: what other features and the app use of it, and all they may import. */
export { FeedView } from './FeedView.tsx';
export {
  feedFilterFrom,
  feedTabFrom,
  prefetchFeed,
  useFeedPages,
  useFollowingPages,
  useOffer,
  useViewerStates,
} from './feed.queries.ts';
export type { FeedFilter, FeedTab } from './feed.queries.ts';
export { FeedDebugPanel } from './lazy.ts';
export { OfferPreviewDialog } from './OfferPreview.tsx';
export { FeedHeader } from './FeedHeader.tsx';
