/**
 * The browser that signed up carries an HttpOnly cookie signed for the new account. Only there does the
 * verification link sign the person in: anyone else who opens the link (it can be sent to a victim,
 * even as a "payment link") verifies the address but gets no session in the account.
 */
import type { Config } from '../config.ts';
import { readCookie, setCookieLine, signToken, verifySignedToken } from './signed-cookie.ts';

const SIGN_UP_COOKIE = 'gigreel.sign_up';
/** Sent only to the verification link, for as long as the link works. */
const COOKIE_PATH = '/api/auth/verify-email';
const LIFETIME_SECONDS = 24 * 3600;
const purpose = (userId: string) => `sign-up:${userId}`;

export function markSignUpBrowser(config: Config, userId: string): string {
  return setCookieLine(SIGN_UP_COOKIE, signToken(purpose(userId), config.authSecret), {
    maxAge: LIFETIME_SECONDS,
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

export function forgetSignUpBrowser(config: Config): string {
  return setCookieLine(SIGN_UP_COOKIE, '', {
    maxAge: 0,
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/** True when this request comes from the browser that created this account. */
export function signedUpHere(config: Config, cookieHeader: string | undefined, userId: string): boolean {
  return verifySignedToken(readCookie(cookieHeader, SIGN_UP_COOKIE), config.authSecret) === purpose(userId);
}
