/** The Boost Reel: offers the person boosted, newest first (the boosted list's first page), two to a row (SPEC: /profile). */
import { Link } from 'react-router';
import { offerTexts, profileTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/misc.tsx';
import { OfferThumb } from './OfferThumb.tsx';
import { useBoostedOffers } from '../engagement/index.ts';

export function BoostReel() {
  const reel = useBoostedOffers();
  const offers = reel.data?.pages[0]?.offers ?? [];
  return (
    <section aria-labelledby="boost-reel-title" className="flex flex-col gap-3 px-4">
      <h2 id="boost-reel-title" className="text-lg font-bold text-white">
        {profileTexts.boostReel}
      </h2>
      {reel.isPending ? (
        <Spinner label="Loading your Boost Reel" />
      ) : reel.isError && !reel.isFetchNextPageError ? (
        <p role="alert" className="rounded-2xl border border-red-900 bg-red-950/40 p-4 text-sm text-red-200">
          {profileTexts.boostReelFailed}
        </p>
      ) : offers.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-6 text-center">
          <p className="text-sm text-zinc-300">{profileTexts.boostReelEmpty}</p>
          <Link to="/" className={buttonClass('outline', 'sm')}>
            Browse Feed
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {offers.map((offer) => (
            <li key={offer.id}>
              <Link to={`/offer/${offer.id}`} className="group flex flex-col gap-1.5 rounded-xl">
                <span className="block aspect-[9/16] overflow-hidden rounded-xl border border-line">
                  <OfferThumb
                    mediaUrl={offer.mediaUrl}
                    mediaKind={offer.mediaKind}
                    posterUrl={offer.posterUrl}
                    className="transition-transform group-hover:scale-105"
                  />
                </span>
                <span className="line-clamp-2 text-sm font-semibold text-white">{offer.title}</span>
                <span className="text-xs text-zinc-400">{offerTexts.byCreator(offer.creatorName)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {reel.data?.pages[0]?.nextCursor ? (
        <Link to="/boosted" className={buttonClass('outline', 'sm')}>
          {profileTexts.boostReelAll}
        </Link>
      ) : null}
    </section>
  );
}
