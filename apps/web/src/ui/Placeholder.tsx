import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

/** A screen whose feature lands in a later issue: the route and its guard are already real. */
export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      <p className="max-w-sm text-zinc-300">{children ?? 'This part of GigReel is on its way.'}</p>
      <Link to="/" className={buttonClass('outline')}>Back to the feed</Link>
    </section>
  );
}
