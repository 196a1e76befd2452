/** Revenue Analytics: completed orders only, 15% commission, status breakdown, top 5 creators, revenue over time. */
import { useState } from 'react';
import { adminTexts, formatPence, type RevenueUnit } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/misc.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { useAnalytics } from './admin.queries.ts';
import { adminErrorText, useErrorToast } from './useErrorToast.ts';

const t = adminTexts.analytics;
const failedText = (error: Error) => t.failed(adminErrorText(error));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-line bg-panel p-4">
      <p className="text-sm text-zinc-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-white">{value}</p>
    </div>
  );
}

export default function AnalyticsTab() {
  const [unit, setUnit] = useState<RevenueUnit>('day');
  const analytics = useAnalytics(unit);
  useErrorToast(analytics.error, t.errorTitle, failedText);
  const data = analytics.data;
  return (
    <section aria-labelledby="analytics-title" className="flex flex-col gap-4">
      <h2 id="analytics-title" className="text-xl font-bold text-white">
        {t.heading}
      </h2>
      {analytics.isPending ? <Spinner /> : null}
      {data ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Total Revenue" value={formatPence(data.totalRevenuePence)} />
            <Stat label="Platform Commission" value={formatPence(data.commissionPence)} />
            <Stat label="Total Orders" value={String(data.totalOrders)} />
            <Stat label="Completed Orders" value={String(data.completedOrders)} />
          </div>
          <div className="rounded-2xl border border-line bg-panel p-4">
            <div className="mb-2 flex justify-end">
              <div role="group" aria-label="Revenue period" className="inline-flex rounded-xl border border-line p-0.5">
                {(['day', 'week'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={unit === value}
                    onClick={() => setUnit(value)}
                    className={cn(
                      'rounded-lg px-3 py-1 text-sm font-semibold',
                      unit === value ? 'bg-brand-600 text-white' : 'text-zinc-300',
                    )}
                  >
                    {value === 'day' ? 'Daily' : 'Weekly'}
                  </button>
                ))}
              </div>
            </div>
            <RevenueChart series={data.revenueOverTime} />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <div className="rounded-2xl border border-line bg-panel p-4">
              <h3 className="mb-3 font-semibold text-white">Order Status Breakdown</h3>
              <dl className="grid grid-cols-4 gap-2 text-center">
                <div>
                  <dt className="text-xs text-zinc-400">Completed</dt>
                  <dd className="text-xl font-bold text-emerald-300">{data.completedOrders}</dd>
                </div>
                <div>
                  <dt className="text-xs text-zinc-400">Pending</dt>
                  <dd className="text-xl font-bold text-amber-300">{data.pendingOrders}</dd>
                </div>
                <div>
                  <dt className="text-xs text-zinc-400">Cancelled</dt>
                  <dd className="text-xl font-bold text-red-300">{data.byStatus.cancelled}</dd>
                </div>
                <div>
                  <dt className="text-xs text-zinc-400">Total</dt>
                  <dd className="text-xl font-bold text-white">{data.totalOrders}</dd>
                </div>
              </dl>
              <p className="mt-3 text-xs text-zinc-400">
                Pending: {data.byStatus.awaiting_payment} awaiting payment, {data.byStatus.paid} paid,{' '}
                {data.byStatus.delivered} delivered.
              </p>
            </div>
            <div className="rounded-2xl border border-line bg-panel p-4">
              <h3 className="mb-3 font-semibold text-white">Top Creators by Revenue</h3>
              {data.topCreators.length === 0 ? (
                <p className="text-sm text-zinc-400">{t.noCreators}</p>
              ) : (
                <ol className="flex flex-col gap-2">
                  {data.topCreators.map((creator, index) => (
                    <li key={creator.creatorId} className="flex items-center justify-between gap-2 text-sm">
                      <span className="flex min-w-0 items-center gap-2">
                        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white/10 text-xs font-bold">
                          {index + 1}
                        </span>
                        <span className="truncate text-white">{creator.displayName}</span>
                        <span className="shrink-0 text-xs text-zinc-400">
                          {creator.orderCount} order{creator.orderCount === 1 ? '' : 's'}
                        </span>
                      </span>
                      <span className="font-semibold tabular-nums text-white">{formatPence(creator.revenuePence)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
