/** Create Creator / Edit Creator: the same schema as the server ("Display name is required"). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  adminTexts,
  BIO_MAX,
  creatorFormSchema,
  type AdminCreator,
  type CreatorFormInput,
  type CreatorFormOutput,
} from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { useSaveCreator } from './admin.queries.ts';

const empty: CreatorFormInput = { displayName: '', email: '', bio: '', location: '', paypalLink: '' };

export function CreatorDialog({ creator, onClose }: { creator: AdminCreator | 'new' | null; onClose: () => void }) {
  const editing = creator && creator !== 'new' ? creator : null;
  const save = useSaveCreator(!!editing);
  const form = useForm<CreatorFormInput, unknown, CreatorFormOutput>({
    resolver: zodResolver(creatorFormSchema),
    defaultValues: empty,
  });
  useEffect(() => {
    if (creator === null) return;
    form.reset(
      editing
        ? {
            displayName: editing.displayName,
            email: editing.email ?? '',
            bio: editing.bio ?? '',
            location: editing.location ?? '',
            paypalLink: editing.paypalLink ?? '',
          }
        : empty,
    );
  }, [creator, editing, form]);
  const errors = form.formState.errors;
  const bio = form.watch('bio') ?? '';

  const submit = form.handleSubmit(() => {
    save.mutate(
      { id: editing?.id, input: form.getValues() },
      {
        onSuccess: (result) => {
          toast.success(adminTexts.gigs.success, { description: result.message });
          onClose();
        },
      },
    );
  });

  return (
    <Dialog
      open={creator !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Creator' : 'Create Creator'}
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <TextField
          label="Display name"
          autoComplete="off"
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="off"
          hint={editing ? undefined : 'With an email they can set a password through “Forgot password”.'}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextAreaField
          label="Bio"
          maxLength={BIO_MAX}
          counter={`${bio.length}/${BIO_MAX}`}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <TextField label="Location" error={errors.location?.message} {...form.register('location')} />
        <TextField
          label="Payment link"
          inputMode="url"
          error={errors.paypalLink?.message}
          {...form.register('paypalLink')}
        />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {editing ? 'Save Changes' : 'Create Creator'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
