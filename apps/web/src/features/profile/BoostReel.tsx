/** The Boost Reel: offers the person boosted, newest first (the boosted list's first page), two to a row (SPEC: /profile). */
import { Link } from 'react-router';
import { profileTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/misc.tsx';
import { useBoostedOffers } from '../engagement/index.ts';
import { CollectionEmpty } from './CollectionEmpty.tsx';
import { OfferGrid } from './OfferGrid.tsx';

export function BoostReel() {
  const reel = useBoostedOffers();
  const offers = reel.data?.pages[0]?.offers ?? [];
  return (
    <div className="flex flex-col gap-3">
      {reel.isPending ? (
        <Spinner label="Loading your Boost Reel" />
      ) : reel.isError && !reel.isFetchNextPageError ? (
        <p role="alert" className="rounded-2xl border border-red-900 bg-red-950/40 p-4 text-sm text-red-200">
          {profileTexts.boostReelFailed}
        </p>
      ) : offers.length === 0 ? (
        <CollectionEmpty text={profileTexts.boostReelEmpty} />
      ) : (
        <OfferGrid offers={offers} label={profileTexts.boostReel} />
      )}
      {reel.data?.pages[0]?.nextCursor ? (
        <Link to="/boosted" className={buttonClass('outline', 'sm')}>
          {profileTexts.boostReelAll}
        </Link>
      ) : null}
    </div>
  );
}
