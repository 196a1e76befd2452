/** Placeholder with the agreed props; the orders feature (issue 5) replaces its body. */
import type { FeedOffer } from '@gigreel/core';
import { Dialog } from '../../ui/dialog.tsx';

export type CompletePaymentDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; offer: FeedOffer };

export function CompletePaymentDialog({ open, onOpenChange, offer }: CompletePaymentDialogProps) {
  return <Dialog open={open} onOpenChange={onOpenChange} title="Complete Payment" description={offer.title} />;
}
