/**
 * Sign-up, sign-in, the mailed links and who is signed in, in the route table (api.ts). Only these
 * routes exist under /api/auth: Better Auth is called through its server API, never exposed whole.
 */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';
import {
  authMessage,
  authNotice,
  forgotPasswordInput,
  loginInput,
  meResponse,
  resetPasswordInput,
  signOutInput,
  signUpInput,
  unlockQuery,
  verifyEmailQuery,
} from './auth.schemas.ts';

/**
 * A mailed link's query: a token that is missing, repeated or malformed is read as no token, so every
 * failure lands on the web app's page with an error instead of a bare 400.
 */
const linkQuery = (token: z.ZodType<string>) => z.object({ token: token.optional().catch(undefined) });

export const authApi = defineApi({
  'GET /api/me': {
    caller: 'anyone',
    summary: 'Who is signed in (null for a visitor), with what the web app may show them',
    response: meResponse,
  },
  'POST /api/auth/sign-up/email': {
    caller: 'anyone',
    summary: 'Create an account (unverified) and mail its verification link',
    body: signUpInput,
    response: authNotice,
    status: 201,
  },
  'POST /api/auth/sign-in/email': {
    caller: 'anyone',
    summary: 'Log in with email and password (the attempt limiter applies); sets the session cookie',
    body: loginInput,
    response: authMessage,
  },
  'POST /api/auth/sign-out': {
    caller: 'anyone',
    summary: 'End the session on the server, then clear its cookie',
    body: signOutInput,
    response: authMessage,
  },
  'GET /api/auth/verify-email': {
    caller: 'anyone',
    summary: 'The mailed verification link: verifies the address, and signs in only in the browser that signed up',
    query: linkQuery(verifyEmailQuery.shape.token),
    response: rawResponse(302, null, 'A redirect to the web app, with the outcome in its query'),
  },
  'GET /api/auth/unlock': {
    caller: 'anyone',
    summary: "The mailed unlock link: the account's login failures stop counting",
    query: linkQuery(unlockQuery.shape.token),
    response: rawResponse(302, null, 'A redirect to the login screen, with the outcome in its query'),
  },
  'POST /api/auth/forgot-password': {
    caller: 'anyone',
    summary: 'Mail a password reset link; answers the same whether or not the email has an account',
    body: forgotPasswordInput,
    response: authNotice,
  },
  'POST /api/auth/reset-password': {
    caller: 'anyone',
    summary: 'Set a new password from a mailed link and sign in; ends every other session',
    body: resetPasswordInput,
    response: authMessage,
  },
});
