/**
 * Settings' Your data: download everything as one JSON file (streamed by the server straight to the
 * browser's downloads), and delete the account, asked first with what happens to orders and messages,
 * the password and DELETE typed; then the app is signed out and goes home.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DELETE_CONFIRMATION, accountTexts, deleteAccountInput, type DeleteAccountInput } from '@gigreel/core';
import { pathOf } from '../../api/client.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { Card } from '../../ui/misc.tsx';
import { clearClientState } from '../auth/index.ts';
import { useDeleteAccount } from './account.queries.ts';
import { FormProblem, refusalOf } from './FormProblem.tsx';

const t = accountTexts;

export function YourData() {
  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-3">
      <h2 id="your-data-title" className="text-lg font-bold text-white">
        {t.dataSection}
      </h2>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-white">{t.data.title}</h3>
          <p className="text-sm text-zinc-400">{t.data.hint}</p>
        </div>
        <a
          href={pathOf('GET /api/account/export')}
          download
          className={buttonClass('outline', 'sm', 'self-start')}
          onClick={() => toast.success(t.data.started)}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t.data.download}
        </a>
      </Card>
      <Card className="flex flex-col gap-3 border-red-900/70 p-4">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-white">{t.delete.title}</h3>
          <p className="text-sm text-zinc-400">{t.delete.hint}</p>
        </div>
        <DeleteAccount />
      </Card>
    </section>
  );
}

const EMPTY: DeleteAccountInput = { password: '', confirmation: '' };

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const remove = useDeleteAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountInput), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const typed = useWatch({ control: form.control, name: 'confirmation' }) ?? '';
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const openChange = (next: boolean) => {
    if (next) {
      form.reset(EMPTY);
      setProblem(null);
    }
    setOpen(next);
  };

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const result = await remove.mutateAsync(input);
      setOpen(false);
      toast.success(result.message);
      // The account and its sessions are gone: forget everything and go home, signed out.
      await clearClientState(client);
    } catch (error) {
      setProblem(refusalOf(error, form, ['password', 'confirmation']));
    }
  });

  return (
    <>
      <Button variant="outline" className="self-start text-red-300" onClick={() => openChange(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {t.delete.open}
      </Button>
      <Dialog open={open} onOpenChange={openChange} title={t.delete.dialogTitle} description={t.delete.dialogBody}>
        <ul className="mb-4 flex list-disc flex-col gap-1.5 pl-5 text-sm text-zinc-200">
          {t.delete.consequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
          aria-label={t.delete.title}
        >
          <TextField
            label={t.delete.password}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label={t.delete.confirmation}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={DELETE_CONFIRMATION}
            error={errors.confirmation?.message}
            {...form.register('confirmation')}
          />
          <FormProblem title={t.delete.failed} message={problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => openChange(false)}>
              {t.cancel}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              busy={isSubmitting}
              disabled={typed.trim() !== DELETE_CONFIRMATION || password.length === 0}
            >
              {t.delete.submit}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
