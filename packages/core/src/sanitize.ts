/**
 * Text sanitising and the URL check of SPEC section 5.
 * Sanitising strips tags but keeps their text, so "<b>hi</b>" becomes "hi"; the contents of script
 * and style blocks go with them. Every step runs in linear time: the input is whatever a client sends
 * (schemas cut it to the field's limit first, see text-input.ts), and no pattern here may backtrack
 * over it: sanitize.test.ts times each on long inputs of the worst shapes.
 */

/** Control characters other than tab, newline and carriage return: PostgreSQL refuses NUL in text. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** A tag: "<" then a letter, "/", "!" or "?", up to the next ">" (never across another "<"). */
const TAG = /<[a-z!/?][^<>]*>/gi;
/** A run of "<" that opens a tag; the look-behind starts each run once, so a long run costs its length, not its square. */
const TAG_START = /(?<!<)<+(?=[a-z!/?])/gi;
const BLOCK_OPEN = /<(script|style)\b[^<>]*>/gi;

export function sanitizeText(input: string): string {
  let text = stripBlocks(input.replace(CONTROL_CHARS, ''));
  // Removing one tag can join the halves of another ("<<b>b>"): repeat a few times, then drop any "<"
  // that would still open a tag, so the result never holds markup.
  for (let pass = 0; pass < 4; pass++) {
    const next = text.replace(TAG, '');
    if (next === text) break;
    text = next;
  }
  return text.replace(TAG_START, '').trim();
}

/** Removes <script>...</script> and <style>...</style> with their contents. */
function stripBlocks(text: string): string {
  const lower = text.toLowerCase();
  const unclosed = new Set<string>();
  const open = new RegExp(BLOCK_OPEN.source, 'gi');
  let out = '';
  let from = 0;
  for (let match = open.exec(text); match; match = open.exec(text)) {
    const name = (match[1] ?? '').toLowerCase();
    if (unclosed.has(name)) continue;
    const close = lower.indexOf(`</${name}`, open.lastIndex);
    const end = close === -1 ? -1 : text.indexOf('>', close);
    if (end === -1) {
      unclosed.add(name); // its tag is stripped later; its text stays
      continue;
    }
    out += text.slice(from, match.index);
    from = end + 1;
    open.lastIndex = from;
  }
  return out + text.slice(from);
}

const DANGEROUS_SCHEMES = /^(javascript|vbscript|file|ftp):/i;
const DANGEROUS_TAGS = /<[\s/]*(script|iframe|object|embed|link|meta)\b/i;
const EVENT_HANDLERS = /\bon[a-z]+[\s]*=/i;
const EVAL_CALLS = /\b(eval|Function|setTimeout|setInterval)[\s]*\(/;
/** What a browser's URL parser drops before reading the scheme: tabs and newlines anywhere, and leading spaces or controls. */
const urlAsBrowserReads = (value: string) => value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');

/** True when text carries markup or code that must never be stored (messages, URLs). */
export function hasMaliciousContent(text: string): boolean {
  return (
    DANGEROUS_TAGS.test(text) ||
    EVENT_HANDLERS.test(text) ||
    EVAL_CALLS.test(text) ||
    /javascript:/i.test(text.replace(/[\t\n\r]/g, ''))
  );
}

/** SPEC section 5 URL check. Returns false for anything that must not be stored as a link. */
export function isSafeUrl(url: string, max = 1000): boolean {
  if (!url || !url.trim() || url.length > max) return false;
  const value = url.trim();
  const compact = urlAsBrowserReads(value);
  if (/^data:/i.test(compact) && !/^data:image\//i.test(compact)) return false;
  if (DANGEROUS_SCHEMES.test(compact)) return false;
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
  // Spaces in a domain: some browsers' URL parser escapes them (not%20a%20link.com), others refuse
  // the link; either way the person gets the same hint, in their own words.
  if (/\s/.test(typedHost(withScheme)))
    return { ok: false, message: `Please enter a valid domain (e.g., ${domainLike(typedHost(withScheme))})` };
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { ok: false, message: 'Invalid link' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, message: 'Invalid link' };
  const host = parsed.hostname;
  if (host !== 'localhost' && !DOMAIN.test(host) && !/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return { ok: false, message: `Please enter a valid domain (e.g., ${domainLike(typedHost(withScheme))})` };
  }
  return { ok: true, url: parsed.toString() };
}

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;

/**
 * The host as the person typed it (between the scheme and the first / ? #), never as the URL parser
 * writes it: "not a link.com" and not "not%20a%20link.com".
 */
function typedHost(withScheme: string): string {
  const afterScheme = withScheme.slice(withScheme.indexOf('//') + 2);
  const end = afterScheme.search(/[/?#]/);
  const host = end === -1 ? afterScheme : afterScheme.slice(0, end);
  return host.slice(host.lastIndexOf('@') + 1).replace(/:\d*$/, '');
}

/**
 * A domain made from what was typed, for the example: its letters, digits, dashes and dots (spaces
 * and the like dropped), with .com added only when it has no ending of its own.
 */
function domainLike(typed: string): string {
  const kept = withoutTrailingDots(typed.toLowerCase().replace(/[^a-z0-9.-]/g, '')).replace(/^\.+/, '');
  if (!kept) return 'example.com';
  return DOMAIN.test(kept) ? kept : `${kept}.com`;
}

/** "example..." -> "example", without /\.+$/, which retries from every dot of a long run. */
function withoutTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host[end - 1] === '.') end -= 1;
  return host.slice(0, end);
}
