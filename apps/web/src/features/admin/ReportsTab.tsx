/**
 * Reports (issue 17): the open cases, most reported first. Each shows what was reported as it read
 * then, whose it is, how often and why; the admin dismisses a case (asked once more) or, for an
 * offer, hides it from the feed with the rule it broke and why.
 */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { REPORT_REASONS, reportsTexts, type ReportCase } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { HideOfferDialog } from './HideOfferDialog.tsx';
import { useDismissReport, useReportCases } from './admin.queries.ts';
import { dateAndTime } from '../orders/index.ts';
import { ownerName, reportsTabTexts as t } from './reports.ts';
import { useErrorToast } from './useErrorToast.ts';

function ReportCard({
  reportCase,
  onDismiss,
  onHide,
}: {
  reportCase: ReportCase;
  onDismiss: () => void;
  onHide: () => void;
}) {
  return (
    <li
      aria-label={reportCase.snapshot}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{t.kinds[reportCase.kind]}</Badge>
        <Badge variant="destructive">{reportsTexts.reports(reportCase.count)}</Badge>
      </div>
      <p className="min-w-0 whitespace-pre-wrap break-words font-semibold text-white">{reportCase.snapshot}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{t.owner}</dt>
        <dd className="break-words text-white">{ownerName(reportCase.owner)}</dd>
        <dt className="text-zinc-400">{t.reasons}</dt>
        <dd className="break-words text-amber-300">
          {reportCase.reasons.map((reason) => REPORT_REASONS[reason]).join(', ')}
        </dd>
        <dt className="text-zinc-400">{t.lastReported}</dt>
        <dd className="text-white">
          <time dateTime={reportCase.lastReportedAt}>{dateAndTime(reportCase.lastReportedAt)}</time>
        </dd>
      </dl>
      {reportCase.notes.length ? (
        <div className="rounded-xl bg-ink/60 p-3">
          <p className="text-xs font-semibold text-zinc-400">{t.notes}</p>
          <ul className="mt-1 flex flex-col gap-1.5">
            {reportCase.notes.map((note, index) => (
              <li key={index} className="whitespace-pre-wrap break-words text-sm text-zinc-200">
                {note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onDismiss}>
          {reportsTexts.dismiss}
        </Button>
        {reportCase.kind === 'offer' ? (
          <Button size="sm" variant="destructive" onClick={onHide}>
            {reportsTexts.hide}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export default function ReportsTab() {
  const cases = useReportCases();
  const dismiss = useDismissReport();
  const [dismissing, setDismissing] = useState<ReportCase | null>(null);
  const [hiding, setHiding] = useState<ReportCase | null>(null);
  const items = cases.data?.pages.flatMap((page) => page.cases) ?? [];
  useErrorToast(cases.error, t.fetchFailed);

  const confirmDismiss = () => {
    if (!dismissing) return;
    dismiss.mutate(dismissing.id, {
      // the success toast comes from the mutation, which outlives this card
      onSuccess: () => setDismissing(null),
      // the toast comes from the mutation
      onError: () => setDismissing(null),
    });
  };

  return (
    <section aria-labelledby="reports-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-title" className="text-xl font-bold text-white">
          {reportsTexts.queueTitle}
        </h2>
        <Button size="sm" variant="outline" busy={cases.isRefetching} onClick={() => void cases.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t.refresh}
        </Button>
      </div>
      <p className="text-sm text-zinc-300">{t.intro}</p>
      {cases.isPending ? <Spinner /> : null}
      {cases.isError ? (
        <p role="alert" className="text-red-300">
          {t.fetchFailed}
        </p>
      ) : null}
      {cases.isSuccess && items.length === 0 ? <EmptyState title={reportsTexts.none} /> : null}
      {items.length ? (
        <ul aria-labelledby="reports-title" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {items.map((reportCase) => (
            <ReportCard
              key={reportCase.id}
              reportCase={reportCase}
              onDismiss={() => setDismissing(reportCase)}
              onHide={() => setHiding(reportCase)}
            />
          ))}
        </ul>
      ) : null}
      <ShowMore list={cases} texts={t.more} className="px-0" />
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(value) => !value && setDismissing(null)}
        title={t.dismissTitle}
        question={t.dismissQuestion}
        confirmLabel={reportsTexts.dismiss}
        busy={dismiss.isPending}
        onConfirm={confirmDismiss}
      >
        {dismissing ? (
          <p className="whitespace-pre-wrap break-words rounded-lg bg-ink/60 px-3 py-2 text-zinc-200">
            {dismissing.snapshot}
          </p>
        ) : null}
      </ConfirmDialog>
      <HideOfferDialog reportCase={hiding} onClose={() => setHiding(null)} />
    </section>
  );
}
