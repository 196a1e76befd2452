/** An on/off switch (role="switch"): its accessible name says what it turns on; busy while the change saves. */
import { cn } from './cn.ts';

export function Switch({
  checked,
  onChange,
  label,
  disabled,
  busy,
  className,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  /** The accessible name: what the switch turns on and off. */
  label: string;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      title={label}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
      className={cn(
        // 44 px tall touch target around a 28 px track
        'group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <span
        className={cn(
          'relative inline-flex h-7 w-12 items-center rounded-full border transition-colors group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand-400',
          checked ? 'border-brand-500 bg-brand-600' : 'border-zinc-500 bg-zinc-800',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
            busy && 'animate-pulse',
          )}
          aria-hidden="true"
        />
      </span>
    </button>
  );
}
