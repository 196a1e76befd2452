/** Dates as SPEC asks (en-US): "Nov 22, 3:04 PM"; the year only when it is not this year. */
export function formatMessageDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Trailing punctuation that ends a sentence rather than a link ("see https://x.com/a.") */
const TRAILING = /[.,!?;:)\]'"]+$/;

/**
 * A message's text cut into plain runs and http(s) links, in order, for showing links as links
 * (only from accounts that are not fresh: the thread says whose). Nothing else becomes a link.
 */
export function linkParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let from = 0;
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    const link = match[0].replace(TRAILING, '');
    if (link.length <= 'https://'.length) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: link, href: link });
    from = match.index + link.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
