/**
 * /order/{id}: details, the delivered files, the actions of the viewer's role, the review, the message
 * log with canned messages, and the order's history (SPEC section 2).
 */
import { Link, useParams } from 'react-router';
import { formatDate, formatPence, ordersTexts, type OrderDetail } from '@gigreel/core';
import { ApiError } from '../api/client.ts';
import {
  BackLink,
  DeliveredFiles,
  OrderActions,
  OrderHistory,
  OrderMessages,
  PaymentBadge,
  PaymentState,
  useOrder,
} from '../features/orders/index.ts';
import { ReportButton } from '../features/reports/index.ts';
import { OrderReview } from '../features/reviews/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card, EmptyState, Spinner } from '../ui/misc.tsx';

export default function OrderPage() {
  const { orderId = '' } = useParams();
  const query = useOrder(orderId);
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <BackLink to="/orders" label="Back to orders" />
      {query.isPending ? <Spinner label="Loading order" /> : null}
      {query.isError ? (
        <EmptyState
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? ordersTexts.notFound
              : ordersTexts.fetchDetailsFailed
          }
          action={
            <Link to="/orders" className={buttonClass('outline', 'sm')}>
              Go to orders
            </Link>
          }
        />
      ) : null}
      {query.data ? <OrderView order={query.data} /> : null}
    </section>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const rows: Array<[string, string | null]> = [
    ['Buyer', order.buyer?.displayName ?? 'Unknown'],
    ['Seller', order.seller?.displayName ?? 'Unknown'],
    ['Ordered on', formatDate(order.createdAt)],
    ['Paid on', order.paidAt ? formatDate(order.paidAt) : null],
    ['Delivered on', order.deliveredAt ? formatDate(order.deliveredAt) : null],
    ['Completed on', order.completedAt ? formatDate(order.completedAt) : null],
    ['Cancelled on', order.cancelledAt ? formatDate(order.cancelledAt) : null],
  ];
  // The person on the other side of the order, whom the viewer may report (issue 17); an admin reads only.
  const counterpart = order.viewerRole === 'buyer' ? order.seller : order.viewerRole === 'seller' ? order.buyer : null;
  return (
    <>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">
              {order.job ? 'Private job' : 'Order'}
            </p>
            <h1 className="text-xl font-bold text-white">{order.title}</h1>
          </div>
          <PaymentBadge status={order.status} jobStatus={order.job?.status} />
        </div>
        <p className="text-2xl font-bold text-white">
          {order.pricePence !== null ? formatPence(order.pricePence) : 'No budget set'}
        </p>
        <PaymentState order={order} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-400">{label}</dt>
                <dd className="text-right text-zinc-100">{value}</dd>
              </div>
            ))}
        </dl>
        {counterpart ? (
          <ReportButton
            kind="creator"
            id={counterpart.id}
            ownerId={counterpart.id}
            label={`Report ${counterpart.displayName}`}
            className="self-start"
          />
        ) : null}
      </Card>
      <DeliveredFiles order={order} />
      <OrderActions order={order} />
      <OrderReview order={order} />
      <OrderMessages order={order} />
      <OrderHistory order={order} />
    </>
  );
}
