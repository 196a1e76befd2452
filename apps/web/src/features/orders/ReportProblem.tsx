/**
 * Either side reports a problem with the order (from payment onward, and for a while after it
 * completes): what went wrong, chosen from core's PROBLEM_REASONS, and what happened, in their own
 * words. It is asked in a dialog like the order's other moves (OrderMoveButton's parts): a failure is
 * said there, and what the server turns down is said at its field.
 */
import { TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ordersTexts, PROBLEM_REASONS, PROBLEM_TEXT_MAX, type OrderDetail, type ProblemReason } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { useReportProblem } from './orders.queries.ts';
import { MoveDialogButtons, MoveFailure } from './OrderMoveButton.tsx';

const t = ordersTexts.problem;
const reasons = Object.entries(PROBLEM_REASONS) as [ProblemReason, string][];

export function ReportProblem({ order }: { order: OrderDetail }) {
  const report = useReportProblem(order.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ProblemReason | null>(null);
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState<{ reason?: string; details?: string }>({});
  const firstReason = useRef<HTMLInputElement>(null);
  const detailsBox = useRef<HTMLTextAreaElement>(null);
  const groupName = useId();
  const reasonErrorId = useId();

  const openChange = (next: boolean) => {
    setOpen(next);
    // a failure from an earlier try is not this try's
    if (next) {
      report.reset();
      setMissing({});
    }
  };
  const send = () => {
    const text = details.trim();
    const problems = {
      ...(reason ? {} : { reason: t.chooseReason }),
      ...(text ? {} : { details: t.detailsRequired }),
    };
    setMissing(problems);
    if (!reason) return firstReason.current?.focus();
    if (!text) return detailsBox.current?.focus();
    report.mutateAsync({ reason, details: text }).then(
      () => {
        setOpen(false);
        setReason(null);
        setDetails('');
        toast.success(t.reported);
      },
      // shown below from report.error
      () => undefined,
    );
  };

  // a 400 names the field it turns down: the reason at the choice, anything else at the text
  const rejected = report.error instanceof ApiError && report.error.status === 400 ? report.error : null;
  const reasonError = missing.reason ?? (rejected?.field === 'reason' ? rejected.message : undefined);
  const detailsError = missing.details ?? (rejected && rejected.field !== 'reason' ? rejected.message : undefined);
  return (
    <>
      <Button variant="outline" className="w-full text-amber-200" onClick={() => openChange(true)}>
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t.report}
      </Button>
      <Dialog open={open} onOpenChange={openChange} title={t.title} description={t.body}>
        <div className="flex min-w-0 flex-col gap-4">
          <fieldset className="min-w-0" aria-describedby={reasonError ? reasonErrorId : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-zinc-200">{t.reason}</legend>
            <div className="flex flex-col gap-2">
              {reasons.map(([key, label], index) => (
                <label
                  key={key}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ink/40 px-3 py-2 text-sm text-zinc-100 has-checked:border-brand-400 has-checked:bg-brand-600/15"
                >
                  <input
                    ref={index === 0 ? firstReason : undefined}
                    type="radio"
                    name={groupName}
                    value={key}
                    checked={reason === key}
                    required
                    onChange={() => {
                      setReason(key);
                      setMissing(({ details: stillMissing }) => (stillMissing ? { details: stillMissing } : {}));
                    }}
                    className="h-4 w-4 shrink-0 accent-brand-500"
                  />
                  <span className="min-w-0 break-words">{label}</span>
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id={reasonErrorId} role="alert" className="mt-1.5 text-xs text-red-300">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            ref={detailsBox}
            label={t.details}
            value={details}
            maxLength={PROBLEM_TEXT_MAX}
            required
            rows={5}
            onChange={(event) => {
              setDetails(event.target.value);
              setMissing(({ reason: stillMissing }) => (stillMissing ? { reason: stillMissing } : {}));
            }}
            error={detailsError}
            counter={`${details.length}/${PROBLEM_TEXT_MAX}`}
          />
          <MoveFailure error={report.error && !rejected ? report.error : null} />
          <MoveDialogButtons
            onBack={() => openChange(false)}
            confirmLabel={t.send}
            busy={report.isPending}
            onConfirm={send}
          />
        </div>
      </Dialog>
    </>
  );
}
