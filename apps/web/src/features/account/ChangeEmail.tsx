/** Change email: the new address and the current password; the change waits for the link mailed to the new address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { accountTexts, changeEmailInput, type ChangeEmailInput } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { useChangeEmail } from './account.queries.ts';
import { FormProblem, refusalOf } from './FormProblem.tsx';

const t = accountTexts.email;
const EMPTY: ChangeEmailInput = { email: '', password: '' };

export function ChangeEmail() {
  const [open, setOpen] = useState(false);
  const change = useChangeEmail();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

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
      const result = await change.mutateAsync(input);
      toast.success(result.message);
      setOpen(false);
    } catch (error) {
      setProblem(refusalOf(error, form, ['email', 'password']));
    }
  });

  return (
    <>
      <Button variant="outline" size="sm" className="shrink-0" aria-label={t.change} onClick={() => openChange(true)}>
        {accountTexts.change}
      </Button>
      <Dialog open={open} onOpenChange={openChange} title={t.dialogTitle} description={t.dialogBody}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={t.change}>
          <TextField
            label={t.newEmail}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormProblem title={t.changeFailed} message={problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => openChange(false)}>
              {accountTexts.cancel}
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {t.send}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
