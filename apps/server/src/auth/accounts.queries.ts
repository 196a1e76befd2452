/** The account rows sign-in and the reset flow read and write beside Better Auth's own. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { offers, users } from '../db/schema.ts';

/** The name to greet an account's owner by in a mail, or null when the email has no account. */
export async function findAccountName(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  return row?.name ?? null;
}

export async function findAccountEmail(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** A mailed link proved the address: the account counts as verified. */
export async function markEmailVerified(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.emailVerified, false)));
}

/** Whether a person has posted their one offer (the web app offers "Post" or "Edit"). */
export async function hasOwnOffer(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.userId, userId)).limit(1);
  return rows.length > 0;
}
