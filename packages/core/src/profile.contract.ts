/**
 * What the server answers about the own profile, as schemas (the route table is in profile.api.ts).
 * Change additively only. The public creator page is /api/creators/:id (offers.contract.ts).
 */
import { z } from 'zod';

export const ownProfile = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** '/media/avatars/{userId}/{timestamp}.webp', or null when none. */
  profileImage: z.string().nullable(),
  bio: z.string().nullable(),
  paypalLink: z.string().nullable(),
  joinedAt: z.string(),
  /** Boosts and reactions on the viewer's offer (0 without an offer). */
  boostCount: z.number().int(),
  reactionCount: z.number().int(),
  hasOffer: z.boolean(),
  /** How many follow the person and how many they follow (issue 18). */
  followers: z.number().int(),
  following: z.number().int(),
});
export type OwnProfile = z.output<typeof ownProfile>;

export const profileResponse = z.object({ profile: ownProfile });
export type ProfileResponse = z.output<typeof profileResponse>;

/** A change's answer: the profile as it now is, and the toast's text. */
export const profileChangeResponse = profileResponse.extend({ message: z.string() });
export type ProfileChangeResponse = z.output<typeof profileChangeResponse>;
