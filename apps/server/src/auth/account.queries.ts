/** How established a person's account is: when it was made and whether its address is verified (fresh-account limits). */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { users } from '../db/schema.ts';

export async function findAccountStanding(
  db: Db | Tx,
  userId: string,
): Promise<{ createdAt: Date; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
