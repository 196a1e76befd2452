/**
 * Report an offer, a creator or a message (issue 17), for a signed-in viewer looking at someone
 * else's content (nothing otherwise). The button, named "Report" (or, in its subtle form under a
 * message, "Report this message"), opens a dialog asking why: a reason (none chosen at first) and an
 * optional note. A sent report is thanked with the server's
 * word as a toast; a failure is said in the dialog, which stays open to try again.
 */
import { Flag } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts, type ReportKind, type ReportReason } from '@gigreel/core';
import { useViewer } from '../auth/index.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { canReport, checkReport, REASONS } from './report-rules.ts';
import { useSendReport } from './reports.queries.ts';

const CANCEL = 'Cancel';

type Props = {
  kind: ReportKind;
  /** What is reported: the offer's, the creator's or the message's id. */
  id: string;
  /** Whose content it is: nobody reports themselves. */
  ownerId: string | null | undefined;
  /** The button's visible words (its accessible name stays "Report"). */
  label?: string;
  /** Only the flag on a phone (the name stays for assistive technology); the words from sm up. */
  compact?: boolean;
  /**
   * A small muted "Report" beside other small print (under each message of a thread), named by what
   * it reports ("Report this message"): one per message, so it must not draw the eye.
   */
  subtle?: boolean;
  className?: string;
};

export function ReportButton({ kind, id, ownerId, label = reportsTexts.report, compact, subtle, className }: Props) {
  const { viewer } = useViewer();
  const [open, setOpen] = useState(false);
  if (!canReport(viewer?.id, ownerId)) return null;
  return (
    <>
      {subtle ? (
        <button
          type="button"
          className={cn(
            'inline-flex min-h-6 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs text-zinc-400 hover:bg-white/5 hover:text-zinc-200',
            className,
          )}
          aria-label={reportsTexts.title[kind]}
          onClick={() => setOpen(true)}
        >
          <Flag className="h-3 w-3" aria-hidden="true" />
          {label}
        </button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className={cn('shrink-0 text-zinc-300', compact && 'w-9 px-0 sm:w-auto sm:px-3', className)}
          aria-label={label.startsWith(reportsTexts.report) ? undefined : reportsTexts.report}
          onClick={() => setOpen(true)}
        >
          <Flag className="h-4 w-4" aria-hidden="true" />
          <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={reportsTexts.title[kind]} description={reportsTexts.body}>
        {open ? <ReportForm kind={kind} id={id} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function ReportForm({ kind, id, onDone }: { kind: ReportKind; id: string; onDone: () => void }) {
  const send = useSendReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const groupId = useId();
  const reasonErrorId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkReport(reason, note);
    setErrors(problems ?? {});
    if (problems) {
      (problems.reason ? firstReason : noteField).current?.focus();
      return;
    }
    if (!reason) return;
    send.mutate(
      { kind, id, reason, note },
      {
        onSuccess: ({ message }) => {
          toast.success(message || reportsTexts.sent);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate>
      <div
        role="radiogroup"
        aria-labelledby={groupId}
        aria-required="true"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonErrorId : undefined}
        className="flex flex-col gap-1.5"
      >
        <p id={groupId} className="text-sm font-medium text-zinc-200">
          {reportsTexts.reason}
        </p>
        {REASONS.map((value) => (
          <label
            key={value}
            className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ink/60 px-3 py-1.5 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-600/10"
          >
            <input
              ref={value === REASONS[0] ? firstReason : undefined}
              type="radio"
              name={`${groupId}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
              className="h-5 w-5 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 break-words text-sm text-white">{REPORT_REASONS[value]}</span>
          </label>
        ))}
        {errors.reason ? (
          <p id={reasonErrorId} role="alert" className="text-xs text-red-300">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <TextAreaField
        ref={noteField}
        label={reportsTexts.note}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        onChange={(event) => {
          setNote(event.target.value);
          setErrors((current) => ({ ...current, note: undefined }));
        }}
        error={errors.note}
        counter={`${note.length}/${REPORT_NOTE_MAX}`}
      />
      {send.error ? (
        <p role="alert" className="break-words rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
          {send.error.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {CANCEL}
        </Button>
        <Button type="submit" busy={send.isPending}>
          {reportsTexts.send}
        </Button>
      </div>
    </form>
  );
}
