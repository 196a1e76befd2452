import { Link } from 'react-router';
import { texts } from '@gigreel/core';
import { buttonClass } from '../ui/button.tsx';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-extrabold text-brand-400">404</p>
      <h1 className="text-2xl font-bold text-white">{texts.generic.notFound}</h1>
      <Link to="/" className={buttonClass('primary')}>
        Return to Home
      </Link>
    </main>
  );
}
