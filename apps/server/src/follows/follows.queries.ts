/** The only place follows touch the database: one row per follower and creator; the counts are tallies. */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';
import { follows, users } from '../db/schema.ts';
import { tallySql } from '../db/tallies.queries.ts';

type Conn = Db | Tx;

/** A person who can be followed: there, and not suspended. */
export async function findPersonToFollow(db: Conn, userId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedUntil)))
    .limit(1);
  return row ?? null;
}

/** Whether the follow is new. */
export async function insertFollow(db: Conn, followerId: string, followeeId: string, at: Date): Promise<boolean> {
  const added = await db
    .insert(follows)
    .values({ followerId, followeeId, createdAt: at })
    .onConflictDoNothing()
    .returning({ at: follows.createdAt });
  return added.length > 0;
}

export async function deleteFollow(db: Conn, followerId: string, followeeId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

/** How many follow the person and how many they follow: two tallies, beside a row whose id column is given. */
export const followCountsOf = (personId: SQL) => ({
  followers: tallySql('followers', personId),
  following: tallySql('following', personId),
});

export async function countFollows(db: Conn, userId: string): Promise<{ followers: number; following: number }> {
  const counts = followCountsOf(sql`${userId}`);
  const [row] = rowsOf<{ followers: number; following: number }>(
    await db.execute(sql`select ${counts.followers} as followers, ${counts.following} as following`),
  );
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}

/** Whether `followerId` follows `followeeId`: one primary-key probe. */
export async function isFollowing(db: Conn, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return !!row;
}
