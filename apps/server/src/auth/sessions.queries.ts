import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { sessions } from '../db/schema.ts';

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
