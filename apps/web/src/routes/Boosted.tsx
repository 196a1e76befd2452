/** /boosted: the offers the viewer boosted, newest first, a page at a time, as a two-column grid (SPEC section 2). */
import { Rocket } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { offerTexts } from '@gigreel/core';
import { OfferTile } from '../features/explore/index.ts';
import { useBoostedOffers } from '../features/engagement/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';
import { ShowMore } from '../ui/show-more.tsx';

export default function BoostedPage() {
  const boosted = useBoostedOffers();
  useEffect(() => {
    if (boosted.error) console.warn('Failed to load boosted offers', boosted.error);
  }, [boosted.error]);
  const offers = boosted.data?.pages.flatMap((page) => page.offers) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5 md:py-2">
      <div className="flex items-center gap-2">
        <Rocket className="h-6 w-6 text-amber-300" aria-hidden="true" />
        <PageTitle>Boosted</PageTitle>
      </div>
      {boosted.isPending ? (
        <Spinner label="Loading boosted offers" />
      ) : boosted.isError && !boosted.isFetchNextPageError ? (
        <LoadFailed title={offerTexts.loadFailed} query={boosted} />
      ) : offers.length === 0 ? (
        <EmptyState
          title={offerTexts.noBoostsYet}
          action={
            <Link to="/" className={buttonClass('primary', 'md')}>
              {offerTexts.browseFeed}
            </Link>
          }
        >
          <p>Boost the offers you believe in and they will be collected here.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3" aria-label="Boosted offers">
            {offers.map((offer) => (
              <li key={offer.id}>
                <OfferTile
                  id={offer.id}
                  title={offer.title}
                  mediaUrl={offer.mediaUrl}
                  mediaKind={offer.mediaKind}
                  posterUrl={offer.posterUrl}
                  byline={offerTexts.byCreator(offer.creatorName)}
                />
              </li>
            ))}
          </ul>
          <ShowMore list={boosted} texts={offerTexts.moreBoosted} failed={offerTexts.loadFailed} />
        </>
      )}
    </div>
  );
}
