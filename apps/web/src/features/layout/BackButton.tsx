/** A back arrow to a fixed place (SPEC section 2 names where each screen's back goes). */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { messageTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';

export function BackButton({ to, label = 'Back', className }: { to: string; label?: string; className?: string }) {
  return (
    <Link to={to} aria-label={label} className={cn(buttonClass('ghost', 'icon'), '-ml-2 rounded-full', className)}>
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
    </Link>
  );
}

/** Screens whose header shows a back arrow, and where it goes. */
const HEADER_BACK: Record<string, string> = { '/settings': '/profile', '/profile': '/', '/messages': '/' };

/**
 * The header's back arrow for a screen, or null. In an open conversation (/messages?with=...) it goes
 * back to the list of conversations: the one back arrow a phone shows there (the thread has none of its own).
 */
export function headerBack({ pathname, search }: { pathname: string; search: string }): BackTarget | null {
  if (pathname === '/messages' && new URLSearchParams(search).has('with'))
    return { to: '/messages', label: messageTexts.back };
  const to = HEADER_BACK[pathname];
  return to ? { to, label: 'Back' } : null;
}
type BackTarget = { to: string; label: string };
