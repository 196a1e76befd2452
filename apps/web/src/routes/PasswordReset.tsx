/**
 * /password-reset: opened from the mailed link (?token=...). Without a token: "Invalid Reset Link" and
 * back to /login. New password and confirm (resetPasswordForm from core); success signs in and goes to /.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordForm, texts } from '@gigreel/core';
import { ApiError, request } from '../api/client.ts';
import { afterSignIn, AuthShell, inlineLink } from '../features/auth/index.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';

const INVALID_TOAST_ID = 'invalid-reset-link';
const showInvalid = () =>
  toast.error(texts.auth.invalidResetLink, { id: INVALID_TOAST_ID, description: texts.auth.invalidResetLinkBody });

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('error') ? null : params.get('token');
  useEffect(() => {
    if (!token) showInvalid();
  }, [token]);
  if (!token) return <Navigate to="/login" replace />;
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(false);
  const form = useForm({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await request('POST /api/auth/reset-password', { body: { token, password } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_reset_link') {
        showInvalid();
        setInvalid(true);
      } else {
        toast.error(texts.auth.resetFailed, {
          description: error instanceof ApiError ? error.message : texts.auth.unexpected,
        });
      }
      return;
    }
    toast.success(texts.auth.passwordUpdated);
    await navigate('/', { replace: true });
    await afterSignIn(client);
  });

  if (invalid) {
    return (
      <AuthShell title={texts.auth.invalidResetLink} subtitle={texts.auth.invalidResetLinkBody}>
        <p className="mb-4 text-sm text-zinc-300">
          Ask for a new link from the log-in screen: enter your email and choose &quot;Forgot password?&quot;.
        </p>
        <Link to="/login" className={buttonClass('primary', 'lg', 'w-full')}>
          Back to Log In
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Use at least 8 characters. You will be signed in straight away."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={inlineLink}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" busy={isSubmitting}>
          Update Password
        </Button>
      </form>
    </AuthShell>
  );
}
