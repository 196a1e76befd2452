/** What the viewer can do with the order now, by role and state (SPEC sections 4 and 6). */
import { CheckCircle2, Download, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { availableOrderMoves, ordersTexts, type OrderDetail } from '@gigreel/core';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/misc.tsx';
import { useCompleteOrder, useDeliveryLink, useMarkPaid } from './orders.queries.ts';
import { PaymentSteps } from './PaymentSteps.tsx';

export function OrderActions({ order }: { order: OrderDetail }) {
  const role = order.viewerRole === 'admin' ? null : order.viewerRole;
  const declined = order.job?.status === 'declined';
  // a declined job is neither paid for nor delivered (the server refuses both too)
  const moves = availableOrderMoves(order.status, role).filter(
    (move) => !(declined && (move === 'pay' || move === 'deliver')),
  );
  const markPaid = useMarkPaid(order.id);
  const complete = useCompleteOrder(order.id);
  const deliveryLink = useDeliveryLink(order.id);

  const download = () =>
    deliveryLink.mutate(undefined, {
      onSuccess: ({ url }) => {
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = order.delivery?.fileName ?? '';
        anchor.rel = 'noopener';
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
      },
    });

  const waiting =
    declined && order.status === 'awaiting_payment'
      ? ordersTexts.jobDeclined
      : declined && order.status === 'paid'
        ? role === 'buyer'
          ? ordersTexts.jobDeclinedAfterPayment
          : ordersTexts.jobDeclinedNoDelivery
        : moves.includes('pay') && !order.paypalLink
          ? ordersTexts.noPaymentLink
          : order.status === 'awaiting_payment' && role === 'seller'
            ? "Waiting for the buyer's payment."
            : order.status === 'paid' && role === 'buyer'
              ? 'Paid. The seller has been told and will deliver your file here.'
              : order.status === 'delivered' && role === 'seller'
                ? 'Delivered. Waiting for the buyer to accept.'
                : order.status === 'completed'
                  ? 'This order is complete.'
                  : null;

  if (!waiting && !moves.length && !order.delivery) return null;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-lg font-bold text-white">{moves.includes('pay') ? ordersTexts.paymentTitle : 'Next step'}</h2>
      {waiting ? <p className="text-sm text-zinc-300">{waiting}</p> : null}
      {moves.includes('pay') && order.paypalLink ? (
        <PaymentSteps
          paymentLink={order.paypalLink}
          pricePence={order.pricePence}
          sellerName={order.seller?.displayName ?? 'the seller'}
          confirming={markPaid.isPending}
          onConfirm={() => markPaid.mutate(undefined, { onSuccess: () => toast.success(ordersTexts.paymentConfirmed) })}
        />
      ) : null}
      {moves.includes('deliver') ? (
        <Link to={`/order/${order.id}/upload`} className={buttonClass('primary', 'lg')}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {ordersTexts.uploadDelivery}
        </Link>
      ) : null}
      {order.delivery ? (
        <Button variant="outline" size="lg" busy={deliveryLink.isPending} onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {ordersTexts.download} <span className="sr-only">{order.delivery.fileName}</span>
        </Button>
      ) : null}
      {order.delivery ? (
        <p className="-mt-1 truncate text-center text-xs text-zinc-400">{order.delivery.fileName}</p>
      ) : null}
      {moves.includes('complete') ? (
        <Button
          size="lg"
          busy={complete.isPending}
          onClick={() => complete.mutate(undefined, { onSuccess: () => toast.success(ordersTexts.completed) })}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {ordersTexts.acceptAndComplete}
        </Button>
      ) : null}
    </Card>
  );
}
