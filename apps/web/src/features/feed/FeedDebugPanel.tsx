/** The admin's feed debug panel (SPEC section 2): how many offers exist, are approved, have media, are shown. */
import { RefreshCw } from 'lucide-react';
import { useFeedDebug } from './feed.queries.ts';

export function FeedDebugPanel({ rendered, onRefresh }: { rendered: number; onRefresh: () => void }) {
  const debug = useFeedDebug(true);
  const rows: Array<[string, number | string]> = [
    ['Total', debug.data?.total ?? '…'],
    ['Approved', debug.data?.approved ?? '…'],
    ['With media', debug.data?.withMedia ?? '…'],
    ['Rendered', rendered],
  ];
  return (
    <aside aria-label="Feed debug" className="w-full max-w-[375px] rounded-xl border border-amber-500/40 bg-amber-950/30 p-3 text-xs text-amber-100 md:w-44">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-bold uppercase tracking-wide">Feed debug</h2>
        <button
          type="button"
          aria-label="Refresh debug counts"
          className="rounded-md p-1 hover:bg-white/10"
          onClick={() => {
            void debug.refetch();
            onRefresh();
          }}
        >
          <RefreshCw className={debug.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
        </button>
      </div>
      {debug.isError ? <p role="alert">{debug.error.message}</p> : null}
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
