/**
 * What an admin decided, as the person reads it on their appeal page: the action, the offer it
 * concerns, the rule it broke, when, how long for a suspension, and the admin's words.
 */
import { useId } from 'react';
import { MODERATION_ACTIONS, reportsTexts, type AppealView } from '@gigreel/core';
import { dateAndTime } from '../orders/index.ts';
import { appealPageTexts as t } from './appeal-rules.ts';
import { ruleLabel, suspensionEnd } from './report-rules.ts';

export function AppealDecision({ view }: { view: AppealView }) {
  const headingId = useId();
  const end = suspensionEnd(view.kind, view.until);
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{t.decision}</p>
        <h2 id={headingId} className="text-lg font-bold text-white">
          {MODERATION_ACTIONS[view.kind]}
        </h2>
        {view.offerTitle ? <p className="break-words text-zinc-200">{view.offerTitle}</p> : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{reportsTexts.rule}</dt>
        <dd className="break-words font-semibold text-amber-300">{ruleLabel(view.rule)}</dd>
        <dt className="text-zinc-400">{t.when}</dt>
        <dd className="text-white">
          <time dateTime={view.at}>{dateAndTime(view.at)}</time>
        </dd>
        {end ? (
          <>
            <dt className="text-zinc-400">{t.length}</dt>
            <dd className="break-words text-white">{end}</dd>
          </>
        ) : null}
      </dl>
      <div className="rounded-xl bg-ink/60 p-3">
        <p className="text-xs font-semibold text-zinc-400">{t.why}</p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-200">{view.note}</p>
      </div>
    </section>
  );
}
