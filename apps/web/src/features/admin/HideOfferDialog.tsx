/**
 * Hiding a reported offer from the feed: the rule it broke (the case's first reason at first) and
 * why, which the creator reads, so it is required. A refusal because the case was already handled is
 * a toast and closes the form; any other failure is said in the form, which stays open.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts, type ReportCase, type ReportReason } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { useHideReportedOffer } from './admin.queries.ts';
import { checkWhy, isAlreadyHandled, reportsTabTexts as t } from './reports.ts';

const RULES = Object.keys(REPORT_REASONS) as ReportReason[];

function HideForm({ reportCase, onClose }: { reportCase: ReportCase; onClose: () => void }) {
  const hide = useHideReportedOffer();
  const [rule, setRule] = useState<ReportReason>(reportCase.reasons[0] ?? 'other');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const groupId = useId();
  const noteField = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkWhy(note);
    setNoteError(problem);
    setFailed(null);
    if (problem) {
      noteField.current?.focus();
      return;
    }
    hide.mutate(
      { id: reportCase.id, rule, note: note.trim() },
      {
        // the success toast comes from the mutation, which outlives this form
        onSuccess: () => onClose(),
        onError: (error) => {
          if (isAlreadyHandled(error)) {
            toast.error(error.message || reportsTexts.closed);
            onClose();
          } else setFailed(error.message || t.hideFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate>
      <div role="radiogroup" aria-labelledby={groupId} aria-required="true" className="flex flex-col gap-1.5">
        <p id={groupId} className="text-sm font-medium text-zinc-200">
          {reportsTexts.rule}
        </p>
        {RULES.map((value) => (
          <label
            key={value}
            className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ink/60 px-3 py-1.5 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-600/10"
          >
            <input
              type="radio"
              name={`${groupId}-rule`}
              value={value}
              checked={rule === value}
              onChange={() => setRule(value)}
              className="h-5 w-5 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 break-words text-sm text-white">{REPORT_REASONS[value]}</span>
          </label>
        ))}
      </div>
      <TextAreaField
        ref={noteField}
        label={reportsTexts.why}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        required
        onChange={(event) => {
          setNote(event.target.value);
          setNoteError(null);
        }}
        error={noteError ?? undefined}
        counter={`${note.length}/${REPORT_NOTE_MAX}`}
      />
      {failed ? (
        <p role="alert" className="break-words rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
          {failed}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="destructive" busy={hide.isPending}>
          {reportsTexts.hide}
        </Button>
      </div>
    </form>
  );
}

export function HideOfferDialog({ reportCase, onClose }: { reportCase: ReportCase | null; onClose: () => void }) {
  return (
    <Dialog
      open={reportCase !== null}
      onOpenChange={(value) => !value && onClose()}
      title={reportsTexts.hide}
      description={reportCase ? <span className="block break-words">{reportCase.snapshot}</span> : undefined}
    >
      {reportCase ? <HideForm key={reportCase.id} reportCase={reportCase} onClose={onClose} /> : null}
    </Dialog>
  );
}
