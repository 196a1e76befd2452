/** Change password: the current one, then the new one twice (the sign-up rule); every other device is signed out. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { accountTexts, changePasswordForm, texts, type ChangePasswordForm } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { useChangePassword } from './account.queries.ts';
import { FormProblem, refusalOf } from './FormProblem.tsx';

const t = accountTexts.password;
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
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
      const result = await change.mutateAsync({
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
      });
      toast.success(result.message);
      setOpen(false);
    } catch (error) {
      setProblem(refusalOf(error, form, ['currentPassword', 'newPassword']));
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
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            hint={texts.validation.passwordRule}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <FormProblem title={t.changeFailed} message={problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => openChange(false)}>
              {accountTexts.cancel}
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {t.save}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
