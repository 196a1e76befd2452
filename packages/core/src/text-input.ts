/**
 * The one way text from outside enters a schema. zod runs every check of a string even after
 * `.max()` fails unless that check aborts, and a transform such as sanitizeText reads its whole
 * input; so each text field starts from textInput, which refuses anything longer than `max` before
 * any other check, refinement, transform or pattern sees it (and an object's own refinements are
 * skipped too). The cost of every rule after it is then bounded by the field's limit.
 */
import { z } from 'zod';
import { hasMaliciousContent, sanitizeText } from './sanitize.ts';

/** A string of at most `max` characters, refused (with `tooLong`) before anything else runs. */
export function textInput(max: number, tooLong?: string, notText: string | undefined = tooLong) {
  return z
    .string(notText === undefined ? undefined : { error: notText })
    .max(max, { abort: true, ...(tooLong === undefined ? {} : { error: tooLong }) });
}

/**
 * True when an email has the SPEC section 5 shape: something, "@", then a domain with a dot inside
 * it, with no spaces and no second "@". Written without a pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/
 * backtracks quadratically on "a@" followed by many dots.
 */
export function isEmailShape(email: string): boolean {
  const at = email.indexOf('@');
  if (at < 1 || /[\s]/.test(email) || email.indexOf('@', at + 1) !== -1) return false;
  const dot = email.indexOf('.', at + 2);
  return dot !== -1 && dot < email.length - 1;
}

/**
 * Characters a display name may not hold: C0 and C1 controls and DEL, and the bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-202E, U+2066-2069) that can make
 * a name read as something else ("\u202Egnp.exe") or reorder the text around it.
 */
const NAME_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasForbiddenNameCharacters(name: string): boolean {
  return NAME_FORBIDDEN.test(name);
}

/**
 * Plain text a person writes (a note on an order's move, a problem, an admin's resolution, a review):
 * markup removed, at most `max` characters, and at least one when `required` gives its refusal.
 */
export function plainText(max: number, tooLong: string, required?: string) {
  const text = textInput(max * 2, tooLong)
    .refine((raw) => !hasMaliciousContent(raw), tooLong)
    .transform((raw) => sanitizeText(raw))
    .pipe(z.string().max(max, tooLong));
  return required ? text.pipe(z.string().min(1, required)) : text;
}
