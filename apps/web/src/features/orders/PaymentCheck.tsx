/**
 * The seller's check of the buyer's "I've paid": what the buyer says they paid and when, then
 * whether the money arrived. Not received sends the order back to awaiting payment, with a note.
 */
import { CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatPence, ordersTexts, type OrderDetail, type OrderMove } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { useConfirmPaymentReceived, useReportPaymentNotReceived } from './orders.queries.ts';
import { OrderMoveButton } from './OrderMoveButton.tsx';

export function PaymentCheck({ order, moves }: { order: OrderDetail; moves: OrderMove[] }) {
  const received = useConfirmPaymentReceived(order.id);
  const notReceived = useReportPaymentNotReceived(order.id);
  const paidOn = order.paidAt ? formatDate(order.paidAt) : null;
  return (
    <div className="flex flex-col gap-3">
      {paidOn ? (
        <p className="rounded-xl border border-line bg-ink/60 p-3 text-sm text-zinc-100">
          {order.pricePence !== null
            ? ordersTexts.paymentClaimed(formatPence(order.pricePence), paidOn)
            : ordersTexts.paymentClaimedNoAmount(paidOn)}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {moves.includes('confirm_payment') ? (
          <Button
            size="lg"
            busy={received.isPending}
            // Not mutate's own onSuccess: confirming unmounts this panel, and with it that callback.
            onClick={() =>
              received.mutateAsync().then(
                () => toast.success(ordersTexts.paymentReceivedDone),
                () => undefined,
              )
            }
          >
            <CircleCheck className="h-4 w-4" aria-hidden="true" />
            {ordersTexts.paymentReceived}
          </Button>
        ) : null}
        {moves.includes('reject_payment') ? (
          <OrderMoveButton
            label={ordersTexts.paymentNotReceived}
            variant="outline"
            title={ordersTexts.paymentNotReceived}
            description={ordersTexts.notReceivedBody}
            note={{ label: ordersTexts.notReceivedNote }}
            confirmLabel={ordersTexts.paymentNotReceived}
            move={notReceived}
            run={(note) => notReceived.mutateAsync(note)}
            done={ordersTexts.paymentNotReceivedDone}
          />
        ) : null}
      </div>
    </div>
  );
}
