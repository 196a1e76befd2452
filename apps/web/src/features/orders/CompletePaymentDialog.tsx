/**
 * Complete Payment (SPEC sections 2, 4, 7): the buyer pays on the seller's payment page (only ever
 * the link the seller entered on the offer, never one made from a name) in a new tab, then "I've
 * paid" records the order as paid with the server's time. Opened by Buy on a paid offer in the feed.
 */
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ordersTexts, sellerPaymentLink, type FeedOffer } from '@gigreel/core';
import { Dialog } from '../../ui/dialog.tsx';
import { useBuyOffer } from './orders.queries.ts';
import { PaymentSteps } from './PaymentSteps.tsx';

export type CompletePaymentDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; offer: FeedOffer };

export function CompletePaymentDialog({ open, onOpenChange, offer }: CompletePaymentDialogProps) {
  const navigate = useNavigate();
  const buy = useBuyOffer();
  const paymentLink = sellerPaymentLink(offer.paypalLink);
  const confirm = () =>
    buy.mutate(offer.id, {
      onSuccess: (order) => {
        toast.success(ordersTexts.paymentConfirmed);
        onOpenChange(false);
        navigate(`/order/${order.id}`);
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ordersTexts.paymentTitle} description={offer.title}>
      {paymentLink ? (
        <PaymentSteps
          paymentLink={paymentLink}
          pricePence={offer.pricePence}
          sellerName={offer.creator.displayName}
          note={offer.purchaseNote}
          confirming={buy.isPending}
          onConfirm={confirm}
        />
      ) : (
        <p className="text-sm text-zinc-300">{ordersTexts.noPaymentLink}</p>
      )}
    </Dialog>
  );
}
