/**
 * Where the person's appeal stands, under the decision on their appeal page: the form while they have
 * not appealed (once only), then their words and, once an admin decided, the outcome with the
 * admin's answer. A failed send is said above the button and the text is kept to try again; a refusal
 * because it was already appealed is a toast, and the page reads where the appeal stands.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { APPEAL_TEXT_MAX, reportsTexts, type AppealView } from '@gigreel/core';
import { ApiError, isConflict } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { appealPageTexts as t, checkAppeal } from './appeal-rules.ts';
import { useSendAppeal } from './appeals.queries.ts';

const OUTCOME_TEXTS = {
  pending: reportsTexts.appealPending,
  upheld: reportsTexts.appealUpheld,
  reversed: reportsTexts.appealReversed,
} as const;

function Quote({ label, text }: { label: string; text: string }) {
  return (
    <div className="rounded-xl bg-ink/60 p-3">
      <p className="text-xs font-semibold text-zinc-400">{label}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-200">{text}</p>
    </div>
  );
}

function AppealForm({ send }: { send: ReturnType<typeof useSendAppeal> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAppeal(text);
    setError(problem);
    setFailed(null);
    if (problem) {
      field.current?.focus();
      return;
    }
    const appeal = text.trim();
    send.mutate(appeal, {
      // the success, and a refusal because it was already appealed, are said by the mutation
      onError: (refusal) => {
        if (isConflict(refusal)) return;
        if (refusal instanceof ApiError && refusal.status === 400) {
          setError(refusal.message);
          field.current?.focus();
        } else setFailed(refusal.message || t.sendFailed);
      },
    });
  };

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate>
      <p className="text-sm text-zinc-300">{reportsTexts.appealIntro}</p>
      <TextAreaField
        ref={field}
        label={reportsTexts.appealLabel}
        value={text}
        maxLength={APPEAL_TEXT_MAX}
        rows={6}
        required
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
        counter={`${text.length}/${APPEAL_TEXT_MAX}`}
      />
      {failed ? (
        <p role="alert" className="break-words rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
          {failed}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="self-stretch sm:self-end" busy={send.isPending}>
        {reportsTexts.appealSend}
      </Button>
    </form>
  );
}

export function AppealAnswer({ token, view }: { token: string; view: AppealView }) {
  const headingId = useId();
  // Held here, not by the form: what was just sent is said in place of the form, which it replaces.
  const send = useSendAppeal(token);
  const sent = send.isSuccess ? (send.variables ?? '') : null;
  const { status, text, reply } = view.appeal;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t.yourAppeal}
      </h2>
      {sent !== null ? (
        <>
          <p role="status" className="text-sm font-semibold text-emerald-300">
            {reportsTexts.appealSent}
          </p>
          <Quote label={t.youWrote} text={sent} />
        </>
      ) : status === 'none' ? (
        <AppealForm send={send} />
      ) : (
        <>
          <p className="text-sm font-semibold text-white">{OUTCOME_TEXTS[status]}</p>
          {text ? <Quote label={t.youWrote} text={text} /> : null}
          {status !== 'pending' && reply ? <Quote label={t.answer} text={reply} /> : null}
        </>
      )}
    </section>
  );
}
