/** The period's totals, one tile each, in the order of STATS_METRICS; revenue, last, fills its row. */
import { STATS_METRICS, statsMetricLabels, statsTexts, type StatsTotals as Totals } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { formatStat } from './format.ts';

export function StatsTotals({ totals }: { totals: Totals }) {
  return (
    <section aria-labelledby="stats-totals" className="flex flex-col gap-3">
      <h2 id="stats-totals" className="font-semibold text-white">
        {statsTexts.totals}
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        {STATS_METRICS.map((metric) => (
          <div
            key={metric}
            className={cn(
              'flex flex-col-reverse justify-end gap-0.5 rounded-2xl border border-line bg-panel px-3 py-2',
              metric === 'revenuePence' && 'col-span-2',
            )}
          >
            <dt className="text-xs leading-tight text-zinc-400">{statsMetricLabels[metric]}</dt>
            <dd className="text-lg font-bold tabular-nums text-white sm:text-xl">
              {formatStat(metric, totals[metric])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
