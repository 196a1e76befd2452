/**
 * What the viewer can do with the order now (SPEC sections 4 and 6): exactly the moves core's order
 * machine opens to their side, with a line on what they are waiting for, and reporting a problem
 * below the rest. A cancelled order shows its final state instead, and a disputed one the problem
 * reported (to both sides and to an admin alike).
 */
import { RefreshCw, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { availableOrderMoves, ordersTexts, type OrderDetail, type OrderMove, type OrderRole } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/misc.tsx';
import { CancelledPanel } from './CancelledPanel.tsx';
import { DeliveryReview } from './DeliveryReview.tsx';
import { CancelOrder, DeclineOrder } from './EndOrder.tsx';
import { orderFacts, viewerSide } from './orderFacts.ts';
import { useMarkPaid } from './orders.queries.ts';
import { PaymentCheck } from './PaymentCheck.tsx';
import { PaymentSteps } from './PaymentSteps.tsx';
import { ProblemPanel } from './ProblemPanel.tsx';
import { ReportProblem } from './ReportProblem.tsx';
import { RequestNote } from './RequestNote.tsx';

export function OrderActions({ order }: { order: OrderDetail }) {
  const role = viewerSide(order);
  const facts = orderFacts(order);
  const moves = availableOrderMoves(facts, role);
  const markPaid = useMarkPaid(order.id);
  if (order.status === 'cancelled') return <CancelledPanel order={order} />;
  if (order.status === 'disputed') return <ProblemPanel order={order} />;

  const waiting = waitingText(order, role, moves);
  const awaitingConfirmation = moves.includes('confirm_payment') || moves.includes('reject_payment');
  if (!waiting && !moves.length) return null;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-lg font-bold text-white">{moves.includes('pay') ? ordersTexts.paymentTitle : 'Next step'}</h2>
      <RequestNote order={order} role={role} />
      {waiting ? <p className="text-sm text-zinc-300">{waiting}</p> : null}
      {awaitingConfirmation ? <PaymentCheck order={order} moves={moves} /> : null}
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
        // while the payment is only claimed, confirming it comes first
        <Link
          to={`/order/${order.id}/upload`}
          className={buttonClass(awaitingConfirmation ? 'outline' : 'primary', 'lg')}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {ordersTexts.uploadDelivery}
        </Link>
      ) : null}
      {moves.includes('replace_delivery') ? (
        <Link to={`/order/${order.id}/upload?replace=1`} className={buttonClass('outline', 'lg')}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {ordersTexts.replaceDelivery}
        </Link>
      ) : null}
      {moves.includes('complete') ? (
        <DeliveryReview
          order={order}
          canRequestChanges={moves.includes('request_changes')}
          revisionsLeft={facts.revisionsLeft}
        />
      ) : null}
      {moves.includes('cancel') || moves.includes('decline') || moves.includes('report_problem') ? (
        <div className="mt-1 flex flex-col gap-2 border-t border-line pt-3">
          {moves.includes('cancel') ? <CancelOrder order={order} /> : null}
          {moves.includes('decline') ? <DeclineOrder order={order} /> : null}
          {moves.includes('report_problem') ? <ReportProblem order={order} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

/** What the viewer is waiting for, or why nothing can be done (a declined private job). */
function waitingText(order: OrderDetail, role: OrderRole | null, moves: OrderMove[]): string | null {
  const declinedJob = order.job?.status === 'declined';
  if (order.job?.status === 'pending' && order.status === 'awaiting_payment')
    return role === 'buyer' ? ordersTexts.waitingForDesigner : null;
  if (declinedJob && order.status === 'awaiting_payment') return ordersTexts.jobDeclined;
  if (declinedJob && order.status === 'paid')
    return role === 'buyer' ? ordersTexts.jobDeclinedAfterPayment : ordersTexts.jobDeclinedNoDelivery;
  if (moves.includes('pay') && !order.paypalLink) return ordersTexts.noPaymentLink;
  if (order.status === 'awaiting_payment' && role === 'seller') return "Waiting for the buyer's payment.";
  if (order.status === 'paid' && role === 'buyer')
    return order.events.at(-1)?.kind === 'changes_requested'
      ? ordersTexts.changesRequested
      : 'Paid. The seller has been told and will deliver your file here.';
  if (order.status === 'delivered' && role === 'seller') return 'Delivered. Waiting for the buyer to accept.';
  if (order.status === 'completed') return 'This order is complete.';
  return null;
}
