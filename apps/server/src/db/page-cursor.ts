import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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

/** Where a page of a list ordered by (created_at desc, id desc) starts: the last row before it. */
export type TimeCursor = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// a text id may be anything PostgreSQL can hold as text (no NUL), as long as an id is
const TEXT_ID = /^[^\u0000]{1,100}$/;
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d{1,6})?(Z|[+-](\d\d)(?::?(\d\d))?)?$/;

/** True for a time PostgreSQL reads as timestamptz (no 31 February, no hour 25), so the cast never fails. */
export function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    Number(parts[9] ?? 0) <= 15 &&
    Number(parts[10] ?? 0) < 60
  );
}

/**
 * The position a (created_at, id) cursor carries, or null (start from the top) for one that is
 * damaged, cut short or made up: never a value that makes the query's cast fail (a 500).
 */
export function decodeTimeCursor(text: string | undefined, idType: 'uuid' | 'text' = 'uuid'): TimeCursor | null {
  const [at, id] = (text && decodePageCursor(text)) || [];
  if (typeof at !== 'string' || typeof id !== 'string' || !isTimestamp(at)) return null;
  return (idType === 'uuid' ? UUID : TEXT_ID).test(id) ? { at, id } : null;
}

/**
 * `(created_at, id) < cursor` for a list in (created_at desc, id desc) order, in a statement prepared
 * once (db/prepared.ts preparedPages): the position comes as the placeholders `cursorAt` and
 * `cursorId`, whose values cursorValues gives.
 */
export function afterCursorPlaceholders(createdAt: PgColumn, id: PgColumn): SQL {
  return sql`(${createdAt}, ${id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;
}

/** A cursor as the values of afterCursorPlaceholders (none on the first page). */
export const cursorValues = (cursor: TimeCursor | null): { cursorAt?: string; cursorId?: string } =>
  cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {};

/** A page read with one row more than it shows: the rows it shows, and where the next starts if there is one. */
export function pageOf<T extends { cursorAt: string; id: string }>(
  rows: T[],
  size: number,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > size && last ? encodePageCursor(last.cursorAt, last.id) : null };
}
