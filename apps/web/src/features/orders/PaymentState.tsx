/** Whether the money of a paid order is only claimed by the buyer or confirmed by the seller. */
import { Clock3, ShieldCheck } from 'lucide-react';
import { ordersTexts, type OrderDetail } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';

const afterPayment = new Set<OrderDetail['status']>(['paid', 'delivered', 'completed']);

export function PaymentState({ order }: { order: OrderDetail }) {
  if (!afterPayment.has(order.status)) return null;
  const confirmed = order.paymentConfirmedAt !== null;
  const Icon = confirmed ? ShieldCheck : Clock3;
  return (
    <p className={cn('flex items-center gap-2 text-sm', confirmed ? 'text-emerald-300' : 'text-amber-200')}>
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      {confirmed ? ordersTexts.paymentState.confirmed : ordersTexts.paymentState.claimed}
    </p>
  );
}
