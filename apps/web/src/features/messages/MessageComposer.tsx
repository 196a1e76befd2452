/**
 * The message box of SPEC section 5: limited to 1000 characters with a counter, the "Invalid
 * Message" text when what is typed would be refused, and Send disabled while empty or invalid.
 * Used by the Send Message dialog and by the reply box of a thread.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGE_MAX, messageTexts, replyMessageInput } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';

type Props = {
  label: string;
  /** Sends the sanitised text; throws on failure (the mutation's meta shows the toast, messages.queries.ts). */
  onSend: (text: string) => Promise<unknown>;
  compact?: boolean;
  autoFocus?: boolean;
};

export function MessageComposer({ label, onSend, compact, autoFocus }: Props) {
  const form = useForm({ resolver: zodResolver(replyMessageInput), mode: 'onChange', defaultValues: { text: '' } });
  const text = form.watch('text');
  const { isValid, isSubmitting, errors } = form.formState;
  const showError =
    text.trim().length > 0 && errors.text ? `${messageTexts.invalidTitle}: ${messageTexts.invalidBody}` : undefined;

  const submit = form.handleSubmit(async ({ text: clean }) => {
    try {
      await onSend(clean);
      form.reset({ text: '' });
    } catch {
      // kept for another try; the failure's toast comes from the mutation (messages.queries.ts)
    }
  });

  return (
    <form onSubmit={submit} className={compact ? 'flex items-end gap-2' : 'flex flex-col gap-3'} noValidate>
      <TextAreaField
        label={label}
        className={compact ? 'min-w-0 flex-1 [&>label]:sr-only' : undefined}
        placeholder={messageTexts.placeholder}
        maxLength={MESSAGE_MAX}
        rows={compact ? 2 : 5}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only inside the dialog the person just opened to write (the dialog pattern's first focus)
        autoFocus={autoFocus}
        counter={`${text.length}/${MESSAGE_MAX}`}
        error={showError}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
        }}
        {...form.register('text')}
      />
      <Button
        type="submit"
        disabled={!isValid || text.trim().length === 0}
        busy={isSubmitting}
        className={compact ? 'mb-6' : undefined}
      >
        {messageTexts.send}
      </Button>
    </form>
  );
}
