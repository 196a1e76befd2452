/**
 * Keyset page cursors, one format for every list: the last row's sort key and id as base64url JSON,
 * opaque to the client. Each list checks the pair's shape before it reaches a query.
 */
export const encodePageCursor = (sortKey: string | number, id: string): string =>
  Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');

/** The pair a cursor carries, or null for anything that is not one (damaged, cut short or made up). */
export function decodePageCursor(text: string): [sortKey: unknown, id: unknown] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
  } catch {
    return null;
  }
}
