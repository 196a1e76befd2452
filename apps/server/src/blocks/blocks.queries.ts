/** The only place blocks touch the database: a pair of people, looked up by either side's index. */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { rowsOf } from '../db/rows.ts';
import { blocks, users } from '../db/schema.ts';

type Conn = Db | Tx;

export async function insertBlock(db: Conn, blockerId: string, blockedId: string, at: Date): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: Conn, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function hasBlocked(db: Conn, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether either of the two blocked the other (two primary-key probes). */
export async function blockedEitherWay(db: Conn, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return rows.length > 0;
}

/** Everyone the person blocked or was blocked by, at most `max` (the offers hidden from their feed). */
export async function blockRelationsOf(db: Conn, userId: string, max: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`(select blocked_id as id from blocks where blocker_id = ${userId} limit ${max})
        union (select blocker_id as id from blocks where blocked_id = ${userId} limit ${max})`,
  );
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

export async function findPersonToBlock(db: Conn, id: string) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

const BLOCKED_PAGE_SIZE = 30;

/** One page of the people the person blocked, newest first, after `cursor`. */
export async function listBlocked(db: Db, blockerId: string, cursor: TimeCursor | null) {
  const rows = await db
    .select({
      id: blocks.blockedId,
      displayName: users.name,
      profileImage: users.image,
      blockedAt: blocks.createdAt,
      cursorAt: sql<string>`${blocks.createdAt}::text`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        cursor
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKED_PAGE_SIZE + 1);
  return pageOf(rows, BLOCKED_PAGE_SIZE);
}
