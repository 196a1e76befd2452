/**
 * Open Graph and Twitter card tags written into the web app's index.html for a page that chat apps
 * and search engines preview without running scripts (a shared /offer/{id}, a /creator/{id}).
 */

/** One meta tag: its attribute ('property' for Open Graph, 'name' for the rest), key and value. */
export type MetaTag = [attribute: 'property' | 'name', key: string, value: string];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Writes the tags into the page's head and its title, in place of the app's generic description. */
export function injectPageMeta(html: string, title: string, tags: MetaTag[]): string {
  const meta = tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('\n    ');
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)} · GigReel</title>`)
    : html;
  const withoutDescription = titled.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return withoutDescription.replace(/<\/head>/i, () => `  ${meta}\n  </head>`);
}
