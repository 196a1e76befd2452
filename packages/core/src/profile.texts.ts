/** Profile and settings texts: SPEC sections 5 and 8 word for word where the spec has them. */
import { formatMonthYear } from './money.ts';

export const profileTexts = {
  displayNameRequired: 'Display name is required',
  displayNameLength: 'Display name must be between 2 and 50 characters',
  bioTooLong: 'Bio must be at most 100 characters',
  invalidPaymentLink: 'Please enter a valid payment link (for example paypal.me/yourname)',
  avatarInvalidType: 'Invalid file type',
  avatarInvalidTypeBody: 'Your profile photo must be an image (JPEG, PNG, WebP, GIF or AVIF).',
  avatarTooLarge: 'File too large',
  avatarTooLargeBody: 'Your profile photo must be 5 MB or smaller.',
  avatarHint: 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. We crop it to a square.',
  avatarUpdated: 'Profile photo updated!',
  avatarRemoved: 'Profile photo removed',
  avatarUploadFailed: 'Failed to upload file',
  profileUpdated: 'Profile updated!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  loadFailed: 'Failed to load profile data',
  unableToLoad: 'Unable to load profile data',
  boostReelFailed: 'Failed to load your Boost Reel',
  createFirstOffer: 'Create Your First Offer',
  createFirstOfferBody:
    'Post one offer (an image or a short video, a title and a link) and let supporters find it in the feed.',
  boostReel: 'Boost Reel',
  boostReelEmpty: 'Offers you boost show up here.',
  /** Under the reel when there are more boosted offers than its first page. */
  boostReelAll: 'See all boosted offers',
  /** "Joined {month year}" in en-US style (SPEC section 9: dates en-US). */
  joined: (iso: string) => `Joined ${formatMonthYear(iso)}`,
} as const;
