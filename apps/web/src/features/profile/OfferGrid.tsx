/** Offers as a grid of stills, two to a row (three on wider screens), each opening in the feed at /offer/{id}. */
import { Link } from 'react-router';
import { offerTexts, type BoostedOffer } from '@gigreel/core';
import { OfferThumb } from './OfferThumb.tsx';

export function OfferGrid({ offers, label }: { offers: BoostedOffer[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
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
  );
}
