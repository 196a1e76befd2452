/** Business constants and limits, SPEC section 9. One place; both sides import them. */
export const FEED_PAGE_SIZE = 50;
export const AUTO_ADVANCE_MS = 10_000;
export const SCROLL_PAUSE_MS = 10_000;
export const VIDEO_VISIBILITY_THRESHOLD = 0.6;
export const INACTIVITY_LOGOUT_MS = 1_800_000;
export const MESSAGE_MAX = 1000;
export const PASSWORD_MIN = 8;
/** Longer passwords are refused before hashing, so a huge one cannot tie up the server. */
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const URL_MAX = 1000;
export const BIO_MAX = 100;
export const PURCHASE_NOTE_MAX = 100;
export const GIG_DESCRIPTION_MAX = 500;
export const MUSIC_TRACK_MAX = 100;
export const TITLE_MAX = 120;
export const MB = 1024 * 1024;
export const OFFER_MEDIA_MAX_BYTES = 10 * MB;
export const AVATAR_MAX_BYTES = 5 * MB;
export const DELIVERY_MAX_BYTES = 10 * MB;
export const PRIVATE_JOB_FILE_MAX_BYTES = 20 * MB;
/**
 * Offer media that ffmpeg and sharp may read, by detected type: plain containers only, never a format
 * that can point at other files or URLs (playlists, manifests, concat lists).
 */
export const OFFER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const OFFER_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;
/** Checked on the probe before any transcoding, so a small file cannot describe minutes of work. */
export const OFFER_VIDEO_MAX_SECONDS = 60;
/** Either orientation: the long side at most 1920 px and the short side at most 1080 px. */
export const OFFER_VIDEO_MAX_LONG_SIDE = 1920;
export const OFFER_VIDEO_MAX_SHORT_SIDE = 1080;
/** What a multipart request may carry beyond its files' limits (part headers, boundaries, small fields). */
export const UPLOAD_REQUEST_MARGIN_BYTES = 64 * 1024;
export const SIGNED_LINK_SECONDS = 3600;
export const MOBILE_BREAKPOINT_PX = 768;
export const PLATFORM_COMMISSION = 0.15;
export const TOP_CREATORS_SHOWN = 5;
export const MESSAGE_PREVIEW_CHARS = 100;
export const MINIMUM_AGE = 13;
export const REACTIONS = ['Smart', 'Support', 'Hype', 'Not for Me', 'Watching'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const DELIVERY_TIMES = ['1 Day', '2 Days', '3 Days', '1 Week'] as const;
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];
/** 'disputed': a problem is reported and an admin decides (issue 16's Disputes). */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'delivered', 'completed', 'cancelled', 'disputed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const JOB_STATUSES = ['pending', 'accepted', 'declined', 'delivered'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** Login limiter: failures per email and client address inside the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * A fresh account (younger than a day, or its address not verified) may do less, so throwaway
 * accounts cannot spam or scam at scale (issue 17): start conversations with at most
 * FRESH_MESSAGE_PEOPLE_PER_DAY people a day (replies to people who wrote first are free) and send at
 * most FRESH_PRIVATE_JOBS_PER_DAY private job.
 */
export const FRESH_ACCOUNT_MS = 24 * 3600 * 1000;
export const FRESH_MESSAGE_PEOPLE_PER_DAY = 5;
export const FRESH_PRIVATE_JOBS_PER_DAY = 1;

export function isFreshAccount(account: { createdAt: Date; emailVerified: boolean }, now: Date): boolean {
  return !account.emailVerified || now.getTime() - account.createdAt.getTime() < FRESH_ACCOUNT_MS;
}
