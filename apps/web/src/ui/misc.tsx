import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center p-8 text-zinc-300">
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-zinc-500 border-t-brand-400"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('rounded-2xl border border-line bg-panel p-5', className)}>{children}</div>;
}

type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';
const badge: Record<BadgeVariant, string> = {
  default: 'bg-brand-600 text-white',
  secondary: 'bg-zinc-700 text-zinc-100',
  outline: 'border border-zinc-500 text-zinc-100',
  destructive: 'bg-red-700 text-white',
};
export function Badge({
  variant = 'default',
  children,
  className,
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badge[variant],
        className,
      )}
    >
      {children}
    </span>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <h2 className="text-lg font-bold text-white">{title}</h2>
      {children ? <div className="text-sm text-zinc-300">{children}</div> : null}
      {action}
    </div>
  );
}

/**
 * A page or list that could not load: what failed, why when known (announced), and "Try again",
 * busy while the query runs again.
 */
export function LoadFailed({
  title,
  detail,
  query,
}: {
  title: string;
  detail?: string;
  query: { refetch: () => Promise<unknown>; isRefetching: boolean };
}) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="outline" size="sm" busy={query.isRefetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      }
    >
      {detail ? <p role="alert">{detail}</p> : null}
    </EmptyState>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold text-white">{children}</h1>;
}
