/**
 * /admin/feed: the feed as the admin sees it (every offer, approved or not, with or without media) and
 * the debug panel of SPEC section 2 beside it. SPEC's guard sends admins from every page outside /admin
 * to /admin, so the admin's feed lives here, outside the main layout like the rest of the dashboard.
 */
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button.tsx';
import FeedPage from './Feed.tsx';

export default function AdminFeedPage() {
  const [debugSlot, setDebugSlot] = useState<HTMLElement | null>(null);
  return (
    <div className="min-h-dvh bg-ink">
      <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
          <Link to="/admin" className={buttonClass('ghost', 'icon')} aria-label="Back to the dashboard">
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
          <h1 className="text-lg font-bold text-white">Admin feed</h1>
          <p className="hidden text-sm text-zinc-400 sm:block">Every offer, approved or not</p>
        </div>
        <div ref={setDebugSlot} className="mx-auto max-w-6xl px-4 pb-2" />
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-3">
        <FeedPage home="/admin/feed" debugSlot={debugSlot} />
      </main>
    </div>
  );
}
