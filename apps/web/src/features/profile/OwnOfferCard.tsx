/**
 * The person's one offer (media, title, where it stands and what happens next, Preview, link button,
 * Edit to /post, its Stats) or the prompt to create it. Saving on /post lands here.
 */
import { BarChart3, ExternalLink, Pencil, PlusCircle } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence, profileTexts, statsTexts, type OwnOffer } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Badge, Card, Spinner } from '../../ui/misc.tsx';
import { OfferThumb } from './OfferThumb.tsx';
import { OfferNextText, OfferPreviewButton, OfferStatePill, useOwnOffer } from '../offers/index.ts';

export function OwnOfferSection() {
  const offer = useOwnOffer();
  return (
    <section aria-labelledby="own-offer-title" className="flex flex-col gap-3 px-4">
      <h2 id="own-offer-title" className="text-lg font-bold text-white">
        Your Offer
      </h2>
      {offer.isPending ? (
        <Spinner label="Loading your offer" />
      ) : offer.isError ? (
        <Card>
          <p role="alert" className="text-sm text-red-300">
            {offer.error.message}
          </p>
        </Card>
      ) : offer.data ? (
        <OfferCard offer={offer.data} />
      ) : (
        <CreateFirstOffer />
      )}
    </section>
  );
}

function OfferCard({ offer }: { offer: OwnOffer }) {
  return (
    <Card className="flex flex-col gap-3 p-3">
      <div className="flex gap-4">
        <Link
          to={`/offer/${offer.id}`}
          className="block aspect-[9/16] w-28 shrink-0 overflow-hidden rounded-xl"
          aria-label={`See ${offer.title} in the feed`}
        >
          <OfferThumb mediaUrl={offer.mediaUrl} mediaKind={offer.mediaKind} posterUrl={offer.posterUrl} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 className="line-clamp-3 font-semibold break-words text-white">{offer.title}</h3>
          <div className="flex flex-wrap gap-1.5">
            {offer.isPaidOffer && offer.pricePence !== null ? (
              <Badge>{formatPence(offer.pricePence)}</Badge>
            ) : (
              <Badge variant="secondary">Free</Badge>
            )}
            <OfferStatePill offer={offer} />
          </div>
          <div className="mt-auto flex flex-wrap gap-2">
            {/* Until it is live the preview shows it as the feed will; once live, the feed itself does. */}
            {offer.isApproved ? null : <OfferPreviewButton offer={offer} />}
            {offer.link ? (
              <a href={offer.link} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'sm')}>
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                Open link<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : offer.isApproved ? (
              <Link to={`/offer/${offer.id}`} className={buttonClass('outline', 'sm')}>
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                View offer
              </Link>
            ) : null}
            <Link to="/post" className={buttonClass('primary', 'sm')}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit<span className="sr-only"> your offer</span>
            </Link>
            <Link to="/stats" className={buttonClass('outline', 'sm')}>
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
              {statsTexts.open}
              <span className="sr-only"> {statsTexts.openWhat}</span>
            </Link>
          </div>
        </div>
      </div>
      {/* What happens next, the card's whole width. */}
      {offer.isApproved ? null : (
        <OfferNextText offer={offer} className="rounded-xl bg-amber-300/10 px-3 py-2.5 text-amber-50" />
      )}
    </Card>
  );
}

function CreateFirstOffer() {
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <PlusCircle className="h-10 w-10 text-brand-400" aria-hidden="true" />
      <p className="text-sm text-zinc-300">{profileTexts.createFirstOfferBody}</p>
      <Link to="/post" className={buttonClass('primary')}>
        {profileTexts.createFirstOffer}
      </Link>
    </Card>
  );
}
