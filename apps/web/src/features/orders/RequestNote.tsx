/**
 * What the other side last asked of the viewer, said where they act on it: the buyer's changes to
 * the seller who delivers again, the seller's "payment not received" (and note) to the buyer who pays again.
 */
import { MessageSquareText } from 'lucide-react';
import { ordersTexts, type OrderDetail, type OrderRole } from '@gigreel/core';

export function RequestNote({ order, role }: { order: OrderDetail; role: OrderRole | null }) {
  const latest = order.events.at(-1);
  const heading =
    role === 'seller' && order.status === 'paid' && latest?.kind === 'changes_requested'
      ? ordersTexts.changesAsked
      : role === 'buyer' && order.status === 'awaiting_payment' && latest?.kind === 'payment_not_received'
        ? ordersTexts.paymentMissing
        : null;
  if (!heading || !latest) return null;
  return (
    <div role="note" className="flex gap-3 rounded-xl border border-amber-700/70 bg-amber-950/50 p-3">
      <MessageSquareText className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-amber-100">{heading}</p>
        {latest.note ? <p className="mt-1 whitespace-pre-wrap break-words text-zinc-100">{latest.note}</p> : null}
      </div>
    </div>
  );
}
