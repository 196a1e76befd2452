/**
 * The profile API contract. Change additively only.
 *
 *   GET    /api/profile          -> ProfileResponse   signed in: the viewer's own profile
 *   PATCH  /api/profile          UpdateProfileInput -> ProfileResponse & { message }
 *   PUT    /api/profile/avatar   multipart, one image file "avatar" (<= 5 MB) -> ProfileResponse & { message }
 *   DELETE /api/profile/avatar   -> ProfileResponse & { message }   the stored file is deleted
 *
 * The public creator page is /api/creators/:id (offers.contract.ts).
 */
export type OwnProfile = {
  id: string;
  displayName: string;
  email: string;
  /** '/media/avatars/{userId}/{timestamp}.webp', or null when none. */
  profileImage: string | null;
  bio: string | null;
  paypalLink: string | null;
  joinedAt: string;
  /** Boosts and reactions on the viewer's offer (0 without an offer). */
  boostCount: number;
  reactionCount: number;
  hasOffer: boolean;
};

export type ProfileResponse = { profile: OwnProfile };
export type ProfileChangeResponse = ProfileResponse & { message: string };
