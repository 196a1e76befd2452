import { ordersTexts, paymentBadgeVariant } from '@gigreel/core';
import { Badge } from '../../ui/misc.tsx';

/** SPEC section 4: completed default, delivered secondary, paid outline, otherwise destructive. */
export function PaymentBadge({ status }: { status: string }) {
  return <Badge variant={paymentBadgeVariant(status)}>{ordersTexts.statusLabel(status)}</Badge>;
}
