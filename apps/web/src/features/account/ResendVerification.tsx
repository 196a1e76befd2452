/**
 * On "Check your email": send the verification mail again. The button counts down to when another may
 * be asked for (a minute from sign-up and from each mail, longer once the hour's few are used); a
 * refusal says when to try again.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { RESEND_COOLDOWN_SECONDS, accountTexts, clockText, texts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { useResendVerification } from './account.queries.ts';

const t = accountTexts.resend;

export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  const [until, setUntil] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const send = () => {
    setProblem(null);
    resend.mutate(email, {
      onSuccess: (result) => {
        toast.success(result.title, { description: result.message });
        setNow(Date.now());
        setUntil(Date.now() + result.retryAfterSeconds * 1000);
      },
      onError: (error) => setProblem(error instanceof ApiError ? error.message : texts.auth.unexpected),
    });
  };

  return (
    <div className="flex w-full flex-col items-center gap-2">
      <p className="text-sm text-zinc-400">{t.notArrived}</p>
      <Button variant="secondary" className="w-full" disabled={left > 0} busy={resend.isPending} onClick={send}>
        {resend.isPending ? t.sending : left > 0 ? t.countdown(clockText(left)) : t.label}
      </Button>
      {problem ? (
        <p role="alert" className="text-center text-sm text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
