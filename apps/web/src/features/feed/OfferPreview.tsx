/**
 * The creator's own offer as one slide of the feed, before (or after) it is approved: the same slide
 * the feed shows to others (Buy included), muted and inert (a preview buys, boosts and messages
 * nothing), in a phone-sized frame.
 */
import { offerTexts, type FeedOffer } from '@gigreel/core';
import { Dialog } from '../../ui/dialog.tsx';
import { OfferSlide } from './OfferSlide.tsx';

const nothing = () => {};

export function OfferPreviewDialog({
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
      title={offerTexts.previewTitle}
      description={offerTexts.previewHint}
    >
      <div
        role="img"
        aria-label={`${offer.title}, as the feed shows it`}
        className="relative mx-auto aspect-[9/16] h-[min(62dvh,560px)] max-w-full overflow-hidden rounded-2xl border border-line bg-black"
      >
        <div inert className="absolute inset-0">
          <OfferSlide
            offer={offer}
            state={undefined}
            active
            muted
            preload="auto"
            isOwn={false}
            position="preview"
            onMessage={nothing}
            onBuy={nothing}
            onDetails={nothing}
            onTag={nothing}
            onPickerChange={nothing}
            onAutoplayBlocked={nothing}
            onPausedChange={nothing}
            onScrubbingChange={nothing}
          />
        </div>
      </div>
    </Dialog>
  );
}
