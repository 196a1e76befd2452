/**
 * The buyer's answer to a delivery: accept it (which completes the order, so it is asked first), or
 * ask for changes while the offer's revisions last.
 */
import { CheckCircle2, MessageSquarePlus } from 'lucide-react';
import { ordersTexts, type OrderDetail } from '@gigreel/core';
import { useCompleteOrder, useRequestChanges } from './orders.queries.ts';
import { OrderMoveButton } from './OrderMoveButton.tsx';

type Props = { order: OrderDetail; canRequestChanges: boolean; revisionsLeft: number };

export function DeliveryReview({ order, canRequestChanges, revisionsLeft }: Props) {
  const complete = useCompleteOrder(order.id);
  const changes = useRequestChanges(order.id);
  const revisions = ordersTexts.revisionsLeft(Math.max(0, revisionsLeft));
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <OrderMoveButton
          label={
            <>
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {ordersTexts.acceptAndComplete}
            </>
          }
          className={canRequestChanges ? undefined : 'sm:col-span-2'}
          title={ordersTexts.acceptConfirmTitle}
          description={ordersTexts.acceptConfirmBody}
          confirmLabel={ordersTexts.acceptAndComplete}
          move={complete}
          run={() => complete.mutateAsync()}
          done={ordersTexts.completed}
        />
        {canRequestChanges ? (
          <OrderMoveButton
            label={
              <>
                <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
                {ordersTexts.requestChanges}
              </>
            }
            variant="outline"
            title={ordersTexts.requestChanges}
            description={
              <>
                {ordersTexts.changesBody}
                <span className="mt-1 block font-semibold text-zinc-100">{revisions}</span>
              </>
            }
            note={{ label: ordersTexts.changesNote, required: ordersTexts.changesNoteRequired }}
            confirmLabel={ordersTexts.requestChanges}
            move={changes}
            run={(note) => changes.mutateAsync(note)}
            done={ordersTexts.changesRequested}
          />
        ) : null}
      </div>
      <p className="text-center text-sm text-zinc-400">{revisions}</p>
    </div>
  );
}
