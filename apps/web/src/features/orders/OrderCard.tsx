import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatPence, type OrderSummary } from '@gigreel/core';
import { PaymentBadge } from './PaymentBadge.tsx';

/** One row of My Orders or My Sales: the whole row opens the order. */
export function OrderCard({ order, side }: { order: OrderSummary; side: 'buyer' | 'seller' }) {
  const other = side === 'buyer' ? order.seller : order.buyer;
  return (
    <Link
      to={`/order/${order.id}`}
      className="flex items-center gap-3 rounded-2xl border border-line bg-panel p-4 hover:bg-white/5"
    >
      <div className="min-w-0 flex-1">
        {/* The pill moves under the title rather than squeeze it below 8rem on a narrow phone. */}
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <p className="min-w-32 flex-1 truncate font-semibold text-white">{order.title}</p>
          <PaymentBadge status={order.status} jobStatus={order.jobStatus} />
        </div>
        <p className="mt-1 text-sm text-zinc-300">
          {side === 'buyer' ? 'Seller' : 'Buyer'}: {other?.displayName ?? 'Unknown'}
          {order.jobId ? ' · Private job' : ''}
        </p>
        <p className="mt-1 flex justify-between text-sm text-zinc-400">
          <span>{formatDate(order.createdAt)}</span>
          <span className="font-semibold text-zinc-100">
            {order.pricePence !== null ? formatPence(order.pricePence) : 'No budget'}
          </span>
        </p>
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" />
    </Link>
  );
}
