import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, and where two Tailwind classes set the same thing (a caller's `p-2` over a
 * component's `p-4`), keeps the later one, so a className passed in always wins.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return twMerge(parts.filter(Boolean).join(' '));
}
