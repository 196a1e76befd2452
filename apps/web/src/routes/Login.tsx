/** /login: email and password, the forgot-password link, a link to sign up (SPEC sections 2, 5 and 8). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { emailSchema, loginInput, texts } from '@gigreel/core';
import { ApiError, request } from '../api/client.ts';
import { afterSignIn, AuthShell, inlineLink } from '../features/auth/index.ts';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : texts.auth.unexpected);

export default function LoginPage() {
  const client = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await request('POST /api/auth/sign-in/email', { body: input });
    } catch (error) {
      toast.error(texts.auth.loginFailed, { description: messageOf(error) });
      return;
    }
    toast.success(texts.auth.welcomeBack);
    // The guard sends the person on (saved path, /admin, / or /post) once it sees them signed in.
    await afterSignIn(client);
  });

  const forgotPassword = async () => {
    const typed = form.getValues('email').trim();
    if (!typed) {
      toast.error(texts.auth.emailRequired, { description: texts.auth.emailRequiredBody });
      form.setFocus('email');
      return;
    }
    const email = emailSchema.safeParse(typed);
    if (!email.success) {
      form.setError('email', { message: email.error.issues[0]?.message ?? texts.validation.invalidEmail });
      form.setFocus('email');
      return;
    }
    setResetting(true);
    try {
      await request('POST /api/auth/forgot-password', { body: { email: email.data } });
      toast.success(texts.auth.resetSent, { description: texts.auth.resetSentBody });
    } catch (error) {
      toast.error(texts.auth.resetFailed, { description: messageOf(error) });
    } finally {
      setResetting(false);
    }
  };

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Log in to boost offers, message sellers and manage your orders."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className={inlineLink}>
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            onClick={() => void forgotPassword()}
            disabled={resetting}
            aria-busy={resetting || undefined}
            className="text-sm font-medium text-zinc-300 underline-offset-4 hover:text-white hover:underline disabled:opacity-60"
          >
            Forgot password?
          </button>
        </div>
        <Button type="submit" size="lg" busy={isSubmitting}>
          Log In
        </Button>
      </form>
    </AuthShell>
  );
}
