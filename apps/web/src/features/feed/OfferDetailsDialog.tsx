/** The offer's details: description, price and purchase note, how it is delivered, its latest reviews, its link. */
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence, type FeedOffer } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LatestReviews } from '../reviews/index.ts';
import { ReportButton } from '../reports/index.ts';

/** SPEC section 9: the default delivery time label and revisions (offers do not set their own yet). */
const DELIVERY_TIME = '1-7 days';
const REVISIONS = 1;

export function OfferDetailsDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: FeedOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={offer.title}
      description={
        <>
          by{' '}
          <Link
            to={`/creator/${offer.creator.id}`}
            className="font-semibold text-white underline-offset-2 hover:underline"
          >
            {offer.creator.displayName}
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm text-zinc-200">
        <p className="text-2xl font-extrabold text-white">
          {offer.isPaidOffer && offer.pricePence !== null ? formatPence(offer.pricePence) : 'Free'}
        </p>
        <section>
          <h3 className="mb-1 font-semibold text-white">Description</h3>
          <p className="whitespace-pre-line">{offer.description || 'The creator has not added a description yet.'}</p>
        </section>
        {offer.purchaseNote ? (
          <section>
            <h3 className="mb-1 font-semibold text-white">Purchase note</h3>
            <p className="whitespace-pre-line">{offer.purchaseNote}</p>
          </section>
        ) : null}
        <section>
          <h3 className="mb-1 font-semibold text-white">Delivery</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-zinc-400">Method</dt>
            <dd>File upload</dd>
            <dt className="text-zinc-400">Delivery time</dt>
            <dd>{DELIVERY_TIME}</dd>
            <dt className="text-zinc-400">Revisions</dt>
            <dd>{REVISIONS}</dd>
          </dl>
        </section>
        <LatestReviews offerId={offer.id} creatorId={offer.creator.id} rating={offer.rating} enabled={open} />
        {offer.tags.length > 0 ? <p className="text-zinc-300">{offer.tags.map((tag) => `#${tag}`).join(' ')}</p> : null}
        {!offer.isPaidOffer && offer.link ? (
          <a
            href={offer.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={buttonClass('primary', 'md')}
          >
            Visit offer link <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
        ) : null}
        <ReportButton kind="offer" id={offer.id} ownerId={offer.creator.id} className="self-start text-zinc-400" />
      </div>
    </Dialog>
  );
}
