/**
 * Admin inputs (SPEC section 5: admin gig and creator forms). The web forms resolve with these and
 * the server parses the same, so both sides agree on every limit and message.
 */
import { z } from 'zod';
import {
  BIO_MAX,
  EMAIL_MAX,
  GIG_DESCRIPTION_MAX,
  MUSIC_TRACK_MAX,
  PURCHASE_NOTE_MAX,
  TITLE_MAX,
  URL_MAX,
} from './constants.ts';
import { parsePriceToPence } from './money.ts';
import { normalizePaymentLink, paymentLinkTexts } from './orders.payment.ts';
import { isSafeUrl, normalizeLink, sanitizeText, type LinkCheck } from './sanitize.ts';
import { isEmailShape, textInput } from './text-input.ts';
import { displayNameText } from './auth.schemas.ts';
import { texts } from './texts.ts';
import { adminTexts } from './admin.texts.ts';

const v = texts.validation;
export const ADMIN_HASHTAG_MAX = 30;
export const ADMIN_HASHTAGS_PER_GIG = 10;

/** Optional free text: sanitised and trimmed; empty becomes null (SPEC: "sent as null when empty"). */
const optionalText = (max: number) =>
  textInput(max * 2, v.tooLong(max))
    .optional()
    .nullable()
    .transform((value) => (value == null ? null : sanitizeText(value)))
    .pipe(z.string().max(max, v.tooLong(max)).nullable())
    .transform((value) => (value ? value : null));

/** A refused link's field message: the https-only rule says so; anything else is "Invalid URL" as before. */
const linkProblem = (checked: LinkCheck): string =>
  !checked.ok && checked.message === paymentLinkTexts.httpsOnly ? paymentLinkTexts.httpsOnly : v.invalidUrl;

/**
 * Optional link: empty becomes null; otherwise it must be a safe http(s) URL (https:// added). A
 * payment link (normalizePaymentLink) must be https: an explicit http:// one is refused.
 */
const optionalUrlBy = (normalize: (raw: string) => LinkCheck) =>
  textInput(URL_MAX, v.invalidUrl)
    .optional()
    .nullable()
    .transform((value, ctx) => {
      const raw = value?.trim() ?? '';
      if (!raw) return null;
      const checked = normalize(raw);
      if (!checked.ok || !isSafeUrl(checked.url)) {
        ctx.addIssue({ code: 'custom', message: linkProblem(checked) });
        return z.NEVER;
      }
      return checked.url;
    });
const optionalUrl = optionalUrlBy(normalizeLink);
const optionalPaymentUrl = optionalUrlBy(normalizePaymentLink);

/** Checkbox as a boolean, or the 'true'/'false' text of a multipart field. */
const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '']).transform((value) => value === 'true' || value === 'on')])
  .default(false);

/**
 * Hashtags are typed space separated ("#design logo"); only a non-blank field is processed, so an
 * edit that leaves it blank keeps the gig's tags. Names lose their '#', are lowercased and de-duplicated.
 */
export function parseAdminHashtags(input: string | null | undefined): string[] | null {
  if (!input || !input.trim()) return null;
  const names = input
    .split(/\s+/)
    .map((word) => sanitizeText(word).replace(/^#+/, '').toLowerCase())
    .filter(Boolean);
  return [...new Set(names)];
}

export const gigFormSchema = z
  .strictObject({
    userId: textInput(100).optional(),
    title: textInput(TITLE_MAX * 2, v.tooLong(TITLE_MAX), v.titleRequired)
      .transform((value) => sanitizeText(value))
      .pipe(z.string().min(1, v.titleRequired).max(TITLE_MAX, v.tooLong(TITLE_MAX))),
    link: textInput(URL_MAX, v.invalidLink, v.linkRequired),
    isPaidOffer: checkbox,
    price: textInput(20, v.invalidPrice).optional().nullable(),
    paypalLink: textInput(URL_MAX, v.invalidUrl).optional().nullable(),
    purchaseNote: optionalText(PURCHASE_NOTE_MAX),
    description: optionalText(GIG_DESCRIPTION_MAX),
    musicTrackName: optionalText(MUSIC_TRACK_MAX),
    musicCreditLink: optionalUrl,
    hashtags: textInput(500, `At most ${ADMIN_HASHTAGS_PER_GIG} hashtags`).optional().nullable(),
  })
  .transform((form, ctx) => {
    const link = form.link.trim();
    if (!link) {
      ctx.addIssue({ code: 'custom', message: v.linkRequired, path: ['link'] });
      return z.NEVER;
    }
    const checked = normalizeLink(link);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message, path: ['link'] });
      return z.NEVER;
    }
    let pricePence: number | null = null;
    let paypalLink: string | null = null;
    if (form.isPaidOffer) {
      const price = form.price?.trim() ?? '';
      pricePence = price ? parsePriceToPence(price) : null;
      if (!price) {
        ctx.addIssue({ code: 'custom', message: v.missingPaidFields, path: ['price'] });
        return z.NEVER;
      }
      if (pricePence === null) {
        ctx.addIssue({ code: 'custom', message: v.invalidPrice, path: ['price'] });
        return z.NEVER;
      }
      const rawPaypal = form.paypalLink?.trim() ?? '';
      if (rawPaypal) {
        const paypal = normalizePaymentLink(rawPaypal);
        if (!paypal.ok) {
          ctx.addIssue({ code: 'custom', message: linkProblem(paypal), path: ['paypalLink'] });
          return z.NEVER;
        }
        paypalLink = paypal.url;
      }
    }
    const tags = parseAdminHashtags(form.hashtags);
    if (tags && tags.some((tag) => tag.length > ADMIN_HASHTAG_MAX)) {
      ctx.addIssue({
        code: 'custom',
        message: `Each hashtag must be at most ${ADMIN_HASHTAG_MAX} characters`,
        path: ['hashtags'],
      });
      return z.NEVER;
    }
    if (tags && tags.length > ADMIN_HASHTAGS_PER_GIG) {
      ctx.addIssue({ code: 'custom', message: `At most ${ADMIN_HASHTAGS_PER_GIG} hashtags`, path: ['hashtags'] });
      return z.NEVER;
    }
    return {
      userId: form.userId?.trim() || null,
      title: form.title,
      link: checked.url,
      isPaidOffer: form.isPaidOffer,
      pricePence,
      paypalLink,
      purchaseNote: form.isPaidOffer ? form.purchaseNote : null,
      description: form.description,
      musicTrackName: form.musicTrackName,
      musicCreditLink: form.musicCreditLink,
      /** null: leave the gig's tags as they are (blank field). */
      tags,
    };
  });
