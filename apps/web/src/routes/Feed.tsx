/**
 * The feed at / (with ?q= search and ?tag= filter, and ?feed=following for the Following tab) and at
 * /offer/{id}, which opens that offer first and keeps it until the person moves. SPEC sections 2, 4
 * and 8; the tabs are issue 18's: For You is the ranked feed, Following the offers of the creators
 * one follows (a visitor is asked to sign up there).
 */
import { Hash, Search, X } from 'lucide-react';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { offerTexts, searchTexts, texts, type FeedOffer } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import {
  FeedDebugPanel,
  FeedHeader,
  feedFilterFrom,
  feedTabFrom,
  FeedView,
  useFeedPages,
  useFollowingPages,
  useOffer,
  useViewerStates,
  type FeedFilter,
  type FeedTab,
} from '../features/feed/index.ts';
import { OwnOfferNotice } from '../features/offers/index.ts';
import { useSearchCount } from '../features/search/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState, Spinner, LoadFailed } from '../ui/misc.tsx';

/**
 * `home` is where the feed lives (/ for everyone, /admin/feed for the admin), so filters stay on it;
 * `debugSlot`, given by /admin/feed, is where the admin's debug panel goes (its header). Only / has
 * the tabs.
 */
export default function FeedPage({ home = '/', debugSlot = null }: { home?: string; debugSlot?: HTMLElement | null }) {
  const { offerId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { viewer, loading: viewerLoading } = useViewer();
  const withTabs = home === '/';
  const tab: FeedTab = withTabs && !offerId ? feedTabFrom(search) : 'forYou';
  const onFollowing = tab === 'following';
  const filter: FeedFilter = useMemo(() => feedFilterFrom(search), [search]);
  const forYou = useFeedPages(filter, !onFollowing);
  const followed = useFollowingPages(onFollowing);
  const feed = onFollowing ? followed : forYou;
  const shared = useOffer(offerId);

  const offers = useMemo(() => {
    const list: FeedOffer[] = [];
    const seen = new Set<string>();
    const add = (offer: FeedOffer) => {
      if (seen.has(offer.id)) return;
      seen.add(offer.id);
      list.push(offer);
    };
    if (shared.data) add(shared.data);
    for (const page of feed.data?.pages ?? []) page.offers.forEach(add);
    return list;
  }, [feed.data, shared.data]);
  const ids = useMemo(() => offers.map((offer) => offer.id), [offers]);
  const states = useViewerStates(ids);

  const loadError = feed.error ?? null;
  useEffect(() => {
    if (loadError)
      toast.error(texts.generic.error, { id: 'feed-load', description: offerTexts.loadFailedWith(loadError.message) });
  }, [loadError]);
  useEffect(() => {
    if (shared.error) toast.error(shared.error.message, { id: 'shared-offer' });
  }, [shared.error]);

  const clear = () => navigate(home);
  // How many offers the search or tag found (issue 19), beside what was searched for.
  const matched = useSearchCount(filter).data;
  const found = matched ? searchTexts.matched(matched.count, matched.capped) : undefined;
  const header = withTabs ? (
    <FeedHeader tab={tab} onTab={(next) => navigate(next === 'following' ? '/?feed=following' : '/')} />
  ) : null;
  const chip = onFollowing ? null : filter.tag ? (
    <FilterChip
      icon={<Hash className="h-3.5 w-3.5" aria-hidden="true" />}
      text={filter.tag}
      found={found}
      clearLabel="Clear tag filter"
      onClear={clear}
    />
  ) : filter.q ? (
    <FilterChip
      icon={<Search className="h-3.5 w-3.5" aria-hidden="true" />}
      text={filter.q}
      found={found}
      clearLabel="Clear search"
      onClear={clear}
    />
  ) : null;
  // After saving an offer the person lands here: where theirs stands, while it is not in the feed.
  const notice = viewer && !viewer.isAdmin ? <OwnOfferNotice /> : null;
  const debug =
    viewer?.isAdmin && debugSlot
      ? createPortal(
          <Suspense fallback={null}>
            <FeedDebugPanel rendered={offers.length} onRefresh={() => void feed.refetch()} />
          </Suspense>,
          debugSlot,
        )
      : null;

  if (onFollowing && !viewer) {
    if (viewerLoading) return <Spinner label="Loading offers" />;
    return (
      <EmptyFeed header={header}>
        <EmptyState
          title={offerTexts.followingFeed}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/signup" className={buttonClass('primary', 'sm')}>
                Sign Up
              </Link>
              <Link to="/login" className={buttonClass('outline', 'sm')}>
                Log In
              </Link>
            </div>
          }
        >
          <p>{offerTexts.followingSignUp}</p>
        </EmptyState>
      </EmptyFeed>
    );
  }
  if (feed.isPending || (offerId && shared.isPending)) return <Spinner label="Loading offers" />;
  if (offers.length === 0) {
    const reason = feed.data?.pages[0]?.emptyReason;
    return (
      <EmptyFeed header={header} chip={chip} notice={notice}>
        {loadError ? (
          <LoadFailed
            title={offerTexts.loadFailed}
            detail={offerTexts.loadFailedWith(loadError.message)}
            query={feed}
          />
        ) : onFollowing ? (
          <EmptyState
            title={offerTexts.followingEmpty}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Link to="/" className={buttonClass('primary', 'sm')}>
                  {offerTexts.forYou}
                </Link>
                <Link to="/explore" className={buttonClass('outline', 'sm')}>
                  {offerTexts.exploreCreators}
                </Link>
              </div>
            }
          >
            <p className="max-w-xs">{offerTexts.followingEmptyHint}</p>
          </EmptyState>
        ) : (
          <EmptyState
            title={offerTexts.noOffersFound}
            action={
              filter.q || filter.tag ? (
                <Link to={home} className={buttonClass('primary', 'sm')}>
                  {offerTexts.browseFeed}
                </Link>
              ) : viewer ? (
                <Link to="/post" className={buttonClass('primary', 'sm')}>
                  Post an offer
                </Link>
              ) : null
            }
          >
            {reason ? (
              <p>
                {reason.total === 0 ? offerTexts.noOffersYet : offerTexts.filteredOut(reason.total, reason.filteredOut)}
              </p>
            ) : filter.q || filter.tag ? (
              <p>Nothing matches this filter yet.</p>
            ) : (
              <p>{offerTexts.noOffersYet}</p>
            )}
          </EmptyState>
        )}
        {debug}
      </EmptyFeed>
    );
  }

  return (
    <>
      <FeedView
        key={`${tab}|${filter.q ?? ''}|${filter.tag ?? ''}|${offerId ?? ''}`}
        offers={offers}
        states={states}
        hasMore={Boolean(feed.hasNextPage)}
        loadMore={() => {
          if (!feed.isFetchingNextPage) void feed.fetchNextPage();
        }}
        onTag={(tag) => navigate(`${home}?tag=${encodeURIComponent(tag)}`)}
        header={header}
        overlay={
          <div className="flex w-full flex-col items-start gap-2">
            {chip}
            {notice}
          </div>
        }
        holdFirst={Boolean(offerId)}
      />
      {debug}
    </>
  );
}

