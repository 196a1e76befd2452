import { orderStatusLabel, paymentBadgeVariant, type JobStatus, type OrderStatus } from '@gigreel/core';
import { Badge } from '../../ui/misc.tsx';

/**
 * SPEC section 4: completed default, delivered secondary, paid outline, otherwise destructive. A
 * private job's order reads "Waiting for the designer" until accepted, and "Declined" when declined.
 */
export function PaymentBadge({ status, jobStatus }: { status: OrderStatus; jobStatus?: JobStatus | null }) {
  return <Badge variant={paymentBadgeVariant(status)}>{orderStatusLabel(status, jobStatus)}</Badge>;
}
