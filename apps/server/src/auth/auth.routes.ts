import type { FastifyInstance } from 'fastify';
import { forgotPasswordInput, loginInput, resetPasswordInput, signUpInput, texts, type MeResponse } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { parse } from '../http/errors.ts';
import { logIn, requestPasswordReset, resetPassword, signUp } from './auth.service.ts';
import { authHeaders, forwardCookies, sendWebResponse, toWebRequest } from './bridge.ts';
import { loadViewer, toViewer } from './viewer.ts';

/** Better Auth endpoints the product uses as they are; the rest of its surface stays closed. */
const PASS_THROUGH = new Set(['GET /api/auth/verify-email', 'POST /api/auth/sign-out', 'GET /api/auth/get-session', 'POST /api/auth/send-verification-email']);

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/me', async (request, reply): Promise<MeResponse> => {
    const viewer = await loadViewer(deps, request, reply);
    return { viewer: viewer ? await toViewer(deps, viewer) : null };
  });

  app.post('/api/auth/sign-up/email', async (request, reply) => {
    const input = parse(signUpInput, request.body);
    await signUp(deps, input, authHeaders(request));
    return reply.status(201).send({ title: texts.auth.accountCreated, message: texts.auth.accountCreatedBody });
  });

  app.post('/api/auth/sign-in/email', async (request, reply) => {
    const input = parse(loginInput, request.body);
    const response = await logIn(deps, input, request.ip, authHeaders(request));
    forwardCookies(reply, response.headers);
    return { message: texts.auth.welcomeBack };
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

  app.all('/api/auth/*', async (request, reply) => {
    const key = `${request.method} ${request.url.split('?')[0]}`;
    if (!PASS_THROUGH.has(key)) return reply.status(404).send({ error: { code: 'not_found', message: `No route ${key}` } });
    const response = await deps.auth.handler(toWebRequest(request));
    return sendWebResponse(reply, response);
  });
}
