/**
 * The appeals waiting for an admin, above the report cases (issue 17): who appeals which decision
 * (the action, the rule, the offer, when and for how long, and what the admin said) and their words;
 * "Decide" opens the decision. Shown even when empty, so admins know where appeals arrive.
 */
import { useState } from 'react';
import { MODERATION_ACTIONS, reportsTexts, type AppealItem } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { dateAndTime } from '../orders/index.ts';
import { ruleLabel, suspensionEnd } from '../reports/index.ts';
import type { useAppeals } from './admin.queries.ts';
import { DecideAppealDialog } from './DecideAppealDialog.tsx';
import { appealsTexts as t } from './reports.ts';
import { useErrorToast } from './useErrorToast.ts';

function AppealCard({ appeal, onDecide }: { appeal: AppealItem; onDecide: () => void }) {
  const end = suspensionEnd(appeal.kind, appeal.until);
  return (
    <li
      aria-label={`${appeal.person.displayName}: ${MODERATION_ACTIONS[appeal.kind]}`}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words font-semibold text-white">{appeal.person.displayName}</h3>
        <Badge variant="secondary">{MODERATION_ACTIONS[appeal.kind]}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{reportsTexts.rule}</dt>
        <dd className="break-words text-amber-300">{ruleLabel(appeal.rule)}</dd>
        {appeal.offerTitle ? (
          <>
            <dt className="text-zinc-400">{t.offer}</dt>
            <dd className="break-words text-white">{appeal.offerTitle}</dd>
          </>
        ) : null}
        <dt className="text-zinc-400">{t.decided}</dt>
        <dd className="text-white">
          <time dateTime={appeal.at}>{dateAndTime(appeal.at)}</time>
        </dd>
        {end ? (
          <>
            <dt className="text-zinc-400">{t.length}</dt>
            <dd className="break-words text-white">{end}</dd>
          </>
        ) : null}
      </dl>
      <div className="rounded-xl bg-ink/60 p-3">
        <p className="text-xs font-semibold text-zinc-400">{t.adminNote}</p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-200">{appeal.note}</p>
      </div>
      <div className="rounded-xl border border-brand-400/30 bg-ink/60 p-3">
        <p className="text-xs font-semibold text-zinc-400">
          {t.appeal} · <time dateTime={appeal.appealedAt}>{dateAndTime(appeal.appealedAt)}</time>
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-100">{appeal.appealText}</p>
      </div>
      <Button
        size="sm"
        className="mt-auto self-start"
        onClick={onDecide}
        aria-label={t.decideLabel(appeal.person.displayName)}
      >
        {t.decide}
      </Button>
    </li>
  );
}

/** Takes the appeals query from the tab, whose Refresh reads them again with the cases. */
export function AppealsSection({ appeals }: { appeals: ReturnType<typeof useAppeals> }) {
  const [deciding, setDeciding] = useState<AppealItem | null>(null);
  const items = appeals.data?.pages.flatMap((page) => page.appeals) ?? [];
  useErrorToast(appeals.error, t.fetchFailed);
  return (
    <section aria-labelledby="appeals-title" className="flex flex-col gap-3">
      <h2 id="appeals-title" className="text-xl font-bold text-white">
        {reportsTexts.appealsTitle}
      </h2>
      {appeals.isPending ? <Spinner label={t.loading} /> : null}
      {appeals.isError ? (
        <p role="alert" className="text-red-300">
          {t.fetchFailed}
        </p>
      ) : null}
      {appeals.isSuccess && items.length === 0 ? (
        <p className="text-sm text-zinc-400">{reportsTexts.noAppeals}</p>
      ) : null}
      {items.length ? (
        <>
          <p className="text-sm text-zinc-300">{t.intro}</p>
          <ul aria-labelledby="appeals-title" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {items.map((appeal) => (
              <AppealCard key={appeal.id} appeal={appeal} onDecide={() => setDeciding(appeal)} />
            ))}
          </ul>
        </>
      ) : null}
      <ShowMore list={appeals} texts={t.more} className="px-0" />
      <DecideAppealDialog appeal={deciding} onClose={() => setDeciding(null)} />
    </section>
  );
}
