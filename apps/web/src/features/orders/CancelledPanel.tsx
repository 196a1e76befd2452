/**
 * A cancelled order's final state: who ended it (the buyer, the seller declining it, its timer, or an
 * admin resolving a reported problem) and, when a reason came with it, why. Nothing is left to do.
 */
import { CircleX } from 'lucide-react';
import { ordersTexts, type OrderDetail } from '@gigreel/core';
import { Card } from '../../ui/misc.tsx';

export function CancelledPanel({ order }: { order: OrderDetail }) {
  return (
    <Card className="flex flex-col gap-3 border-red-900/70 p-4">
      <h2 className="flex items-start gap-2 text-lg font-bold text-white">
        <CircleX className="mt-1 h-5 w-5 shrink-0 text-red-300" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {order.cancelledBy ? ordersTexts.cancelledBy[order.cancelledBy] : ordersTexts.statusLabel(order.status)}
        </span>
      </h2>
      {order.cancelReason ? (
        <div className="rounded-xl border border-line bg-ink/60 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{ordersTexts.reason}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-100">{order.cancelReason}</p>
        </div>
      ) : null}
      <p className="text-sm text-zinc-300">{ordersTexts.cancelledFinal}</p>
    </Card>
  );
}
