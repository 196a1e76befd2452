import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const control =
  'w-full rounded-xl border border-line bg-panel px-3 text-base text-zinc-100 placeholder:text-zinc-400 focus:border-brand-400 focus:outline-none aria-[invalid=true]:border-red-400';

type FieldProps = { label: string; error?: string | undefined; hint?: ReactNode; counter?: string };

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, counter, className, id, ...rest }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    return (
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        <input
          ref={ref}
          id={inputId}
          className={cn(control, 'h-11')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${inputId}-note` : undefined}
          {...rest}
        />
        <FieldNote id={`${inputId}-note`} error={error} hint={hint} counter={counter} />
      </div>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextAreaField({ label, error, hint, counter, className, id, ...rest }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    return (
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          className={cn(control, 'min-h-24 py-2')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-note`}
          {...rest}
        />
        <FieldNote id={`${inputId}-note`} error={error} hint={hint} counter={counter} />
      </div>
    );
  },
);

function FieldNote({
  id,
  error,
  hint,
  counter,
}: {
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
  counter?: string | undefined;
}) {
  if (!error && !hint && !counter) return null;
  return (
    <div id={id} className="flex justify-between gap-2 text-xs">
      {error ? (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      ) : (
        <p className="text-zinc-400">{hint}</p>
      )}
      {counter ? (
        <span className="shrink-0 tabular-nums text-zinc-400" aria-live="polite">
          {counter}
        </span>
      ) : null}
    </div>
  );
}
