/** /post: create or edit the person's one offer, with where it stands (and a preview) when it exists. */
import { Link } from 'react-router';
import { offerTexts } from '@gigreel/core';
import { OfferForm, OfferNextText, OfferPreviewButton, OfferStatePill, useOwnOffer } from '../features/offers/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';

export default function PostPage() {
  const own = useOwnOffer();
  if (own.isPending) return <Spinner label="Loading your offer" />;
  if (own.isError) {
    return <LoadFailed title="Your offer could not be loaded" detail={own.error.message} query={own} />;
  }
  const offer = own.data;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-5 md:py-2">
      <div className="flex flex-col gap-1">
        <PageTitle>{offer ? 'Edit your offer' : 'Post your offer'}</PageTitle>
        <p className="text-sm text-zinc-300">
          One offer per creator: a short video or a picture, a title and how people get it.
        </p>
      </div>
      {offer ? (
        <Card className="flex flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-words font-semibold text-white">{offer.title}</span>
            <OfferStatePill offer={offer} />
          </div>
          <OfferNextText offer={offer} />
          <div className="flex flex-wrap gap-2">
            {/* Live, the feed itself shows it; until then, the preview does. */}
            {offer.isApproved ? (
              <Link to={`/offer/${offer.id}`} className={buttonClass('outline', 'sm')}>
                {offerTexts.seeInFeed}
              </Link>
            ) : (
              <OfferPreviewButton offer={offer} />
            )}
          </div>
        </Card>
      ) : null}
      <OfferForm key={offer?.id ?? 'new'} existing={offer} />
    </div>
  );
}
