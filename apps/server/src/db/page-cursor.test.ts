/** Page cursors: what a list takes from a client, and everything it refuses (so a made-up one is never a 500). */
import { describe, expect, it } from 'vitest';
import { decodeTimeCursor, encodePageCursor } from './page-cursor.ts';

const id = '0b7c4c1e-8a4e-4c0e-9a7e-2f1f2f3f4f5f';

describe('decodeTimeCursor', () => {
  it('reads back what a list wrote: PostgreSQL text time to the microsecond, with its offset', () => {
    for (const at of ['2026-11-24 07:01:02.123456+00', '2026-11-24 07:01:02+05:30', '2026-11-24T07:01:02Z'])
      expect(decodeTimeCursor(encodePageCursor(at, id))).toEqual({ at, id });
    expect(decodeTimeCursor(encodePageCursor('2026-11-24 07:01:02+00', 'c0000001'), 'text')).toEqual({
      at: '2026-11-24 07:01:02+00',
      id: 'c0000001',
    });
  });

  it('starts from the top for anything PostgreSQL could not cast or a client made up', () => {
    const refused = [
      encodePageCursor('2026-02-31 10:00:00+00', id),
      encodePageCursor('2026-11-24 25:00:00+00', id),
      encodePageCursor('0000-01-01 00:00:00+00', id),
      encodePageCursor('2026-11-24 07:01:02+16', id),
      encodePageCursor('yesterday', id),
      encodePageCursor('2026-11-24 07:01:02+00', 'not-a-uuid'),
      encodePageCursor(1700000000, id),
      'not base64 at all',
      '',
      undefined,
    ];
    for (const cursor of refused) expect(decodeTimeCursor(cursor), String(cursor)).toBeNull();
    expect(decodeTimeCursor(encodePageCursor('2026-11-24 07:01:02+00', 'a\u0000b'), 'text')).toBeNull();
    expect(decodeTimeCursor(encodePageCursor('2026-11-24 07:01:02+00', 'x'.repeat(101)), 'text')).toBeNull();
  });
});
