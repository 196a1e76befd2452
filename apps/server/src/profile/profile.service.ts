/**
 * Profile verbs (SPEC sections 2 and 5): read your own profile, edit display name, bio and payment
 * link, replace or remove the avatar. Avatars are stored at avatars/{userId}/{timestamp}.webp and
 * users.profile_image holds their public URL (/media/avatars/...), which is what every screen shows.
 * A replaced or removed avatar's file is deleted once the row no longer points at it.
 */
import { profileTexts, type OwnProfile, type UpdateProfile, forbidden, notFound } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { claimUploads, holdUploads, removeStoredFiles } from '../platform/unclaimed-files.ts';
import type { ReceivedFile } from '../platform/uploads.ts';
import { squareWebp } from './avatar.image.ts';
import type { Actor } from '../auth/index.ts';
import { canEditProfile } from './profile.policy.ts';
import {
  findProfile,
  lockProfileImage,
  setProfileImage,
  toOwnProfile,
  updateProfileFields,
} from './profile.queries.ts';

const MEDIA_PREFIX = '/media/';

export async function getOwnProfile({ deps, actor }: { deps: AppDeps; actor: Actor }): Promise<OwnProfile> {
  const row = await findProfile(deps.database.db, actor.id);
  if (!row) throw notFound(profileTexts.unableToLoad);
  return toOwnProfile(row);
}

export async function updateProfile({
  deps,
  actor,
  input,
}: {
  deps: AppDeps;
  actor: Actor;
  input: UpdateProfile;
}): Promise<OwnProfile> {
  if (!canEditProfile(actor, actor.id)) throw forbidden();
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await updateProfileFields(tx, actor.id, input, now);
  });
  return getOwnProfile({ deps, actor });
}

/** The storage key behind an avatar URL we stored, or null for anything else (never delete what is not an avatar). */
function avatarKeyOf(profileImage: string | null): string | null {
  if (!profileImage?.startsWith(`${MEDIA_PREFIX}avatars/`)) return null;
  const key = profileImage.slice(MEDIA_PREFIX.length);
  return /^avatars\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)?\.(webp|jpe?g|png|gif)$/.test(key) ? key : null;
}

export async function replaceAvatar({
  deps,
  actor,
  file,
}: {
  deps: AppDeps;
  actor: Actor;
  file: ReceivedFile;
}): Promise<OwnProfile> {
  if (!canEditProfile(actor, actor.id)) throw forbidden();
  const image = await squareWebp(file.tempPath);
  const current = await findProfile(deps.database.db, actor.id);
  if (!current) throw notFound(profileTexts.unableToLoad);
  // Keys are unique per upload (the media route caches them as immutable); never reuse the current one.
  let stamp = deps.clock.now().getTime();
  if (current.profileImage === `${MEDIA_PREFIX}avatars/${actor.id}/${stamp}.webp`) stamp += 1;
  const key = `avatars/${actor.id}/${stamp}.webp`;
  await holdUploads(deps.database, [key]);
  let previous: string | null = null;
  try {
    await deps.storage.put(key, image, 'image/webp');
    await deps.database.db.transaction(async (tx) => {
      const locked = await lockProfileImage(tx, actor.id);
      if (!locked) throw notFound(profileTexts.unableToLoad);
      previous = locked.profileImage;
      await setProfileImage(tx, actor.id, `${MEDIA_PREFIX}${key}`, deps.clock.now());
      await claimUploads(tx, [key]);
    });
  } catch (error) {
    await removeStoredFiles(deps, [key]);
    throw error;
  }
  await deleteAvatarFile(deps, previous, key);
  return getOwnProfile({ deps, actor });
}

export async function removeAvatar({ deps, actor }: { deps: AppDeps; actor: Actor }): Promise<OwnProfile> {
  if (!canEditProfile(actor, actor.id)) throw forbidden();
  let previous: string | null = null;
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockProfileImage(tx, actor.id);
    if (!locked) throw notFound(profileTexts.unableToLoad);
    previous = locked.profileImage;
    if (previous !== null) await setProfileImage(tx, actor.id, null, deps.clock.now());
  });
  await deleteAvatarFile(deps, previous, null);
  return getOwnProfile({ deps, actor });
}

/** After the commit: a delete storage refuses is tried again by the queue, never a broken profile. */
async function deleteAvatarFile(deps: AppDeps, profileImage: string | null, keep: string | null): Promise<void> {
  const key = avatarKeyOf(profileImage);
  if (!key || key === keep) return;
  await removeStoredFiles(deps, [key]);
}
