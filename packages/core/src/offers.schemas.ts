/**
 * The /post offer form (SPEC section 5), once for both sides:
 *   offerForm      what the form holds (plain strings and one boolean), for react-hook-form's zodResolver;
 *                  every rule and message, each on the field it belongs to
 *   toOfferInput   the normalised offer the server stores (link with scheme, price in pence, tag list)
 *   offerFields    the server's parser of PUT /api/offers/mine's multipart text fields -> OfferInput
 *   offerMediaProblem  the media rule ("Media required", "Invalid file type", "File too large") for the picker;
 *                  the server checks the same rule by the file's bytes
 */
import { z } from 'zod';
import {
  GIG_DESCRIPTION_MAX,
  MUSIC_TRACK_MAX,
  OFFER_MEDIA_MAX_BYTES,
  PURCHASE_NOTE_MAX,
  REACTIONS,
  TITLE_MAX,
  URL_MAX,
} from './constants.ts';
import type { OwnOffer } from './offers.contract.ts';
import { parsePriceToPence } from './money.ts';
import { offerTexts } from './offers.texts.ts';
export { offerTexts } from './offers.texts.ts';
import { normalizePaymentLink } from './orders.payment.ts';
import { normalizeLink, sanitizeText } from './sanitize.ts';
import { textInput } from './text-input.ts';
import { texts } from './texts.ts';

const v = texts.validation;
export const OFFER_TAGS_MAX = 10;
export const OFFER_TAG_MAX_CHARS = 30;
const PRICE_INPUT_MAX = 20;
const TAGS_INPUT_MAX = 500;

/** Comma separated, trimmed, lowercased, empties dropped (and a leading # or repeats ignored). */
export function parseTags(text: string): string[] {
  const names = text
    .split(',')
    .map((part) => sanitizeText(part).replace(/^#+/, '').trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(names)];
}

/** The form's text fields as typed; free text may arrive at twice its limit, as sanitising can shorten it. */
const offerText = {
  title: textInput(TITLE_MAX * 2, v.tooLong(TITLE_MAX)),
  link: textInput(URL_MAX, v.invalidLink),
  /** Pounds as typed: "10", "£10.50", "1,200". */
  price: textInput(PRICE_INPUT_MAX, v.invalidPrice),
  /** The seller's payment checkout link. */
  paypalLink: textInput(URL_MAX, v.invalidLink),
  purchaseNote: textInput(PURCHASE_NOTE_MAX * 2, v.tooLong(PURCHASE_NOTE_MAX)),
  /** Comma separated. */
  tags: textInput(TAGS_INPUT_MAX, offerTexts.tooManyTags(OFFER_TAGS_MAX)),
  description: textInput(GIG_DESCRIPTION_MAX * 2, v.tooLong(GIG_DESCRIPTION_MAX)),
  musicTrackName: textInput(MUSIC_TRACK_MAX * 2, v.tooLong(MUSIC_TRACK_MAX)),
  musicCreditLink: textInput(URL_MAX, v.invalidLink),
};

export const offerForm = z.object({ ...offerText, isPaidOffer: z.boolean() }).superRefine((form, ctx) => {
  const problem = (path: keyof OfferFormValues, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path] });
  const title = sanitizeText(form.title);
  if (!title) problem('title', v.titleRequired);
  else if (title.length > TITLE_MAX) problem('title', v.tooLong(TITLE_MAX));

  if (!form.isPaidOffer) {
    if (!form.link.trim()) problem('link', v.linkRequired);
    else {
      const link = normalizeLink(form.link);
      if (!link.ok) problem('link', link.message);
    }
  } else {
    for (const field of ['price', 'paypalLink', 'purchaseNote'] as const) {
      if (!sanitizeText(form[field])) problem(field, v.missingPaidFields);
    }
    if (form.price.trim() && parsePriceToPence(form.price) === null) problem('price', v.invalidPrice);
    if (form.paypalLink.trim()) {
      // https only: an explicit http:// link is refused ("Payment links must start with https://")
      const link = normalizePaymentLink(form.paypalLink);
      if (!link.ok) problem('paypalLink', link.message);
    }
    if (sanitizeText(form.purchaseNote).length > PURCHASE_NOTE_MAX)
      problem('purchaseNote', v.tooLong(PURCHASE_NOTE_MAX));
  }

  const tags = parseTags(form.tags);
  if (tags.length > OFFER_TAGS_MAX) problem('tags', offerTexts.tooManyTags(OFFER_TAGS_MAX));
  else if (tags.some((tag) => tag.length > OFFER_TAG_MAX_CHARS))
    problem('tags', offerTexts.tagTooLong(OFFER_TAG_MAX_CHARS));
  if (sanitizeText(form.description).length > GIG_DESCRIPTION_MAX)
    problem('description', v.tooLong(GIG_DESCRIPTION_MAX));
  if (sanitizeText(form.musicTrackName).length > MUSIC_TRACK_MAX) problem('musicTrackName', v.tooLong(MUSIC_TRACK_MAX));
  if (form.musicCreditLink.trim()) {
    const link = normalizeLink(form.musicCreditLink);
    if (!link.ok) problem('musicCreditLink', link.message);
  }
});

export type OfferFormValues = z.input<typeof offerForm>;

export const emptyOfferForm: OfferFormValues = {
  title: '',
  link: '',
  isPaidOffer: false,
  price: '',
  paypalLink: '',
  purchaseNote: '',
  tags: '',
  description: '',
  musicTrackName: '',
  musicCreditLink: '',
};

