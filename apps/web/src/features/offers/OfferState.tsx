/**
 * Where the own offer stands, in words: live, or awaiting approval with what happens next, and a
 * preview of it as the feed will show it. /post, the profile's offer card and the feed's notice after a
 * save (OwnOfferNotice) show them, so a person never wonders why their offer is not in the feed.
 */
import { CheckCircle2, Clock, Eye } from 'lucide-react';
import { useState } from 'react';
import { offerTexts, type OwnOffer } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { StatusPill } from '../../ui/status-pill.tsx';
import { OfferPreviewDialog } from '../feed/index.ts';

export function OfferStatePill({ offer }: { offer: Pick<OwnOffer, 'isApproved'> }) {
  return offer.isApproved ? (
    <StatusPill tone="done">{offerTexts.live}</StatusPill>
  ) : (
    <StatusPill tone="awaiting">{offerTexts.awaitingApproval}</StatusPill>
  );
}

/** What happens next: live in the feed, or checked first and a notification once it is live. */
export function OfferNextText({ offer, className }: { offer: Pick<OwnOffer, 'isApproved'>; className?: string }) {
  const Icon = offer.isApproved ? CheckCircle2 : Clock;
  return (
    <p className={cn('flex items-start gap-2 text-sm text-zinc-300', className)}>
      <Icon
        className={cn('mt-0.5 h-4 w-4 shrink-0', offer.isApproved ? 'text-emerald-300' : 'text-amber-300')}
        aria-hidden="true"
      />
      {offer.isApproved ? offerTexts.liveNext : offerTexts.awaitingApprovalNext}
    </p>
  );
}

/** Preview: the offer as one slide of the feed. */
export function OfferPreviewButton({ offer }: { offer: OwnOffer }) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setPreviewing(true)}>
        <Eye className="h-4 w-4" aria-hidden="true" />
        {offerTexts.preview}
      </Button>
      <OfferPreviewDialog offer={offer} open={previewing} onOpenChange={setPreviewing} />
    </>
  );
}
