/**
 * The message box of SPEC section 5: limited to 1000 characters with a counter, the "Invalid
 * Message" text when what is typed would be refused, and Send disabled while empty or invalid.
 * Used by the Send Message dialog and by the reply box of a thread.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MESSAGE_MAX, messageTexts, replyMessageInput } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';

type Props = {
  label: string;
  /** Sends the sanitised text; throws ApiError on failure. */
  onSend: (text: string) => Promise<unknown>;
  compact?: boolean;
  autoFocus?: boolean;
};

/** Toasts a failed send: the SPEC's "Invalid Message" for refused text, else "Failed to send message" with the server's reason. */
export function toastSendError(error: unknown) {
  if (error instanceof ApiError && error.message === messageTexts.invalidBody) toast.error(messageTexts.invalidTitle, { description: messageTexts.invalidBody });
  else toast.error(messageTexts.failedToSend, error instanceof ApiError && error.status !== 0 && error.status < 500 ? { description: error.message } : undefined);
}

export function MessageComposer({ label, onSend, compact, autoFocus }: Props) {
  const form = useForm({ resolver: zodResolver(replyMessageInput), mode: 'onChange', defaultValues: { text: '' } });
  const text = form.watch('text');
  const { isValid, isSubmitting, errors } = form.formState;
  const showError = text.trim().length > 0 && errors.text ? `${messageTexts.invalidTitle}: ${messageTexts.invalidBody}` : undefined;

  const submit = form.handleSubmit(async ({ text: clean }) => {
    try {
      await onSend(clean);
      form.reset({ text: '' });
    } catch (error) {
      toastSendError(error);
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
        autoFocus={autoFocus}
        counter={`${text.length}/${MESSAGE_MAX}`}
        error={showError}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
        }}
        {...form.register('text')}
      />
      <Button type="submit" disabled={!isValid || text.trim().length === 0} busy={isSubmitting} className={compact ? 'mb-6' : undefined}>
        {messageTexts.send}
      </Button>
    </form>
  );
}
