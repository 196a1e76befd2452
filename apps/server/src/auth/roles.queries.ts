/** The one place that decides who is admin: a user_roles row (SPEC section 6). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { userRoles, users } from '../db/schema.ts';

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}

/** The admins to tell of something only they act on (a reported problem): the first `max`, however many there are. */
export async function adminIds(db: Db | Tx, max = 50): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .limit(max);
  return rows.map((row) => row.userId);
}

export async function grantAdmin(db: Db, userId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
}

export async function grantAdminIfListed(db: Db, userId: string, email: string, adminEmails: string[]): Promise<void> {
  if (adminEmails.includes(email.toLowerCase())) await grantAdmin(db, userId);
}

/** ADMIN_EMAILS at start-up: every listed account that exists gets the role. */
export async function grantListedAdmins(db: Db, adminEmails: string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, adminEmails));
  for (const row of rows) await grantAdmin(db, row.id);
  return rows.length;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}
