/**
 * The frame of every static page: the way back, the title, the text. SPEC section 2's back link goes
 * to /settings, which only a signed-in person has; a visitor goes back where they came from in the
 * app, or home when the page was opened first (issue 19).
 */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useViewer } from '../auth/index.ts';

const backClass =
  '-ml-1 inline-flex w-fit items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-zinc-300 hover:text-white';

function StaticBack() {
  const { viewer, loading } = useViewer();
  const navigate = useNavigate();
  // The router's first entry has the key "default": nothing of the app's to go back to.
  const cameFromApp = useLocation().key !== 'default';
  const arrow = <ArrowLeft className="h-4 w-4" aria-hidden="true" />;
  if (loading) return <span className="h-7" aria-hidden="true" />;
  if (viewer)
    return (
      <Link to="/settings" className={backClass}>
        {arrow}
        Back to Settings
      </Link>
    );
  return cameFromApp ? (
    <button type="button" onClick={() => navigate(-1)} className={backClass}>
      {arrow}
      Back
    </button>
  ) : (
    <Link to="/" className={backClass}>
      {arrow}
      Back to home
    </Link>
  );
}

export function StaticLayout({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pb-10 pt-4 md:px-8">
      <StaticBack />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-white">{title}</h1>
        {intro ? <p className="text-base text-zinc-300">{intro}</p> : null}
        {updated ? <p className="text-xs text-zinc-400">Last updated {updated}</p> : null}
      </header>
      <div className="flex flex-col gap-6 text-[15px] leading-relaxed text-zinc-200">{children}</div>
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-brand-400">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export const inline = 'font-medium text-brand-400 underline underline-offset-4 hover:text-brand-50';
