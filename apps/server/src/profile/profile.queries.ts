/** The only profile code that touches the database: the users row (Better Auth's table) and the counters of the person's offer. */
import type { OwnProfile } from '@gigreel/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { offers, users } from '../db/schema.ts';
import { followCountsOf } from '../follows/index.ts';

export type ProfileRow = {
  id: string;
  displayName: string;
  email: string;
  profileImage: string | null;
  bio: string | null;
  paypalLink: string | null;
  createdAt: Date;
  offerId: string | null;
  boostCount: number | null;
  reactionCount: number | null;
  followers: number;
  following: number;
};

/** The own profile as the client sees it. */
export const toOwnProfile = (row: ProfileRow): OwnProfile => ({
  id: row.id,
  displayName: row.displayName,
  email: row.email,
  profileImage: row.profileImage,
  bio: row.bio,
  paypalLink: row.paypalLink,
  joinedAt: row.createdAt.toISOString(),
  boostCount: row.boostCount ?? 0,
  reactionCount: row.reactionCount ?? 0,
  hasOffer: row.offerId !== null,
  followers: Number(row.followers),
  following: Number(row.following),
});

export async function findProfile(db: Db | Tx, userId: string): Promise<ProfileRow | null> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.name,
      email: users.email,
      profileImage: users.image,
      bio: users.bio,
      paypalLink: users.paypalLink,
      createdAt: users.createdAt,
      offerId: offers.id,
      boostCount: offers.boostCount,
      reactionCount: offers.reactionCount,
      ...followCountsOf(sql`${users.id}`),
    })
    .from(users)
    .leftJoin(offers, eq(offers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export type ProfileFields = Partial<{ displayName: string; bio: string | null; paypalLink: string | null }>;

export async function updateProfileFields(tx: Tx, userId: string, fields: ProfileFields, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      ...(fields.displayName !== undefined ? { name: fields.displayName } : {}),
      ...(fields.bio !== undefined ? { bio: fields.bio } : {}),
      ...(fields.paypalLink !== undefined ? { paypalLink: fields.paypalLink } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Locks the person's row and returns their current image, so two uploads never both keep a file. */
export async function lockProfileImage(tx: Tx, userId: string): Promise<{ profileImage: string | null } | null> {
  const rows = await tx
    .select({ profileImage: users.image })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setProfileImage(tx: Tx, userId: string, profileImage: string | null, now: Date): Promise<void> {
  await tx.update(users).set({ image: profileImage, updatedAt: now }).where(eq(users.id, userId));
}
