/** The profile feature's public entry: what other features and the app use of it, and all they may import. */
export { OwnOfferSection } from './OwnOfferCard.tsx';
export { ProfileCollections } from './ProfileCollections.tsx';
export { ProfileHeader } from './ProfileHeader.tsx';
export { useProfile, useRemoveAvatar, useUpdateProfile, useUploadAvatar } from './profile.queries.ts';
