/**
 * /stats: the own offer's analytics (issue 18), reached from the profile. The last 7, 30 or 90 days
 * (kept in the address, 30 unless asked), the totals, a chart per day and the funnel from views to
 * completed orders; a prompt to post an offer for someone without one.
 */
import { BarChart3 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { profileTexts, STATS_DEFAULT_PERIOD, STATS_PERIODS, statsTexts, type StatsPeriod } from '@gigreel/core';
import { BackLink } from '../features/orders/index.ts';
import { StatsChart, StatsFunnel, StatsTotals, useOwnStats } from '../features/stats/index.ts';
import { buttonClass } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { EmptyState, LoadFailed, PageTitle, Spinner } from '../ui/misc.tsx';

const periodOf = (value: string | null): StatsPeriod =>
  STATS_PERIODS.find((days) => String(days) === value) ?? STATS_DEFAULT_PERIOD;

export default function StatsPage() {
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const stats = useOwnStats(days);
  const data = stats.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-4 pb-8">
      <BackLink to="/profile" label="Back to profile" />
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <BarChart3 className="h-6 w-6 text-brand-400" aria-hidden="true" />
          <PageTitle>{statsTexts.title}</PageTitle>
        </div>
        {data?.offer ? <p className="line-clamp-2 break-words text-sm text-zinc-400">{data.offer.title}</p> : null}
      </div>
      {stats.isPending ? (
        <Spinner label={statsTexts.loading} />
      ) : stats.isError && !data ? (
        <LoadFailed title={statsTexts.loadFailed} detail={stats.error.message} query={stats} />
      ) : !data?.offer ? (
        <EmptyState
          title={statsTexts.noOffer}
          action={
            <Link to="/post" className={buttonClass('primary', 'md')}>
              {profileTexts.createFirstOffer}
            </Link>
          }
        >
          <p>{statsTexts.noOfferBody}</p>
        </EmptyState>
      ) : (
        <>
          <div
            role="group"
            aria-label={statsTexts.periodLabel}
            className="flex gap-1 self-start rounded-xl border border-line bg-panel p-1"
          >
            {STATS_PERIODS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={days === value}
                onClick={() =>
                  setParams(value === STATS_DEFAULT_PERIOD ? {} : { days: String(value) }, { replace: true })
                }
                className={cn(
                  'rounded-lg px-3.5 py-1.5 text-sm font-semibold',
                  days === value ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:text-white',
                )}
              >
                {statsTexts.period(value)}
              </button>
            ))}
          </div>
          <div
            className={cn('flex flex-col gap-6 transition-opacity', stats.isPlaceholderData && 'opacity-60')}
            aria-busy={stats.isPlaceholderData || undefined}
          >
            <StatsTotals totals={data.totals} />
            <div className="rounded-2xl border border-line bg-panel p-4">
              <StatsChart daily={data.daily} />
            </div>
            <StatsFunnel totals={data.totals} />
            <p className="text-xs text-zinc-400">{statsTexts.howCounted}</p>
          </div>
        </>
      )}
    </div>
  );
}
