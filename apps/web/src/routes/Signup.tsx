/** /signup: display name, email and password with the rule as a hint; then "check your email" (SPEC sections 2, 5 and 8). */
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { signUpInput, texts } from '@gigreel/core';
import { ApiError, request } from '../api/client.ts';
import { ResendVerification } from '../features/account/index.ts';
import { AuthShell, inlineLink } from '../features/auth/index.ts';
import { buttonClass, Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';

type SignUpFields = 'displayName' | 'email' | 'password';

export default function SignupPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signUpInput),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await request('POST /api/auth/sign-up/email', { body: input });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : texts.auth.unexpected;
      if (error instanceof ApiError && error.status === 409) form.setError('email', { message });
      else if (error instanceof ApiError && error.field && ['displayName', 'email', 'password'].includes(error.field))
        form.setError(error.field as SignUpFields, { message });
      toast.error(message);
      return;
    }
    toast.success(texts.auth.accountCreated, { description: texts.auth.accountCreatedBody });
    setSentTo(input.email);
  });

  if (sentTo) {
    return (
      <AuthShell
        title={texts.auth.checkEmailTitle}
        footer={
          <>
            Already verified?{' '}
            <Link to="/login" className={inlineLink}>
              Log in
            </Link>
          </>
        }
      >
        <div className="flex flex-col items-center gap-4 py-2 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600/15 text-brand-400">
            <MailCheck className="h-7 w-7" aria-hidden="true" />
          </span>
          <p className="text-zinc-200">{texts.auth.checkEmailBody(sentTo)}</p>
          <ResendVerification email={sentTo} />
          <Link to="/" className={buttonClass('outline', 'md', 'w-full')}>
            Browse offers while you wait
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Post one offer, get it seen, and support the creators you like."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={inlineLink}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Display name"
          autoComplete="nickname"
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
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
          autoComplete="new-password"
          hint={texts.validation.passwordRule}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" busy={isSubmitting}>
          Create Account
        </Button>
        <p className="text-center text-xs text-zinc-400">
          By signing up you agree to our{' '}
          <Link to="/terms" className="underline underline-offset-2 hover:text-white">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-white">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthShell>
  );
}