/** Where the feed would be when it has nothing to show: its header (the tabs) above, then why. */
function EmptyFeed({
  header,
  chip,
  notice,
  children,
}: {
  header: ReactNode;
  chip?: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 px-4 pt-2 md:pt-4">
      {header ? (
        <div className="flex w-full max-w-[375px] items-center">
          {header}
          {/* as wide as the phone's Explore and Boosted icons, so the tabs sit in the middle */}
          <div className="w-[4.5rem] shrink-0 md:hidden" />
        </div>
      ) : null}
      {chip ? <div className="w-full max-w-[375px]">{chip}</div> : null}
      {notice}
      {children}
    </div>
  );
}

function FilterChip({
  icon,
  text,
  found,
  clearLabel,
  onClear,
}: {
  icon: React.ReactNode;
  text: string;
  /** "12 offers", once counted. */
  found: string | undefined;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <div className="flex w-fit max-w-full items-center gap-1.5 rounded-full bg-brand-600 py-1 pl-3 pr-1 text-sm font-semibold text-white shadow-lg">
      {icon}
      <span className="truncate">{text}</span>
      {found ? (
        <span role="status" className="shrink-0 whitespace-nowrap font-normal text-white/90">
          · {found}
        </span>
      ) : null}
      <button
        type="button"
        aria-label={clearLabel}
        onClick={onClear}
        className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-black/20"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
