/**
 * A disputed order's state: the problem one side reported (who, when, what went wrong and what
 * happened), and that an admin is looking at it. Both sides, and an admin, read the same; nothing is
 * left for the parties to do until it is resolved.
 */
import { TriangleAlert } from 'lucide-react';
import { ordersTexts, PROBLEM_LABELS, type OrderDetail } from '@gigreel/core';
import { Card } from '../../ui/misc.tsx';
import { dateAndTime } from './dateAndTime.ts';

const t = ordersTexts.problem;

export function ProblemPanel({ order }: { order: OrderDetail }) {
  const problem = order.problem;
  return (
    <Card className="flex min-w-0 flex-col gap-3 border-amber-700/70 bg-amber-950/30 p-4">
      <h2 className="flex items-start gap-2 text-lg font-bold text-white">
        <TriangleAlert className="mt-1 h-5 w-5 shrink-0 text-amber-300" aria-hidden="true" />
        <span className="min-w-0 break-words">{t.openTitle}</span>
      </h2>
      {problem ? (
        <>
          <p className="text-sm text-amber-100">
            {t.reportedBy[problem.reportedBy]}
            {', '}
            <time dateTime={problem.reportedAt} className="whitespace-nowrap">
              {dateAndTime(problem.reportedAt)}
            </time>
          </p>
          <div className="min-w-0 rounded-xl border border-amber-800/60 bg-ink/60 p-3">
            <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{t.reason}</p>
            <p className="mt-1 break-words text-sm font-semibold text-zinc-100">{PROBLEM_LABELS[problem.reason]}</p>
            <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-zinc-400">{t.details}</p>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-100">{problem.details}</p>
          </div>
        </>
      ) : null}
      <p className="text-sm text-zinc-300">{t.openBody}</p>
    </Card>
  );
}
