/**
 * Better Auth does passwords, email verification, reset tokens and sessions (HttpOnly cookies stored
 * in the sessions table). Sessions expire 30 minutes after the last request (SPEC section 9), refreshed
 * at most once a minute, so inactivity signs a person out on the server too.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { INACTIVITY_LOGOUT_MS } from '@gigreel/core';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import { mailHtml } from '../platform/mailer.ts';
import type { Outbox } from '../platform/outbox.ts';
import { grantAdminIfListed } from './roles.queries.ts';

/** Set by the server from Fastify's request.ip; a client's own copy is always replaced. */
export const CLIENT_IP_HEADER = 'x-gigreel-client-ip';

export type AuthDeps = { config: Config; db: Db; outbox: Outbox };

/**
 * The verification and reset mails go through the mail outbox like every other mail. Better Auth writes
 * the reset token (and makes the verification token, a signed JWT with no row) outside any transaction
 * of ours, then calls these: the mail is written right after, in a statement of its own, so it is kept
 * before the request answers and sent, retried, by the queue.
 */
export function createAuth({ config, db, outbox }: AuthDeps) {
  return betterAuth({
    appName: 'GigReel',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { users, sessions, accounts, verifications } }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: INACTIVITY_LOGOUT_MS / 1000,
      updateAge: 60,
      additionalFields: { impersonatedBy: { type: 'string', required: false, input: false } },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
        await outbox.mail(db, {
          to: user.email,
          subject: 'Reset your GigReel password',
          text: `Hi ${user.name},\n\nSomeone asked to reset the password of your GigReel account. Open this link within an hour to choose a new one:\n\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
          html: mailHtml(
            [
              `Hi ${user.name},`,
              'Someone asked to reset the password of your GigReel account. The link works for one hour.',
              'If it was not you, ignore this mail; your password stays as it is.',
            ],
            { label: 'Choose a new password', url },
          ),
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link signs in only in the browser that signed up, which Better Auth cannot tell (auth.service.ts verifyEmail).
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        await outbox.mail(db, {
          to: user.email,
          subject: 'Verify your GigReel account',
          text: `Hi ${user.name},\n\nWelcome to GigReel. Open this link to verify your email address:\n\n${url}\n\nThe link works for 24 hours.`,
          html: mailHtml(
            [
              `Hi ${user.name},`,
              'Welcome to GigReel. Verify your email address to start posting and supporting offers.',
            ],
            { label: 'Verify my email', url },
          ),
          link: url,
        });
      },
    },
    // Better Auth is only called through its server API (auth.routes.ts); the cross-site rule for
    // every request is enforced in http/security.ts.
    trustedOrigins: [config.publicUrl],
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'gigreel',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await grantAdminIfListed(db, user.id, user.email, config.adminEmails);
          },
        },
      },
    },
    logger: { level: config.env === 'test' ? 'error' : 'warn' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
