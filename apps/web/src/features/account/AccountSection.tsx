/**
 * Settings' Account section: the email (with a change waiting for the new address's link, which can be
 * cancelled) and the password, each changed in its own dialog.
 */
import { KeyRound, Mail, MailQuestion } from 'lucide-react';
import { toast } from 'sonner';
import { accountTexts } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/misc.tsx';
import { useAccount, useCancelEmailChange } from './account.queries.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import { ChangePassword } from './ChangePassword.tsx';

const t = accountTexts;

export function AccountSection() {
  const account = useAccount();
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-3">
      <h2 id="account-title" className="text-lg font-bold text-white">
        {t.title}
      </h2>
      {account.isPending ? (
        <Spinner label="Loading your account" />
      ) : account.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-300">
            {t.loadFailed}
          </p>
          <Button variant="outline" size="sm" busy={account.isRefetching} onClick={() => void account.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel">
          <li className="flex flex-col gap-3 px-4 py-3.5">
            <div className="flex items-center gap-3">
              <Mail className="h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-zinc-400">{t.email.label}</p>
                <p className="break-all text-sm font-medium text-zinc-100">{account.data.email}</p>
              </div>
              <ChangeEmail />
            </div>
            {account.data.pendingEmail ? <PendingEmail pending={account.data.pendingEmail} /> : null}
          </li>
          <li className="flex items-center gap-3 px-4 py-3.5">
            <KeyRound className="h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="text-xs text-zinc-400">{t.password.label}</p>
              <p className="text-sm font-medium tracking-widest text-zinc-100">
                <span aria-hidden="true">••••••••</span>
                <span className="sr-only">Set</span>
              </p>
            </div>
            <ChangePassword />
          </li>
        </ul>
      )}
    </section>
  );
}

function PendingEmail({ pending }: { pending: { email: string; expiresAt: string } }) {
  const cancel = useCancelEmailChange();
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-700/60 bg-amber-950/40 p-3 sm:flex-row sm:items-center">
      <MailQuestion className="hidden h-5 w-5 shrink-0 text-amber-300 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words font-medium text-amber-100">{t.email.pending(pending.email)}</p>
        <p className="text-xs text-amber-200/80">{t.email.pendingUntil(pending.expiresAt)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        busy={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSuccess: () => toast.success(t.email.cancelled) })}
      >
        {t.email.cancelChange}
      </Button>
    </div>
  );
}
