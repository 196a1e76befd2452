/** Who may see and decide a private job (SPEC section 6): its sender, its recipient (the designer), admins. */
import type { Actor } from '../auth/index.ts';

type JobParties = { fromUserId: string; toUserId: string };

export function canReadJob(actor: Actor, job: JobParties): boolean {
  return actor.id === job.fromUserId || actor.id === job.toUserId || actor.isAdmin;
}

export function isRecipient(actor: Actor, job: JobParties): boolean {
  return actor.id === job.toUserId;
}
