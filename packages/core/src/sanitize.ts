/**
 * Text sanitising and the URL check of SPEC section 5.
 * Sanitising strips tags but keeps their text, so "<b>hi</b>" becomes "hi".
 */
export function sanitizeText(input: string): string {
  return input
    .replace(/<\s*(script|style)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\/?[a-z!][^>]*>/gi, '')
    .trim();
}

const DANGEROUS_SCHEMES = /^\s*(javascript|vbscript|file|ftp):/i;
const DANGEROUS_TAGS = /<\s*\/?\s*(script|iframe|object|embed|link|meta)\b/i;
const EVENT_HANDLERS = /\bon[a-z]+\s*=/i;
const EVAL_CALLS = /\b(eval|Function|setTimeout|setInterval)\s*\(/;

/** True when text carries markup or code that must never be stored (messages, URLs). */
export function hasMaliciousContent(text: string): boolean {
  return DANGEROUS_TAGS.test(text) || EVENT_HANDLERS.test(text) || EVAL_CALLS.test(text) || /javascript:/i.test(text);
}

/** SPEC section 5 URL check. Returns false for anything that must not be stored as a link. */
export function isSafeUrl(url: string, max = 1000): boolean {
  if (!url || !url.trim() || url.length > max) return false;
  const value = url.trim();
  if (/^data:/i.test(value) && !/^data:image\//i.test(value)) return false;
  if (DANGEROUS_SCHEMES.test(value)) return false;
  if (DANGEROUS_TAGS.test(value) || EVENT_HANDLERS.test(value) || EVAL_CALLS.test(value)) return false;
  return true;
}

export type LinkCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Offer link rule (SPEC section 5): https:// is added when the scheme is missing, and the result must
 * parse as an http(s) URL with a real-looking domain.
 */
export function normalizeLink(raw: string): LinkCheck {
  const value = raw.trim();
  if (!isSafeUrl(value)) return { ok: false, message: 'Invalid link' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { ok: false, message: 'Invalid link' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, message: 'Invalid link' };
  const host = parsed.hostname;
  if (host !== 'localhost' && !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) && !/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return { ok: false, message: `Please enter a valid domain (e.g., ${host.replace(/\.+$/, '') || 'example'}.com)` };
  }
  return { ok: true, url: parsed.toString() };
}
