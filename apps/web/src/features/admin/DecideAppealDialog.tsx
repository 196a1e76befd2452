/**
 * Deciding an appeal: keep the decision or undo it (none chosen at first, since undoing lifts a
 * suspension or shows an offer again), with an answer the person reads, so it is required. A refusal
 * because the appeal was already decided is a toast and closes the form; any other failure is said in
 * the form, which stays open.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  APPEAL_OUTCOMES,
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX,
  reportsTexts,
  type AppealItem,
  type AppealOutcome,
} from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { useDecideAppeal } from './admin.queries.ts';
import { appealsTexts as t, checkDecision, isAlreadyDecided, OUTCOMES, reportsTabTexts } from './reports.ts';

type Errors = { outcome?: string; note?: string };

function DecideForm({ appeal, onClose }: { appeal: AppealItem; onClose: () => void }) {
  const decide = useDecideAppeal();
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const groupId = useId();
  const outcomeErrorId = useId();
  const firstOutcome = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkDecision(outcome, note);
    setErrors(problems ?? {});
    setFailed(null);
    if (problems) {
      (problems.outcome ? firstOutcome : noteField).current?.focus();
      return;
    }
    if (!outcome) return;
    decide.mutate(
      { id: appeal.id, outcome, note: note.trim() },
      {
        // the success toast comes from the mutation, which outlives this form
        onSuccess: () => onClose(),
        onError: (error) => {
          if (isAlreadyDecided(error)) {
            toast.error(error.message || reportsTexts.appealDecided);
            onClose();
          } else if (error instanceof ApiError && error.status === 400) {
            setErrors({ note: error.message });
            noteField.current?.focus();
          } else setFailed(error.message || t.decideFailed);
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
        aria-invalid={errors.outcome ? true : undefined}
        aria-describedby={errors.outcome ? outcomeErrorId : undefined}
        className="flex flex-col gap-1.5"
      >
        <p id={groupId} className="text-sm font-medium text-zinc-200">
          {t.outcome}
        </p>
        {OUTCOMES.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ink/60 px-3 py-1.5 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-600/10"
          >
            <input
              ref={value === OUTCOMES[0] ? firstOutcome : undefined}
              type="radio"
              name={`${groupId}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => {
                setOutcome(value);
                setErrors((current) => ({ ...current, outcome: undefined }));
              }}
              className="h-5 w-5 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 break-words text-sm font-semibold text-white">{APPEAL_OUTCOMES[value]}</span>
          </label>
        ))}
        {errors.outcome ? (
          <p id={outcomeErrorId} role="alert" className="text-xs text-red-300">
            {errors.outcome}
          </p>
        ) : null}
      </div>
      <TextAreaField
        ref={noteField}
        label={reportsTexts.reply}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={4}
        required
        onChange={(event) => {
          setNote(event.target.value);
          setErrors((current) => ({ ...current, note: undefined }));
        }}
        error={errors.note}
        counter={`${note.length}/${REPORT_NOTE_MAX}`}
      />
      {failed ? (
        <p role="alert" className="break-words rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
          {failed}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {reportsTabTexts.cancel}
        </Button>
        <Button type="submit" busy={decide.isPending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

export function DecideAppealDialog({ appeal, onClose }: { appeal: AppealItem | null; onClose: () => void }) {
  return (
    <Dialog
      open={appeal !== null}
      onOpenChange={(value) => !value && onClose()}
      title={t.dialogTitle}
      description={
        appeal ? (
          <span className="block break-words">
            {appeal.person.displayName} · {MODERATION_ACTIONS[appeal.kind]}
          </span>
        ) : undefined
      }
    >
      {appeal ? <DecideForm key={appeal.id} appeal={appeal} onClose={onClose} /> : null}
    </Dialog>
  );
}
