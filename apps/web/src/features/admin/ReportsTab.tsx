/**
 * Reports (issue 17): the appeals waiting for an admin, then the open cases, those naming a payment
 * link first, then the most reported. Each case shows what was reported as it read then, whose it is
 * (and whether they are suspended), how often and why, and the person's record; the admin dismisses
 * it, or every open case about the same person (asked once more), hides an offer, or suspends the
 * owner, each with the rule broken and why.
 */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { REPORT_REASONS, reportsTexts, type ReportCase } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { AppealsSection } from './AppealsSection.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { HideOfferDialog } from './HideOfferDialog.tsx';
import { SuspendDialog } from './SuspendDialog.tsx';
import { useAppeals, useDismissReport, useDismissSimilar, useReportCases } from './admin.queries.ts';
import { dateAndTime } from '../orders/index.ts';
import { canSuspend, historyLine, ownerName, reportsTabTexts as t } from './reports.ts';
import { useErrorToast } from './useErrorToast.ts';

/** The owner's record: reports about them handled before, their other open cases, what admins did. */
function ReportHistory({ history }: { history: ReportCase['history'] }) {
  const lines = [
    ...(history.earlierReports > 0 ? [reportsTexts.earlierReports(history.earlierReports)] : []),
    ...(history.otherOpen > 0 ? [reportsTexts.otherOpen(history.otherOpen)] : []),
    ...history.actions.map(historyLine),
  ];
  return (
    <div className="rounded-xl border border-line p-3">
      <p className="text-xs font-semibold text-zinc-400">{reportsTexts.history}</p>
      {lines.length ? (
        <ul className="mt-1 flex flex-col gap-1">
          {lines.map((line, index) => (
            <li key={index} className="break-words text-sm text-zinc-200">
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-400">{reportsTexts.noHistory}</p>
      )}
    </div>
  );
}

function ReportCard({
  reportCase,
  onDismiss,
  onHide,
  onSuspend,
  onDismissSimilar,
}: {
  reportCase: ReportCase;
  onDismiss: () => void;
  onHide: () => void;
  onSuspend: () => void;
  onDismissSimilar: () => void;
}) {
  return (
    <li
      aria-label={reportCase.snapshot}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        {reportCase.paymentLink ? (
          <Badge className="bg-amber-400 text-black">{reportsTexts.paymentLinkFirst}</Badge>
        ) : null}
        <Badge variant="secondary">{t.kinds[reportCase.kind]}</Badge>
        <Badge variant="destructive">{reportsTexts.reports(reportCase.count)}</Badge>
      </div>
      <p className="min-w-0 whitespace-pre-wrap break-words font-semibold text-white">{reportCase.snapshot}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{t.owner}</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2 text-white">
          <span className="min-w-0 break-words">{ownerName(reportCase.owner)}</span>
          {reportCase.ownerSuspended ? <Badge variant="secondary">{t.suspendedBadge}</Badge> : null}
        </dd>
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
      <ReportHistory history={reportCase.history} />
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onDismiss}>
          {reportsTexts.dismiss}
        </Button>
        {reportCase.owner ? (
          <Button size="sm" variant="outline" onClick={onDismissSimilar}>
            {reportsTexts.dismissSimilar}
          </Button>
        ) : null}
        {reportCase.kind === 'offer' ? (
          <Button size="sm" variant="destructive" onClick={onHide}>
            {reportsTexts.hide}
          </Button>
        ) : null}
        {canSuspend(reportCase) ? (
          <Button size="sm" variant="destructive" onClick={onSuspend}>
            {reportsTexts.suspend}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export default function ReportsTab() {
  const cases = useReportCases();
  const appeals = useAppeals();
  const dismiss = useDismissReport();
  const dismissSimilar = useDismissSimilar();
  const [dismissing, setDismissing] = useState<ReportCase | null>(null);
  const [dismissingSimilar, setDismissingSimilar] = useState<ReportCase | null>(null);
  const [hiding, setHiding] = useState<ReportCase | null>(null);
  const [suspending, setSuspending] = useState<ReportCase | null>(null);
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

  const confirmDismissSimilar = () => {
    if (!dismissingSimilar) return;
    dismissSimilar.mutate(dismissingSimilar.id, {
      // the success toast comes from the mutation, which outlives this card
      onSuccess: () => setDismissingSimilar(null),
      // the toast comes from the mutation
      onError: () => setDismissingSimilar(null),
    });
  };

  const refresh = () => {
    void cases.refetch();
    void appeals.refetch();
  };

  return (
    <div className="flex flex-col gap-8">
      <AppealsSection appeals={appeals} />
      <section aria-labelledby="reports-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reports-title" className="text-xl font-bold text-white">
            {reportsTexts.queueTitle}
          </h2>
          <Button size="sm" variant="outline" busy={cases.isRefetching || appeals.isRefetching} onClick={refresh}>
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
                onSuspend={() => setSuspending(reportCase)}
                onDismissSimilar={() => setDismissingSimilar(reportCase)}
              />
            ))}
          </ul>
        ) : null}
        <ShowMore list={cases} texts={t.more} className="px-0" />
      </section>
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
      <ConfirmDialog
        open={dismissingSimilar !== null}
        onOpenChange={(value) => !value && setDismissingSimilar(null)}
        title={
          dismissingSimilar
            ? reportsTexts.dismissSimilarConfirm(
                ownerName(dismissingSimilar.owner),
                dismissingSimilar.history.otherOpen,
              )
            : reportsTexts.dismissSimilar
        }
        question={t.dismissSimilarQuestion}
        confirmLabel={reportsTexts.dismissSimilar}
        busy={dismissSimilar.isPending}
        onConfirm={confirmDismissSimilar}
      />
      <HideOfferDialog reportCase={hiding} onClose={() => setHiding(null)} />
      <SuspendDialog reportCase={suspending} onClose={() => setSuspending(null)} />
    </div>
  );
}
