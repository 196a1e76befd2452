/** Disputes (issue 16): the orders on which one side reported a problem, the longest waiting first. */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatPence, PROBLEM_LABELS, type Dispute } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { DisputeDialog } from './DisputeDialog.tsx';
import { useDisputes } from './admin.queries.ts';
import { dateAndTime } from '../orders/index.ts';
import { disputesTexts as t, partyName, reportedByText } from './disputes.ts';
import { useErrorToast } from './useErrorToast.ts';

function DisputeCard({ dispute, onOpen }: { dispute: Dispute; onOpen: () => void }) {
  const { problem } = dispute;
  return (
    <li aria-label={dispute.title} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-white">{dispute.title}</h3>
        {dispute.pricePence !== null ? (
          <Badge>
            <span className="sr-only">{t.price} </span>
            {formatPence(dispute.pricePence)}
          </Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{t.buyer}</dt>
        <dd className="break-words text-white">{partyName(dispute.buyer)}</dd>
        <dt className="text-zinc-400">{t.seller}</dt>
        <dd className="break-words text-white">{partyName(dispute.seller)}</dd>
      </dl>
      <p className="text-xs text-zinc-400">
        {reportedByText(problem.reportedBy)} ·{' '}
        <time dateTime={problem.reportedAt}>{dateAndTime(problem.reportedAt)}</time>
      </p>
      <div className="rounded-xl bg-ink/60 p-3">
        <p className="text-sm font-semibold text-amber-300">{PROBLEM_LABELS[problem.reason]}</p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-200">{problem.details}</p>
      </div>
      <Button size="sm" className="mt-auto self-start" onClick={onOpen} aria-label={t.openLabel(dispute.title)}>
        {t.open}
      </Button>
    </li>
  );
}

export default function DisputesTab() {
  const disputes = useDisputes();
  const [open, setOpen] = useState<Dispute | null>(null);
  const items = disputes.data?.pages.flatMap((page) => page.disputes) ?? [];
  useErrorToast(disputes.error, t.fetchFailed);
  return (
    <section aria-labelledby="disputes-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="disputes-title" className="text-xl font-bold text-white">
          {t.heading}
        </h2>
        <Button size="sm" variant="outline" busy={disputes.isRefetching} onClick={() => void disputes.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t.refresh}
        </Button>
      </div>
      <p className="text-sm text-zinc-300">{t.intro}</p>
      {disputes.isPending ? <Spinner /> : null}
      {disputes.isError ? (
        <p role="alert" className="text-red-300">
          {t.fetchFailed}
        </p>
      ) : null}
      {disputes.isSuccess && items.length === 0 ? <EmptyState title={t.empty} /> : null}
      {items.length ? (
        <ul aria-labelledby="disputes-title" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {items.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} onOpen={() => setOpen(dispute)} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={disputes} texts={t.more} className="px-0" />
      <DisputeDialog dispute={open} onClose={() => setOpen(null)} />
    </section>
  );
}
