/** /post: create or edit the person's one offer, with its review state when it exists. */
import { Clock, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { OfferForm, useOwnOffer } from '../features/offers/index.ts';
import { Badge, Card, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';

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
        <Card className="flex items-start gap-3 p-4">
          {offer.isApproved ? (
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" aria-hidden="true" />
          ) : (
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" aria-hidden="true" />
          )}
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-white">{offer.title}</span>
              {offer.isApproved ? (
                <Badge variant="secondary">Live</Badge>
              ) : (
                <Badge variant="outline" className="border-amber-400 text-amber-200">
                  Awaiting approval
                </Badge>
              )}
            </div>
            <p className="text-zinc-300">
              {offer.isApproved
                ? 'Your offer is in the feed. Saving changes sends it back for review.'
                : 'Your offer is awaiting approval and will appear in the feed once reviewed.'}
            </p>
            {offer.isApproved ? (
              <Link to={`/offer/${offer.id}`} className="w-fit text-brand-400 hover:underline">
                See it in the feed
              </Link>
            ) : null}
          </div>
        </Card>
      ) : null}
      <OfferForm key={offer?.id ?? 'new'} existing={offer} />
    </div>
  );
}
