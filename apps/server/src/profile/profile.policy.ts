/** Who may do what with a profile: a person edits only their own (an impersonating admin acts as that person). */
import type { Actor } from '../auth/index.ts';

export const canEditProfile = (actor: Actor, profileUserId: string): boolean => actor.id === profileUserId;
