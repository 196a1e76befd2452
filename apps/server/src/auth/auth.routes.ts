/**
 * The auth API (auth.api.ts in core). Only these routes exist under /api/auth: Better Auth is called
 * through its server API, never exposed whole, so none of its other endpoints (get-session, which
 * returns the session token in its body; change-email; delete-user; list-sessions ...) can be reached
 * from outside.
 */
import { texts } from '@gigreel/core';
import { feature } from '../http/declare.ts';
import {
  logIn,
  requestPasswordReset,
  resetPassword,
  signOut,
  signUp,
  unlockLogin,
  verifyEmail,
} from './auth.service.ts';
import { authHeaders, forwardCookies } from './bridge.ts';
import { resendVerification } from './resend-verification.ts';
import { markSignUpBrowser } from './sign-up-browser.ts';
import { loadViewer, toViewer } from './viewer.ts';

export const auth = feature('auth', ({ deps, route }) => {
  route('GET /api/me', async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const viewer = await loadViewer(deps, request, reply);
    return { viewer: viewer ? await toViewer(deps, viewer) : null };
  });

  route('POST /api/auth/sign-up/email', async ({ request, reply, body }) => {
    const userId = await signUp({ deps, input: body, ipAddress: request.ip, headers: authHeaders(request) });
    reply.header('set-cookie', markSignUpBrowser(deps.config, userId));
    return { title: texts.auth.accountCreated, message: texts.auth.accountCreatedBody };
  });

  route('POST /api/auth/sign-in/email', async ({ request, reply, body }) => {
    const response = await logIn({ deps, input: body, ipAddress: request.ip, headers: authHeaders(request) });
    forwardCookies(reply, response.headers);
    return { message: texts.auth.welcomeBack };
  });

  route('POST /api/auth/sign-out', async ({ request, reply }) => {
    const viewer = await loadViewer(deps, request);
    const headers = await signOut({ deps, sessionId: viewer?.sessionId ?? null, headers: authHeaders(request) });
    forwardCookies(reply, headers);
    return { message: texts.auth.signedOut };
  });

  route('GET /api/auth/verify-email', async ({ request, reply, query }) => {
    const { location, cookies } = await verifyEmail({
      deps,
      token: query.token ?? null,
      cookieHeader: request.headers.cookie,
      headers: authHeaders(request),
    });
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  route('POST /api/auth/resend-verification', ({ request, body }) =>
    resendVerification({ deps, email: body.email, ipAddress: request.ip }),
  );

  route('GET /api/auth/unlock', async ({ reply, query }) => {
    const location = await unlockLogin({ deps, token: query.token ?? null });
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  route('POST /api/auth/forgot-password', async ({ request, body }) => {
    await requestPasswordReset({ deps, email: body.email, headers: authHeaders(request) });
    return { title: texts.auth.resetSent, message: texts.auth.resetSentBody };
  });

  route('POST /api/auth/reset-password', async ({ request, reply, body }) => {
    const response = await resetPassword({ deps, input: body, headers: authHeaders(request) });
    forwardCookies(reply, response.headers);
    return { message: texts.auth.passwordUpdated };
  });
});
