import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { toneClass, type StatusTone } from './status.ts';

/** A state's pill in the one palette (status.ts); it never wraps, so a narrow card shortens the title beside it instead. */
export function StatusPill({
  tone,
  children,
  className,
}: {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        toneClass[tone],
        className,
      )}
    >
      {/* A problem is told by a sign as well as its colour. */}
      {tone === 'problem' ? <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