export type GigFormInput = z.input<typeof gigFormSchema>;
export type GigFormOutput = z.output<typeof gigFormSchema>;

/** The description counter under the field, "n/500". */
export const descriptionCounter = (text: string | null | undefined) => `${(text ?? '').length}/${GIG_DESCRIPTION_MAX}`;

export const creatorFormSchema = z.strictObject({
  displayName: displayNameText(adminTexts.creators.displayNameRequired, v.displayName, 1),
  /** Optional: a creator without an email is a profile the admin manages, with no login. */
  email: textInput(EMAIL_MAX, v.invalidEmail)
    .optional()
    .nullable()
    .transform((value, ctx) => {
      const email = sanitizeText(value ?? '').toLowerCase();
      if (!email) return null;
      if (!isEmailShape(email)) {
        ctx.addIssue({ code: 'custom', message: v.invalidEmail });
        return z.NEVER;
      }
      return email;
    }),
  bio: optionalText(BIO_MAX),
  location: optionalText(100),
  /** The creator's payment link (used for their private jobs): https only, like the seller's own. */
  paypalLink: optionalPaymentUrl,
});
export type CreatorFormInput = z.input<typeof creatorFormSchema>;
export type CreatorFormOutput = z.output<typeof creatorFormSchema>;

export const EXPORT_TABLES = ['offers', 'users', 'transactions', 'messages'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_TABLE_LABELS: Record<ExportTable, string> = {
  offers: 'Offers',
  users: 'Users',
  transactions: 'Transactions',
  messages: 'Messages',
};
export const exportTableSchema = z.enum(EXPORT_TABLES, { error: adminTexts.export.chooseTable });

export const REVENUE_UNITS = ['day', 'week'] as const;
export type RevenueUnit = (typeof REVENUE_UNITS)[number];
export const analyticsQuerySchema = z.object({ unit: z.enum(REVENUE_UNITS).default('day') });

/** Keyset page requests: an opaque cursor from the previous page. */
export const adminPageQuerySchema = z.object({ cursor: textInput(200).optional() });

/**
 * The creators list also searches (any part of a name, the start of an email or of its domain), and can
 * leave out those who have an offer.
 */
export const adminCreatorsQuerySchema = adminPageQuerySchema.extend({
  q: textInput(100).optional(),
  withoutOffer: z.enum(['1', '0']).optional(),
});

/** A creator's or a gig's id in the address. */
export const adminIdParams = z.object({ id: textInput(100).min(1) });
export const adminUserIdParams = z.object({ userId: textInput(100).min(1) });
export const exportTableParams = z.object({ table: exportTableSchema });
/** The self-test's form has no text fields, only its file. */
export const selfTestFields = z.object({});

/** Approval names the version the admin reviewed (AdminGig.version); a newer one is refused. */
export const approveGigSchema = z.strictObject({
  version: z.coerce.number({ error: 'version is required' }).int().min(1).max(2_147_483_647),
});
export type ApproveGigInput = z.input<typeof approveGigSchema>;
