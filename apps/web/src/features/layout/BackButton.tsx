/** A back arrow to a fixed place (SPEC section 2 names where each screen's back goes). */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
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
export const HEADER_BACK: Record<string, string> = { '/settings': '/profile', '/profile': '/', '/messages': '/' };
