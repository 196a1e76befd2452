/** The Saved tab: the offers the person favourited, newest first, a page at a time, each opening in the feed. */
import { savedTexts } from '@gigreel/core';
import { Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { useSavedOffers } from '../engagement/index.ts';
import { CollectionEmpty } from './CollectionEmpty.tsx';
import { OfferGrid } from './OfferGrid.tsx';

export function SavedOffers() {
  const saved = useSavedOffers();
  const offers = saved.data?.pages.flatMap((page) => page.offers) ?? [];
  if (saved.isPending) return <Spinner label={savedTexts.loading} />;
  if (saved.isError && offers.length === 0)
    return (
      <p role="alert" className="rounded-2xl border border-red-900 bg-red-950/40 p-4 text-sm text-red-200">
        {savedTexts.loadFailed}
      </p>
    );
  if (offers.length === 0) return <CollectionEmpty text={savedTexts.empty} />;
  return (
    <div className="flex flex-col gap-1">
      <OfferGrid offers={offers} label={savedTexts.tab} />
      <ShowMore list={saved} texts={savedTexts.more} failed={savedTexts.loadFailed} className="px-0" />
    </div>
  );
}
