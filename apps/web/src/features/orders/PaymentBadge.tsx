import { TriangleAlert } from 'lucide-react';
import { orderStatusLabel, paymentBadgeVariant, type JobStatus, type OrderStatus } from '@gigreel/core';
import { Badge } from '../../ui/misc.tsx';

/**
 * SPEC section 4: completed default, delivered secondary, paid outline, otherwise destructive. A
 * private job's order reads "Waiting for the designer" until accepted, and "Declined" when declined.
 * A disputed order ("Problem reported") carries a warning sign too, so it does not read as cancelled.
 */
export function PaymentBadge({ status, jobStatus }: { status: OrderStatus; jobStatus?: JobStatus | null }) {
  return (
    <Badge variant={paymentBadgeVariant(status)} className={status === 'disputed' ? 'gap-1' : undefined}>
      {status === 'disputed' ? <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden="true" /> : null}
      {orderStatusLabel(status, jobStatus)}
    </Badge>
  );
}
