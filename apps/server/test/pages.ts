/** For the keyset-paged lists' tests (*-pages.test.ts): walking a list page by page, and cursors no page gave. */
import { encodePageCursor } from '../src/db/page-cursor.ts';

/**
 * Every page of a list, each asked for with the last one's cursor. A list that never ends stops at
 * `most` pages, so its test fails on the count instead of running on.
 */
export async function walkPages<P extends { nextCursor: string | null }>(
  pageAt: (cursor?: string) => Promise<P>,
  most = 10,
): Promise<P[]> {
  const pages = [await pageAt()];
  for (let cursor = pages[0]!.nextCursor; cursor !== null && pages.length < most; cursor = pages.at(-1)!.nextCursor) {
    pages.push(await pageAt(cursor));
  }
  return pages;
}

/**
 * Cursors a person could send that no page gave: damaged, cut short or made up, with times PostgreSQL
 * cannot read, ids that are no ids, and SQL. Each must answer the first page, never a 500. `real` is
 * a cursor a page gave and `id` an id from the list; a list keyed on text ids (people's) takes any
 * text as an id, so only a list of uuids gets the cursors whose id is not one.
 */
export function damagedCursors(real: string, id: string, ids: 'uuid' | 'text' = 'uuid'): string[] {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    'not-a-cursor',
    '',
    'x'.repeat(200),
    real.slice(0, 10),
    real.slice(0, -3),
    json(null),
    json(['2026-01-01 00:00:00+00']),
    json({ at: '2026-01-01 00:00:00+00', id }),
    json([null, id]),
    encodePageCursor('yesterday', id),
    encodePageCursor(1767225600000, id),
    encodePageCursor('2026-02-30 10:00:00+00', id),
    encodePageCursor('2026-13-01 10:00:00+00', id),
    encodePageCursor('2026-03-01 25:00:00+00', id),
    encodePageCursor('2026-03-01 10:00:00+99', id),
    encodePageCursor('0000-01-01 00:00:00+00', id),
    encodePageCursor('2026-03-01 10:00:00.123456789+00', id),
    encodePageCursor("2026-03-01'); drop table users; --", id),
    ...(ids === 'uuid'
      ? [
          encodePageCursor('2026-03-01 10:00:00+00', 'not-a-uuid'),
          encodePageCursor('2026-03-01 10:00:00+00', "x' or '1'='1"),
        ]
      : []),
  ];
}
