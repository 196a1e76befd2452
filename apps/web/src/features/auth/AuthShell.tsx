/** The frame of the auth screens: logo, a heading, the form card and a footer link, phone first. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../ui/logo.tsx';

type AuthShellProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode };

export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <div className="relative min-h-dvh overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-80 bg-[radial-gradient(closest-side,rgba(225,29,72,0.35),transparent)]"
      />
      <main className="relative mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-10 pt-4">
        <div className="flex h-12 items-center justify-between">
          <Link
            to="/"
            className="-ml-2 inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-zinc-300 hover:text-white"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Browse offers
          </Link>
          <Logo compact />
        </div>
        <div className="mt-8 mb-6">
          <h1 className="text-3xl font-extrabold tracking-tight text-white">{title}</h1>
          {subtitle ? <p className="mt-2 text-zinc-300">{subtitle}</p> : null}
        </div>
        <div className="rounded-2xl border border-line bg-panel/80 p-5 shadow-xl shadow-black/30">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-zinc-300">{footer}</div> : null}
      </main>
    </div>
  );
}

export const inlineLink = 'font-semibold text-brand-400 underline-offset-4 hover:underline';
