/**
 * From views to completed orders: how many of the period's views led to a link or Buy click, a message
 * or an order, and a completed order, each as a share of the views. People can message or buy without
 * pressing the link first, so a later step may exceed an earlier one; its bar then stops at full width.
 */
import { statsMetricLabels, statsTexts, type StatsTotals } from '@gigreel/core';
import { shareOf } from './format.ts';

export function StatsFunnel({ totals }: { totals: StatsTotals }) {
  const steps = [
    { label: statsMetricLabels.views, value: totals.views },
    { label: statsMetricLabels.clicks, value: totals.clicks },
    { label: 'Messages and orders', value: totals.messages + totals.orders },
    { label: statsMetricLabels.completedOrders, value: totals.completedOrders },
  ];
  return (
    <section aria-labelledby="stats-funnel" className="flex flex-col gap-3">
      <h2 id="stats-funnel" className="font-semibold text-white">
        {statsTexts.funnel}
      </h2>
      <ol className="flex flex-col gap-2.5 rounded-2xl border border-line bg-panel p-4">
        {steps.map((step, index) => {
          const share = shareOf(step.value, totals.views);
          const width = totals.views ? Math.min(100, (step.value / totals.views) * 100) : 0;
          return (
            <li key={step.label} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-zinc-200">{step.label}</span>
                <span className="shrink-0 tabular-nums text-white">
                  <span className="font-semibold">{step.value.toLocaleString('en-GB')}</span>
                  {index > 0 ? (
                    <span className="ml-2 text-zinc-400">
                      {share ? statsTexts.funnelShare(share) : statsTexts.noViewsYet}
                    </span>
                  ) : null}
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand-500"
                  style={{ width: `${index === 0 && totals.views ? 100 : width}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
