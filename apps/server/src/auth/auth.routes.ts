/**
 * The auth API. Only these routes exist under /api/auth: Better Auth is called through its server
 * API, never exposed whole, so none of its other endpoints (get-session, which returns the session
 * token in its body; change-email; delete-user; list-sessions ...) can be reached from outside.
 */
import type { FastifyInstance } from 'fastify';
import { forgotPasswordInput, loginInput, resetPasswordInput, signOutInput, signUpInput, texts, verifyEmailQuery, type MeResponse } from '@gigreel/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parse } from '../http/errors.ts';
import { logIn, requestPasswordReset, resetPassword, signOut, signUp, unlockLogin, verifyEmail } from './auth.service.ts';
import { authHeaders, forwardCookies } from './bridge.ts';
import { markSignUpBrowser } from './sign-up-browser.ts';
import { loadViewer, toViewer } from './viewer.ts';

/** The mailed unlock link: only its token is read. */
const unlockQuery = z.object({ token: z.string().min(1).max(100) });

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/me', async (request, reply): Promise<MeResponse> => {
    reply.header('cache-control', 'no-store');
    const viewer = await loadViewer(deps, request, reply);
    return { viewer: viewer ? await toViewer(deps, viewer) : null };
  });

  app.post('/api/auth/sign-up/email', async (request, reply) => {
    const input = parse(signUpInput, request.body);
    const userId = await signUp(deps, input, request.ip, authHeaders(request));
    reply.header('set-cookie', markSignUpBrowser(deps.config, userId));
    return reply.status(201).send({ title: texts.auth.accountCreated, message: texts.auth.accountCreatedBody });
  });

  app.post('/api/auth/sign-in/email', async (request, reply) => {
    const input = parse(loginInput, request.body);
    const response = await logIn(deps, input, request.ip, authHeaders(request));
    forwardCookies(reply, response.headers);
    return { message: texts.auth.welcomeBack };
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    parse(signOutInput, request.body);
    const viewer = await loadViewer(deps, request);
    const headers = await signOut(deps, viewer, authHeaders(request));
    forwardCookies(reply, headers);
    return { message: texts.auth.signedOut };
  });

  app.get('/api/auth/verify-email', async (request, reply) => {
    const query = verifyEmailQuery.safeParse(request.query);
    const { location, cookies } = await verifyEmail(deps, query.success ? query.data.token : null, request.headers.cookie, authHeaders(request));
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  app.get('/api/auth/unlock', async (request, reply) => {
    const query = unlockQuery.safeParse(request.query);
    const location = await unlockLogin(deps, query.success ? query.data.token : null);
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  app.post('/api/auth/forgot-password', async (request) => {
    const { email } = parse(forgotPasswordInput, request.body);
    await requestPasswordReset(deps, email, authHeaders(request));
    return { title: texts.auth.resetSent, message: texts.auth.resetSentBody };
  });

  app.post('/api/auth/reset-password', async (request, reply) => {
    const input = parse(resetPasswordInput, request.body);
    const response = await resetPassword(deps, input, authHeaders(request));
    forwardCookies(reply, response.headers);
    return { message: texts.auth.passwordUpdated };
  });
}
