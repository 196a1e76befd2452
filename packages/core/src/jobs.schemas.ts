/**
 * Private jobs (SPEC sections 2, 4, 5, 7); their part of the route table is jobs.api.ts. Routes:
 *   POST /api/jobs                        multipart: PrivateJobFields as text fields + files "files" -> { job: PrivateJob, orderId, message }
 *   GET  /api/jobs/inbox?cursor=          jobs sent to the viewer, newest first -> JobList (one page)
 *   GET  /api/jobs/sent?cursor=           jobs the viewer sent, newest first -> JobList (one page)
 *   POST /api/jobs/:id/status             { status: accepted | declined } recipient only, while pending -> { job, message }
 *   GET  /api/jobs/:id/files/:fileId      sender, recipient and admins only; always an attachment
 */
import { z } from 'zod';
import { DELIVERY_TIMES, JOB_STATUSES, MB, ORDER_STATUSES } from './constants.ts';
import { jobsTexts } from './jobs.texts.ts';
import { parsePriceToPence } from './money.ts';
import { sanitizeText } from './sanitize.ts';
import { textInput } from './text-input.ts';

export const PRIVATE_JOB_TITLE_MAX = 120;
export const PRIVATE_JOB_DESCRIPTION_MAX = 2000;
/** SPEC says 20 MB each but never enforced it; we do. */
export const PRIVATE_JOB_FILE_MAX = 20 * MB;
export const PRIVATE_JOB_MAX_FILES = 10;
/** SPEC's image, video, pdf, docx and zip, as the exact types a file's bytes may be detected as (SVG is left out: it can carry script). */
export const PRIVATE_JOB_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/gif', ext: 'gif' },
  { mime: 'image/webp', ext: 'webp' },
  { mime: 'image/heic', ext: 'heic' },
  { mime: 'image/avif', ext: 'avif' },
  { mime: 'video/mp4', ext: 'mp4' },
  { mime: 'video/quicktime', ext: 'mov' },
  { mime: 'video/webm', ext: 'webm' },
  { mime: 'application/pdf', ext: 'pdf' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  { mime: 'application/zip', ext: 'zip' },
] as const;
/** For the file picker (a hint only; the server decides by the bytes): image, video, pdf, docx, zip. */
export const PRIVATE_JOB_ACCEPT =
  'image/*,video/*,.pdf,application/pdf,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.zip,application/zip';

/** What the picker lets through before upload (the server decides again by the bytes). */
export function looksLikeJobFile(file: { name: string; type: string }): boolean {
  if (/^(image|video)\//.test(file.type) && file.type !== 'image/svg+xml') return true;
  return (
    /\.(pdf|docx|zip)$/i.test(file.name) ||
    [
      'application/pdf',
      'application/zip',
      'application/x-zip-compressed',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ].includes(file.type)
  );
}

const titleTooLong = `Title must be at most ${PRIVATE_JOB_TITLE_MAX} characters`;
const descriptionTooLong = `Description must be at most ${PRIVATE_JOB_DESCRIPTION_MAX} characters`;
/** Free text may arrive at twice its limit, as sanitising can shorten it. */
const clean = (max: number, tooLong: string, notText = tooLong) =>
  textInput(max * 2, tooLong, notText).transform(sanitizeText);

/** The form and the multipart text fields, the same schema on both sides. */
export const privateJobFields = z.strictObject({
  title: clean(PRIVATE_JOB_TITLE_MAX, titleTooLong, jobsTexts.titleRequired).pipe(
    z.string().min(1, jobsTexts.titleRequired).max(PRIVATE_JOB_TITLE_MAX, titleTooLong),
  ),
  description: clean(PRIVATE_JOB_DESCRIPTION_MAX, descriptionTooLong)
    .pipe(z.string().max(PRIVATE_JOB_DESCRIPTION_MAX, descriptionTooLong))
    .optional(),
  deliveryTime: z.enum(DELIVERY_TIMES, { error: jobsTexts.deliveryTimeRequired }),
  /** Pounds as typed ("30", "£30.50"); empty means no budget. */
  budget: textInput(20, jobsTexts.invalidBudget)
    .optional()
    .refine((value) => !value?.trim() || parsePriceToPence(value) !== null, jobsTexts.invalidBudget),
});
export type PrivateJobFieldsInput = z.input<typeof privateJobFields>;
export type PrivateJobFields = z.output<typeof privateJobFields>;

/** The budget field in pence, or null when left empty. */
export function budgetToPence(budget: string | undefined): number | null {
  return budget?.trim() ? parsePriceToPence(budget) : null;
}

export const jobIdParams = z.object({ id: z.uuid({ error: jobsTexts.notFound }) });
export const jobFileParams = z.object({
  id: z.uuid({ error: jobsTexts.fileNotFound }),
  fileId: z.uuid({ error: jobsTexts.fileNotFound }),
});
export const jobStatusInput = z.strictObject({
  status: z.enum(['accepted', 'declined'], { error: 'Choose accepted or declined.' }),
});

export const privateJobFile = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});
export type PrivateJobFile = z.output<typeof privateJobFile>;

const jobParty = z.object({ id: z.string(), displayName: z.string() });
export const privateJob = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  deliveryTime: z.enum(DELIVERY_TIMES),
  budgetPence: z.number().int().nullable(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  sender: jobParty,
  recipient: jobParty,
  files: z.array(privateJobFile),
  /** The job's order; paymentConfirmed once the designer confirmed the money arrived (or delivered). */
  order: z.object({ id: z.string(), status: z.enum(ORDER_STATUSES), paymentConfirmed: z.boolean() }).nullable(),
});
export type PrivateJob = z.output<typeof privateJob>;

/** A jobs list page request: the opaque nextCursor of the page before; without it, the first page. */
export const jobListQuery = z.object({ cursor: textInput(200).optional() });

/** One page of private jobs, newest first; nextCursor is where the next page starts, or null on the last. */
export const jobList = z.object({ jobs: z.array(privateJob), nextCursor: z.string().nullable() });
export type JobList = z.output<typeof jobList>;
