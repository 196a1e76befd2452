/** Who may do what with a profile: a person edits only their own (an impersonating admin acts as that person). */
export type ProfileActor = { id: string };

export const canEditProfile = (actor: ProfileActor, profileUserId: string): boolean => actor.id === profileUserId;
