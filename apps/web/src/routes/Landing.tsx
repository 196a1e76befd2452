/** /landing (SPEC section 1): for people with something to offer and for people who support creators. */
import { ArrowRight, BadgeCheck, HeartHandshake, Rocket, ShieldCheck, Sparkles, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/logo.tsx';
import { buttonClass } from '../ui/button.tsx';

export default function LandingPage() {
  return (
    <div className="relative min-h-dvh overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-48 left-1/2 h-[28rem] w-[44rem] -translate-x-1/2 bg-[radial-gradient(closest-side,rgba(225,29,72,0.38),transparent)]"
      />
      <header className="relative mx-auto flex h-16 max-w-5xl items-center justify-between px-5">
        <Logo />
        <Link to="/login" className={buttonClass('ghost', 'sm')}>
          Sign in
        </Link>
      </header>

      <main className="relative mx-auto max-w-5xl px-5 pb-14">
        <section className="pt-8 text-center sm:pt-16">
          <p className="mx-auto inline-flex items-center gap-1.5 rounded-full border border-line bg-panel/70 px-3 py-1 text-xs font-medium text-zinc-300">
            <Sparkles className="h-3.5 w-3.5 text-brand-400" aria-hidden="true" />
            One offer per creator, in a short-video feed
          </p>
          <h1 className="mt-5 text-[2.6rem] font-extrabold leading-[1.05] tracking-tight text-white sm:text-6xl">
            Where offers{' '}
            <span className="bg-gradient-to-r from-brand-400 to-orange-300 bg-clip-text text-transparent">
              get seen
            </span>
          </h1>
          <p className="mt-4 text-xl font-semibold text-zinc-200">No spam. Just value.</p>
          <p className="mx-auto mt-3 max-w-md text-zinc-400">
            Creators post one offer as a short video or image. Supporters browse, boost the ones they believe in, and
            buy straight from the seller.
          </p>
        </section>

        <section aria-label="Choose how you join" className="mx-auto mt-10 grid max-w-3xl gap-4 sm:grid-cols-2">
          <JoinCard
            to="/signup"
            title="Get Started"
            audience="For creators with something to offer"
            icon={<Rocket className="h-6 w-6" aria-hidden="true" />}
            points={['Post your one best offer', 'Get boosted into more feeds', 'Get paid through your own link']}
            primary
          />
          <JoinCard
            to="/signup"
            title="Join Community"
            audience="For people who support creators"
            icon={<HeartHandshake className="h-6 w-6" aria-hidden="true" />}
            points={['Discover offers worth your time', 'Boost, react and save favourites', 'Message sellers directly']}
          />
        </section>

        <p className="mt-8 text-center text-zinc-300">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-400 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>

        <ul className="mx-auto mt-12 grid max-w-3xl gap-3 text-sm text-zinc-300 sm:grid-cols-3">
          <Assurance
            icon={<ShieldCheck className="h-5 w-5" aria-hidden="true" />}
            text="Paid offers are reviewed before they appear"
          />
          <Assurance
            icon={<BadgeCheck className="h-5 w-5" aria-hidden="true" />}
            text="Every account verifies its email"
          />
          <Assurance
            icon={<Wallet className="h-5 w-5" aria-hidden="true" />}
            text="Pay sellers directly, then track the order"
          />
        </ul>

        <footer className="mt-12 flex flex-wrap justify-center gap-x-5 gap-y-2 text-xs text-zinc-400">
          <Link to="/" className="hover:text-white">
            Browse the feed
          </Link>
          <Link to="/how-it-works" className="hover:text-white">
            How it works
          </Link>
          <Link to="/terms" className="hover:text-white">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-white">
            Privacy
          </Link>
        </footer>
      </main>
    </div>
  );
}

function JoinCard({
  to,
  title,
  audience,
  icon,
  points,
  primary = false,
}: {
  to: string;
  title: string;
  audience: string;
  icon: ReactNode;
  points: string[];
  primary?: boolean;
}) {
  return (
    <Link
      to={to}
      aria-label={`${title}: ${audience.toLowerCase()}`}
      className={`group flex flex-col gap-4 rounded-2xl border p-5 transition-colors ${primary ? 'border-brand-600/60 bg-gradient-to-b from-brand-600/20 to-panel hover:border-brand-400' : 'border-line bg-panel hover:border-zinc-500'}`}
    >
      <div className="flex items-center gap-3">
        <span
          className={`flex h-11 w-11 items-center justify-center rounded-xl ${primary ? 'bg-brand-600 text-white' : 'bg-zinc-800 text-brand-400'}`}
        >
          {icon}
        </span>
        <div className="text-left">
          <h2 className="text-lg font-bold text-white">{title}</h2>
          <p className="text-sm text-zinc-400">{audience}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-1.5 text-left text-sm text-zinc-200">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
            {point}
          </li>
        ))}
      </ul>
      <span
        className={`mt-auto inline-flex items-center justify-center gap-2 rounded-xl py-2.5 text-sm font-semibold ${primary ? 'bg-brand-600 text-white group-hover:bg-brand-700' : 'border border-line text-zinc-100 group-hover:bg-white/5'}`}
      >
        {title}
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </span>
    </Link>
  );
}

function Assurance({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line/70 bg-panel/50 px-4 py-3">
      <span className="text-brand-400">{icon}</span>
      {text}
    </li>
  );
}
