/**
 * The feed at / (with ?q= search and ?tag= filter) and at /offer/{id}, which opens that offer first.
 * SPEC sections 2, 4 and 8.
 */
import { Hash, Search, X } from 'lucide-react';
import { Suspense, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { offerTexts, searchTexts, texts, type FeedOffer } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import {
  FeedDebugPanel,
  feedFilterFrom,
  FeedView,
  useFeedPages,
  useOffer,
  useViewerStates,
  type FeedFilter,
} from '../features/feed/index.ts';
import { useSearchCount } from '../features/search/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState, Spinner, LoadFailed } from '../ui/misc.tsx';

/**
 * `home` is where the feed lives (/ for everyone, /admin/feed for the admin), so filters stay on it;
 * `debugSlot`, given by /admin/feed, is where the admin's debug panel goes (its header).
 */
export default function FeedPage({ home = '/', debugSlot = null }: { home?: string; debugSlot?: HTMLElement | null }) {
  const { offerId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const filter: FeedFilter = useMemo(() => feedFilterFrom(search), [search]);
  const feed = useFeedPages(filter);
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
  const chip = filter.tag ? (
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
  const debug =
    viewer?.isAdmin && debugSlot
      ? createPortal(
          <Suspense fallback={null}>
            <FeedDebugPanel rendered={offers.length} onRefresh={() => void feed.refetch()} />
          </Suspense>,
          debugSlot,
        )
      : null;

  if (feed.isPending || (offerId && shared.isPending)) return <Spinner label="Loading offers" />;
  if (offers.length === 0) {
    const reason = feed.data?.pages[0]?.emptyReason;
    return (
      <div className="flex flex-col items-center gap-4 px-4 pt-4">
        {chip ? <div className="w-full max-w-[375px]">{chip}</div> : null}
        {loadError ? (
          <LoadFailed
            title={offerTexts.loadFailed}
            detail={offerTexts.loadFailedWith(loadError.message)}
            query={feed}
          />
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
      </div>
    );
  }

  return (
    <>
      <FeedView
        key={`${filter.q ?? ''}|${filter.tag ?? ''}|${offerId ?? ''}`}
        offers={offers}
        states={states}
        hasMore={Boolean(feed.hasNextPage)}
        loadMore={() => {
          if (!feed.isFetchingNextPage) void feed.fetchNextPage();
        }}
        onTag={(tag) => navigate(`${home}?tag=${encodeURIComponent(tag)}`)}
        overlay={chip}
      />
      {debug}
    </>
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
