/**
 * The API's errors: a closed set of codes, each with its one HTTP status. Services throw AppError
 * wherever they run (no HTTP import needed); the server's error handler sends
 * `{ error: { code, message, field? } }` with the code's status, and the web app's ApiError carries
 * the same code, so both sides switch on one union.
 */
import { texts } from './texts.ts';

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_reset_link: 400,
  wrong_password: 400,
  media_required: 400,
  unauthorized: 401,
  admin_session_ended: 401,
  invalid_credentials: 401,
  forbidden: 403,
  email_not_verified: 403,
  account_suspended: 403,
  link_expired: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  creator_has_offer: 409,
  no_payment_link: 409,
  offer_changed: 409,
  too_large: 413,
  file_too_large: 413,
  request_too_large: 413,
  too_long: 414,
  unsupported_media_type: 415,
  invalid_file_type: 415,
  media_too_long_or_large: 422,
  too_many_attempts: 429,
  too_many_sign_ups: 429,
  too_many_mails: 429,
  too_many_jobs: 429,
  too_many_messages: 429,
  too_many_orders: 429,
  too_many_people: 429,
  too_many_follows: 409,
  too_many_open_orders: 429,
  too_many_shares: 429,
  too_many_events: 429,
  media_busy: 429,
  internal: 500,
  login_failed: 500,
  sign_up_failed: 500,
  sign_out_failed: 500,
  no_designer: 503,
  unavailable: 503,
  storage_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, field?: string) => new AppError('bad_request', message, field);
export const unauthorized = (message: string = texts.auth.notSignedIn) => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** The one error shape of the API: `{ error: { code, message } }` with an HTTP status. */
export type ApiErrorBody = { error: { code: ErrorCode; message: string; field?: string } };