/** What the server stores, after the rules of SPEC section 5. */
export type OfferInput = {
  title: string;
  /** '' for paid offers: their link is forced to the product's own home link. */
  link: string;
  isPaidOffer: boolean;
  pricePence: number | null;
  paypalLink: string | null;
  purchaseNote: string | null;
  tags: string[];
  description: string | null;
  musicTrackName: string | null;
  musicCreditLink: string | null;
};

const linkOrNull = (raw: string, normalize: typeof normalizeLink = normalizeLink): string | null => {
  if (!raw.trim()) return null;
  const link = normalize(raw);
  return link.ok ? link.url : null;
};
const textOrNull = (raw: string): string | null => sanitizeText(raw) || null;

/** Normalises values that passed offerForm. */
export function toOfferInput(form: OfferFormValues): OfferInput {
  const paid = form.isPaidOffer;
  return {
    title: sanitizeText(form.title),
    link: paid ? '' : (linkOrNull(form.link) ?? ''),
    isPaidOffer: paid,
    pricePence: paid ? parsePriceToPence(form.price) : null,
    paypalLink: paid ? linkOrNull(form.paypalLink, normalizePaymentLink) : null,
    purchaseNote: paid ? textOrNull(form.purchaseNote) : null,
    tags: parseTags(form.tags),
    description: textOrNull(form.description),
    musicTrackName: textOrNull(form.musicTrackName),
    musicCreditLink: linkOrNull(form.musicCreditLink),
  };
}

/** A multipart field left out is empty. */
const field = (schema: z.ZodString) => schema.optional().default('');
const flag = z
  .enum(['true', 'false', 'on', 'off', '1', '0', ''], { error: 'isPaidOffer must be true or false' })
  .optional()
  .default('false')
  .transform((value) => value === 'true' || value === 'on' || value === '1');

/** PUT /api/offers/mine: the multipart text fields (names as OfferFormValues; missing ones are empty). */
export const offerFields = z
  .object({
    title: field(offerText.title),
    link: field(offerText.link),
    isPaidOffer: flag,
    price: field(offerText.price),
    paypalLink: field(offerText.paypalLink),
    purchaseNote: field(offerText.purchaseNote),
    tags: field(offerText.tags),
    description: field(offerText.description),
    musicTrackName: field(offerText.musicTrackName),
    musicCreditLink: field(offerText.musicCreditLink),
  })
  .pipe(offerForm)
  .transform(toOfferInput);

/** Prefills the form from the saved offer (GET /api/offers/mine). */
export function offerToFormValues(
  offer: Pick<
    OwnOffer,
    | 'title'
    | 'link'
    | 'isPaidOffer'
    | 'pricePence'
    | 'paypalLink'
    | 'purchaseNote'
    | 'tags'
    | 'description'
    | 'musicTrackName'
    | 'musicCreditLink'
  > | null,
): OfferFormValues {
  if (!offer) return { ...emptyOfferForm };
  return {
    title: offer.title,
    link: offer.link,
    isPaidOffer: offer.isPaidOffer,
    price: offer.pricePence === null ? '' : (offer.pricePence / 100).toFixed(2),
    paypalLink: offer.paypalLink ?? '',
    purchaseNote: offer.purchaseNote ?? '',
    tags: offer.tags.join(', '),
    description: offer.description ?? '',
    musicTrackName: offer.musicTrackName ?? '',
    musicCreditLink: offer.musicCreditLink ?? '',
  };
}

/** The media rule for the file picker (the server decides by the bytes, with the same texts). */
export function offerMediaProblem(
  file: { size: number; type: string } | null | undefined,
  hasExistingMedia: boolean,
): string | null {
  if (!file) return hasExistingMedia ? null : v.mediaRequired;
  if (!/^(image|video)\//.test(file.type) || file.type === 'image/svg+xml') return v.invalidFileType;
  if (file.size > OFFER_MEDIA_MAX_BYTES) return v.fileTooLarge;
  return null;
}

/** For the picker's accept attribute (a hint only). */
export const OFFER_MEDIA_ACCEPT = 'image/*,video/*';

/** Route inputs of the feed and engagement API (offers.contract.ts). */
export const offerIdParams = z.object({ id: z.uuid({ error: 'This offer is not available.' }) });
export const creatorIdParams = z.object({
  id: textInput(100, 'This creator does not exist.')
    .min(1)
    .regex(/^[A-Za-z0-9_-]+$/, 'This creator does not exist.'),
});

export const feedQuery = z.object({
  q: textInput(200)
    .optional()
    .transform((value) => value?.trim() || undefined),
  tag: textInput(100)
    .optional()
    .transform((value) => value?.replace(/^#+/, '').trim().toLowerCase() || undefined),
  cursor: textInput(200).optional(),
  /** Set by the web app for a while after the person's own change: the answer must include it (and no cache holds this URL). */
  fresh: textInput(20).optional(),
});
export type FeedQuery = z.input<typeof feedQuery>;

/** A boosted list page request: the opaque nextCursor of the page before; without it, the first page. */
export const boostedQuery = z.object({ cursor: textInput(200).optional() });

/** A page of the Following feed: the opaque nextCursor of the page before; without it, the first page. */
export const followingFeedQuery = z.object({ cursor: textInput(200).optional() });

export const FEED_STATE_MAX_IDS = 100;
export const feedStateQuery = z.object({
  ids: textInput(FEED_STATE_MAX_IDS * 37)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.uuid({ error: 'ids must be offer ids' })).max(FEED_STATE_MAX_IDS)),
});

/** POST boost / favorite: an empty body toggles; { active } sets the state, so a double tap cannot undo itself. */
export const toggleInput = z.strictObject({ active: z.boolean().optional() }).optional();
export const reactionInput = z.strictObject({
  emoji: z.enum(REACTIONS, { error: 'Choose one of the five reactions' }).nullable(),
});
