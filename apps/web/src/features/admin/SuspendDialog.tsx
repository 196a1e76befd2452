/**
 * Suspending the owner of a reported thing: the rule they broke (the case's first reason at first),
 * for how long (some days or for good) and why, which the person reads, so it is required. A refusal
 * because the case was already handled is a toast and closes the form; any other failure is said in
 * the form, which stays open.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts, type ReportCase, type ReportReason } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { useSuspendOwner } from './admin.queries.ts';
import { checkWhy, isAlreadyHandled, ownerName, SUSPEND_FOR, reportsTabTexts as t } from './reports.ts';

const RULES = Object.keys(REPORT_REASONS) as ReportReason[];
const select = 'h-11 w-full min-w-0 rounded-xl border border-line bg-panel px-3 text-zinc-100';
// a week unless the admin says otherwise
const DEFAULT_LENGTH = '7';

function SuspendForm({ reportCase, onClose }: { reportCase: ReportCase; onClose: () => void }) {
  const suspend = useSuspendOwner();
  const [rule, setRule] = useState<ReportReason>(reportCase.reasons[0] ?? 'other');
  const [length, setLength] = useState(DEFAULT_LENGTH);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const ruleId = useId();
  const lengthId = useId();
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
    const days = SUSPEND_FOR.find((choice) => choice.value === length)?.days ?? null;
    suspend.mutate(
      { id: reportCase.id, rule, note: note.trim(), days },
      {
        // the success toast comes from the mutation, which outlives this form
        onSuccess: () => onClose(),
        onError: (error) => {
          if (isAlreadyHandled(error)) {
            toast.error(error.message || reportsTexts.closed);
            onClose();
          } else setFailed(error.message || t.suspendFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ruleId} className="text-sm font-medium text-zinc-200">
          {reportsTexts.rule}
        </label>
        <select
          id={ruleId}
          value={rule}
          onChange={(event) => setRule(event.target.value as ReportReason)}
          className={select}
        >
          {RULES.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASONS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={lengthId} className="text-sm font-medium text-zinc-200">
          {reportsTexts.suspendFor}
        </label>
        <select id={lengthId} value={length} onChange={(event) => setLength(event.target.value)} className={select}>
          {SUSPEND_FOR.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
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
        <Button type="submit" variant="destructive" busy={suspend.isPending}>
          {reportsTexts.suspend}
        </Button>
      </div>
    </form>
  );
}

export function SuspendDialog({ reportCase, onClose }: { reportCase: ReportCase | null; onClose: () => void }) {
  return (
    <Dialog
      open={reportCase !== null}
      onOpenChange={(value) => !value && onClose()}
      title={reportsTexts.suspend}
      description={
        reportCase ? (
          <>
            <span className="block break-words font-semibold text-white">{ownerName(reportCase.owner)}</span>
            <span className="block break-words">{reportCase.snapshot}</span>
          </>
        ) : undefined
      }
    >
      {reportCase ? <SuspendForm key={reportCase.id} reportCase={reportCase} onClose={onClose} /> : null}
    </Dialog>
  );
}
