/**
 * Choosing 1 to 5 stars: a radio group ("Rating") of five native radios, so arrow keys move the
 * choice; each star is a 44px target named "3 stars", filled up to the choice.
 */
import { Star } from 'lucide-react';
import { useId, type Ref } from 'react';
import { reviewsTexts } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export function StarPicker({
  value,
  onChange,
  error,
  checkedRef,
}: {
  /** 0 while none is chosen. */
  value: number;
  onChange: (rating: number) => void;
  error?: string | undefined;
  /** The radio to focus (the chosen one, else the first). */
  checkedRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-zinc-200">
        {reviewsTexts.rating}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="flex flex-wrap gap-1"
      >
        {STARS.map((n) => (
          <label
            key={n}
            className="relative flex h-11 w-11 cursor-pointer items-center justify-center rounded-xl hover:bg-white/5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400"
          >
            <input
              ref={n === (value || 1) ? checkedRef : undefined}
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            <Star
              className={cn('h-8 w-8', n <= value ? 'fill-amber-400 text-amber-400' : 'text-zinc-500')}
              aria-hidden="true"
            />
            <span className="sr-only">{reviewsTexts.starChoice(n)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
