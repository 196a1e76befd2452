/**
 * /orders: tabs My Orders and My Sales with counts, newest first a page at a time, status pills (SPEC
 * sections 2 and 4), and a third, Jobs I sent (?tab=jobs): the private jobs the person sent to the
 * designer with their status and their order (issue 19).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Link, useSearchParams } from 'react-router';
import { jobsTexts, ordersTexts, type OrderRole } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import { SentJobs } from '../features/jobs/index.ts';
import { BackLink, OrderCard, useOrderList } from '../features/orders/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { ShowMore } from '../ui/show-more.tsx';
import { EmptyState, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';

export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const { viewer } = useViewer();
  const tab: OrderRole | 'jobs' =
    params.get('tab') === 'sales' ? 'seller' : params.get('tab') === 'jobs' ? 'jobs' : 'buyer';
  const bought = useOrderList('buyer');
  const sold = useOrderList('seller');
  const counts = bought.data?.pages[0]?.counts ?? sold.data?.pages[0]?.counts;
  const trigger =
    'flex-1 rounded-lg px-2 py-2 text-[13px] font-semibold leading-tight text-zinc-300 data-[state=active]:bg-brand-600 data-[state=active]:text-white sm:px-3 sm:text-sm';
  // Three tabs on a narrow phone: a label with a count breaks before its count, not inside itself.
  const label = (text: string, count?: number) => (
    <>
      <span className={count === undefined ? undefined : 'whitespace-nowrap'}>{text}</span>
      {count === undefined ? null : (
        <>
          {' '}
          <span className="whitespace-nowrap">({count})</span>
        </>
      )}
    </>
  );
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <BackLink to="/profile" label="Back to profile" />
      <PageTitle>Orders</PageTitle>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'seller' ? { tab: 'sales' } : value === 'jobs' ? { tab: 'jobs' } : {}, { replace: true })
        }
        className="flex flex-col gap-4"
      >
        <Tabs.List aria-label="Orders" className="flex gap-1 rounded-xl border border-line bg-panel p-1">
          <Tabs.Trigger value="buyer" className={trigger}>
            {label(ordersTexts.myOrders, counts?.buyer ?? 0)}
          </Tabs.Trigger>
          <Tabs.Trigger value="seller" className={trigger}>
            {label(ordersTexts.mySales, counts?.seller ?? 0)}
          </Tabs.Trigger>
          {viewer?.isDesigner ? null : (
            <Tabs.Trigger value="jobs" className={trigger}>
              {label(jobsTexts.sentTab)}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="buyer">
          <OrderListView query={bought} side="buyer" />
        </Tabs.Content>
        <Tabs.Content value="seller">
          <OrderListView query={sold} side="seller" />
        </Tabs.Content>
        <Tabs.Content value="jobs">{tab === 'jobs' ? <SentJobs /> : null}</Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function OrderListView({ query, side }: { query: ReturnType<typeof useOrderList>; side: OrderRole }) {
  if (query.isPending) return <Spinner label="Loading orders" />;
  // a failed "Show more orders" keeps the loaded orders and says so by the button
  if (query.isError && !query.isFetchNextPageError) {
    return <LoadFailed title={ordersTexts.loadFailed} query={query} />;
  }
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  if (!orders.length) {
    return side === 'buyer' ? (
      <EmptyState
        title={ordersTexts.noOrders}
        action={
          <Link to="/" className={buttonClass('primary', 'sm')}>
            Browse offers
          </Link>
        }
      >
        When you buy an offer or send a private job, it shows up here.
      </EmptyState>
    ) : (
      <EmptyState title={ordersTexts.noSales}>When someone buys your offer, it shows up here.</EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} side={side} />
          </li>
        ))}
      </ul>
      <ShowMore list={query} texts={ordersTexts.more} failed={ordersTexts.loadFailed} />
    </div>
  );
}
