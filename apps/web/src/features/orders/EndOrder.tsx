/**
 * Ending an order before the work starts: the buyer cancels one they have not paid for; the seller
 * declines one whose payment is not confirmed, saying why. Either way it is final, so it is asked first.
 */
import { ordersTexts, type OrderDetail } from '@gigreel/core';
import { useCancelOrder, useDeclineOrder } from './orders.queries.ts';
import { OrderMoveButton } from './OrderMoveButton.tsx';

const quiet = 'w-full text-red-300';

export function CancelOrder({ order }: { order: OrderDetail }) {
  const cancel = useCancelOrder(order.id);
  return (
    <OrderMoveButton
      label={ordersTexts.cancelOrder}
      variant="outline"
      className={quiet}
      title={ordersTexts.cancelOrder}
      description={ordersTexts.cancelBody}
      confirmLabel={ordersTexts.cancelOrder}
      confirmVariant="destructive"
      move={cancel}
      run={() => cancel.mutateAsync()}
      done={ordersTexts.cancelledDone}
    />
  );
}

export function DeclineOrder({ order }: { order: OrderDetail }) {
  const decline = useDeclineOrder(order.id);
  return (
    <OrderMoveButton
      label={ordersTexts.declineOrder}
      variant="outline"
      className={quiet}
      title={ordersTexts.declineOrder}
      description={ordersTexts.declineBody}
      note={{ label: ordersTexts.declineReason, required: ordersTexts.reasonRequired }}
      confirmLabel={ordersTexts.declineOrder}
      confirmVariant="destructive"
      move={decline}
      run={(reason) => decline.mutateAsync(reason)}
      done={ordersTexts.declinedDone}
    />
  );
}
