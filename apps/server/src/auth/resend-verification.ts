/**
 * "Resend email" on the "Check your email" screen: the verification link again, through Better Auth's
 * own sender (the mail sign-up sends). It answers the same whether or not the address has an account
 * waiting to be verified, and the limits count the address asked about, never whether it exists: three
 * an hour per address with a minute between two, and ten an hour per client address.
 */
import {
  RESEND_COOLDOWN_SECONDS,
  accountTexts,
  waitText,
  AppError,
  type ResendVerificationResponse,
} from '@gigreel/core';
import { takeMailRequest } from '../db/mail-requests.ts';
import type { AppDeps } from '../deps.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

const LIMITS = {
  windowMs: 3_600_000,
  perSubject: 3,
  perAddress: 10,
  cooldownMs: RESEND_COOLDOWN_SECONDS * 1000,
};

export async function resendVerification({
  deps,
  email,
  ipAddress,
}: {
  deps: AppDeps;
  email: string;
  ipAddress: string;
}): Promise<ResendVerificationResponse> {
  const request = await deps.database.db.transaction((tx) =>
    takeMailRequest(tx, { kind: 'verification', subject: email, ipAddress, at: deps.clock.now() }, LIMITS),
  );
  const seconds = Math.ceil(request.retryAfterMs / 1000);
  if (!request.taken) throw new AppError('too_many_mails', accountTexts.resend.tooMany(waitText(seconds)));
  // Asked as nobody (no cookie): Better Auth then mails only an account that is not verified yet.
  const headers = new Headers({ [CLIENT_IP_HEADER]: ipAddress });
  await deps.auth.api.sendVerificationEmail({ body: { email }, headers });
  return {
    title: accountTexts.resend.sent,
    message: accountTexts.resend.sentBody(email),
    retryAfterSeconds: seconds,
  };
}
