/**
 * One dispute: the order's problem, delivered files, messages (read-only: an admin is no party) and
 * history, and the admin's decision with a note both sides receive, asked once more before it is sent
 * since it cannot be undone.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DISPUTE_OUTCOMES,
  formatPence,
  ordersTexts,
  PROBLEM_LABELS,
  PROBLEM_TEXT_MAX,
  type Dispute,
  type DisputeOutcome,
  type OrderProblem,
} from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { Card, LoadFailed, Spinner } from '../../ui/misc.tsx';
import { dateAndTime, DeliveredFiles, OrderHistory, OrderMessages, PaymentBadge, useOrder } from '../orders/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useResolveDispute } from './admin.queries.ts';
import {
  checkResolution,
  disputesTexts as t,
  isNoLongerDisputed,
  OUTCOMES,
  partyName,
  reportedByText,
} from './disputes.ts';

function ProblemCard({ problem }: { problem: OrderProblem }) {
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-2 border-amber-500/40 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t.problem}
      </h2>
      <p className="text-sm font-semibold text-amber-300">{PROBLEM_LABELS[problem.reason]}</p>
      <p className="text-xs text-zinc-400">
        {reportedByText(problem.reportedBy)} ·{' '}
        <time dateTime={problem.reportedAt}>{dateAndTime(problem.reportedAt)}</time>
      </p>
      <p className="whitespace-pre-wrap break-words rounded-lg bg-ink/60 px-3 py-2 text-sm text-zinc-200">
        {problem.details}
      </p>
    </Card>
  );
}

type Errors = { outcome?: string; note?: string };

function ResolveForm({
  dispute,
  onResolved,
  onRefused,
}: {
  dispute: Dispute;
  onResolved: () => void;
  onRefused: (message: string) => void;
}) {
  const resolve = useResolveDispute();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const groupId = useId();
  const outcomeErrorId = useId();
  const firstOutcome = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkResolution(outcome, note);
    setErrors(problems ?? {});
    if (!problems) setConfirming(true);
    else (problems.outcome ? firstOutcome : noteField).current?.focus();
  };

  const send = () => {
    if (!outcome) return;
    resolve.mutate(
      { id: dispute.id, outcome, note },
      {
        // the success toast comes from the mutation, which outlives this dialog
        onSuccess: () => {
          setConfirming(false);
          onResolved();
        },
        // The failure's toast comes from the mutation; a refusal is also said here, where the admin looks.
        onError: (error) => {
          setConfirming(false);
          if (isNoLongerDisputed(error)) onRefused(error.message || t.noLongerOpen);
          else if (error instanceof ApiError && error.status === 400) {
            setErrors({ note: error.message });
            noteField.current?.focus();
          }
        },
      },
    );
  };

  return (
    <Card className="flex flex-col gap-4 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t.resolveHeading}
      </h2>
      <form aria-labelledby={headingId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div
          role="radiogroup"
          aria-labelledby={groupId}
          aria-required="true"
          aria-invalid={errors.outcome ? true : undefined}
          aria-describedby={errors.outcome ? outcomeErrorId : undefined}
          className="flex flex-col gap-2"
        >
          <p id={groupId} className="text-sm font-medium text-zinc-200">
            {t.resolution}
          </p>
          {OUTCOMES.map((value) => (
            <div
              key={value}
              className="rounded-xl border border-line bg-ink/60 px-3 py-1.5 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-600/10"
            >
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
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
                  aria-describedby={`${groupId}-${value}-hint`}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 text-sm font-semibold text-white">{DISPUTE_OUTCOMES[value].action}</span>
              </label>
              <p id={`${groupId}-${value}-hint`} className="pb-1.5 pl-8 text-xs text-zinc-400">
                {t.outcomeHints[value]}
              </p>
            </div>
          ))}
          {errors.outcome ? (
            <p id={outcomeErrorId} role="alert" className="text-xs text-red-300">
              {errors.outcome}
            </p>
          ) : null}
        </div>
        <TextAreaField
          ref={noteField}
          label={ordersTexts.problem.resolveNote}
          hint={ordersTexts.problem.resolveNoteHint}
          value={note}
          maxLength={PROBLEM_TEXT_MAX}
          rows={4}
          required
          onChange={(event) => {
            setNote(event.target.value);
            setErrors((current) => ({ ...current, note: undefined }));
          }}
          error={errors.note}
          counter={`${note.length}/${PROBLEM_TEXT_MAX}`}
        />
        <Button type="submit" className="self-stretch sm:self-end" busy={resolve.isPending}>
          {t.submit}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming && outcome !== null}
        onOpenChange={(value) => !value && setConfirming(false)}
        title={outcome ? ordersTexts.problem.resolveConfirm(DISPUTE_OUTCOMES[outcome].action) : ''}
        question={t.confirmQuestion}
        confirmLabel={outcome ? DISPUTE_OUTCOMES[outcome].action : t.submit}
        busy={resolve.isPending}
        onConfirm={send}
      >
        <p className="whitespace-pre-wrap break-words rounded-lg bg-ink/60 px-3 py-2 text-zinc-200">{note.trim()}</p>
      </ConfirmDialog>
    </Card>
  );
}

function DisputeBody({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const order = useOrder(dispute.id);
  const detail = order.data;
  // The list's problem until the order is read; then the order's own, while it is still disputed.
  const problem = detail ? detail.problem : dispute.problem;
  const open = detail ? detail.status === 'disputed' : true;
  // Why the server refused the decision (the order moved on meanwhile); kept once the form is gone.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">{t.buyer}</dt>
        <dd className="break-words text-white">{partyName(dispute.buyer)}</dd>
        <dt className="text-zinc-400">{t.seller}</dt>
        <dd className="break-words text-white">{partyName(dispute.seller)}</dd>
        {dispute.pricePence !== null ? (
          <>
            <dt className="text-zinc-400">{t.price}</dt>
            <dd className="text-white">{formatPence(dispute.pricePence)}</dd>
          </>
        ) : null}
        {detail ? (
          <>
            <dt className="text-zinc-400">{t.status}</dt>
            <dd>
              <PaymentBadge status={detail.status} jobStatus={detail.jobStatus} />
            </dd>
          </>
        ) : null}
      </dl>
      {problem ? <ProblemCard problem={problem} /> : null}
      {order.isPending ? <Spinner label={t.loadingOrder} /> : null}
      {order.isError ? (
        <LoadFailed title={ordersTexts.fetchDetailsFailed} detail={order.error.message} query={order} />
      ) : null}
      {detail ? (
        <>
          <DeliveredFiles order={detail} />
          <OrderMessages order={detail} />
          <OrderHistory order={detail} />
        </>
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-950/40 p-3 text-sm text-red-200">
          {refused}
        </p>
      ) : null}
      {open && !refused ? (
        <ResolveForm dispute={dispute} onResolved={onClose} onRefused={setRefused} />
      ) : (
        <p role="status" className="rounded-xl border border-line bg-ink/60 p-3 text-sm text-zinc-200">
          {t.noLongerOpen}
        </p>
      )}
      <Button variant="outline" className="self-stretch sm:self-end" onClick={onClose}>
        {t.back}
      </Button>
    </div>
  );
}

export function DisputeDialog({ dispute, onClose }: { dispute: Dispute | null; onClose: () => void }) {
  return (
    <Dialog
      open={dispute !== null}
      onOpenChange={(value) => !value && onClose()}
      title={t.dialogTitle}
      description={dispute ? <span className="block break-words">{dispute.title}</span> : undefined}
    >
      {dispute ? <DisputeBody key={dispute.id} dispute={dispute} onClose={onClose} /> : null}
    </Dialog>
  );
}
