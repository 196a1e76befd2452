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
    <aside
      aria-label="Feed debug"
      className="flex w-full items-center gap-2 rounded-xl border border-amber-500/40 bg-amber-950/30 px-3 py-2 text-xs text-amber-100"
    >
      <div className="flex shrink-0 items-center gap-1">
        <h2 className="hidden font-bold uppercase tracking-wide sm:block">Feed debug</h2>
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
      <dl className="grid flex-1 grid-cols-4 gap-1 text-center">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="whitespace-nowrap text-amber-200/80">{label}</dt>
            <dd className="text-sm font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
