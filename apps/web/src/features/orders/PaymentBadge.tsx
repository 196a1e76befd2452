import { orderStatusLabel, type JobStatus, type OrderStatus } from '@gigreel/core';
import { orderTone } from '../../ui/status.ts';
import { StatusPill } from '../../ui/status-pill.tsx';

/**
 * An order's status in the one palette (ui/status.ts), the same on every screen. A private job's
 * order reads "Waiting for the designer" until accepted, and "Declined" when declined; a disputed
 * order ("Problem reported") carries a warning sign too, so it does not read as cancelled.
 */
export function PaymentBadge({ status, jobStatus }: { status: OrderStatus; jobStatus?: JobStatus | null }) {
  return <StatusPill tone={orderTone(status, jobStatus)}>{orderStatusLabel(status, jobStatus)}</StatusPill>;
}
