/**
 * A move on the order that is asked about first: the button opens a dialog saying what the move
 * means, with the note it takes (ORDER_NOTE_MAX) when it takes one. A failure is said in the dialog,
 * which stays open to try again; a note the server turns down is said at the note.
 */
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ORDER_NOTE_MAX, ordersTexts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button, type ButtonProps } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';

type Props = {
  /** The button's text, and its look. */
  label: ReactNode;
  variant?: ButtonProps['variant'];
  className?: string;
  title: string;
  description: ReactNode;
  /** The note the move takes: its label, and what to say when it is left empty (none: optional). */
  note?: { label: string; required?: string };
  confirmLabel: string;
  confirmVariant?: 'primary' | 'destructive';
  /** The move's mutation: busy while it runs, its failure shown here. */
  move: { isPending: boolean; error: Error | null; reset: () => void };
  run: (note: string) => Promise<unknown>;
  /** The toast once the move is made. */
  done: string;
};

export function OrderMoveButton({
  label,
  variant = 'primary',
  className,
  title,
  description,
  note,
  confirmLabel,
  confirmVariant = 'primary',
  move,
  run,
  done,
}: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const openChange = (next: boolean) => {
    setOpen(next);
    // a failure from an earlier try is not this try's
    if (next) move.reset();
  };
  const confirm = () => {
    if (note?.required && !text.trim()) return setMissing(note.required);
    run(text.trim()).then(
      () => {
        setOpen(false);
        setText('');
        toast.success(done);
      },
      // shown below from move.error
      () => undefined,
    );
  };
  const rejectedNote = note && move.error instanceof ApiError && move.error.status === 400;
  const failure = move.error && !rejectedNote ? move.error : null;
  return (
    <>
      <Button variant={variant} size="lg" className={className} onClick={() => openChange(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={openChange} title={title} description={description}>
        <div className="flex flex-col gap-4">
          {note ? (
            <TextAreaField
              label={note.label}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog was opened to write this note: its first focus is the text box
              autoFocus
              value={text}
              maxLength={ORDER_NOTE_MAX}
              required={!!note.required}
              onChange={(event) => {
                setText(event.target.value);
                setMissing(undefined);
              }}
              error={missing ?? (rejectedNote ? move.error?.message : undefined)}
              counter={ordersTexts.noteCount(text.length)}
            />
          ) : null}
          <MoveFailure error={failure} />
          <MoveDialogButtons
            onBack={() => openChange(false)}
            confirmLabel={confirmLabel}
            confirmVariant={confirmVariant}
            busy={move.isPending}
            onConfirm={confirm}
          />
        </div>
      </Dialog>
    </>
  );
}

/** A move's failure, said in its dialog (which stays open to try again). */
export function MoveFailure({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
      <p className="font-semibold">{ordersTexts.updateFailed}</p>
      <p className="break-words">{error.message}</p>
    </div>
  );
}

/** A move dialog's two buttons: go back, and make the move (busy while it runs). */
export function MoveDialogButtons({
  onBack,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
}: {
  onBack: () => void;
  confirmLabel: string;
  confirmVariant?: 'primary' | 'destructive';
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onBack}>
        {ordersTexts.goBack}
      </Button>
      <Button variant={confirmVariant} busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
