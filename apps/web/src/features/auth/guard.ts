/**
 * The route guard of SPEC section 2, as one pure function so every rule is unit-tested. The server
 * still checks every request; this only sends people to the right screen.
 *
 * Rules, in the order they apply:
 * 1. A recovery link (type=recovery with a token, or the access and refresh tokens) opens
 *    /password-reset with the same query string, whoever is signed in.
 * 2. Anonymous: public pages and unknown paths (the 404 page) are shown; /admin saves the path for
 *    after login and goes to /login ("Authentication Required"); every other restricted path goes to
 *    /signup with "Sign Up Required" (an info toast: nothing went wrong). Only /admin saves a path:
 *    SPEC names no other.
 * 3. Signed in on /login or /signup: the saved path if one exists (an /admin path only for admins),
 *    else /admin for admins, else the designer's inbox (/agent-jobs) for the designer, else / or
 *    /post by the post-login check (has the person an offer?).
 * 4. Signed-in non-admin on /admin: / with "Access Denied".
 * 5. Admin on any other page of the product except /password-reset: /admin.
 * 6. Signed-in non-admin on /: the same post-login check, once per session (the designer: their inbox).
 * The outcome of an email-verification link (/?verified=1, or with &error=...; /login?verified=1 when
 * it was opened in a browser that did not sign up), of an unlock link (/login?unlocked=1) or of a new
 * address's confirmation link (/settings?emailChanged=1 in the browser signed in to that account,
 * /login?emailChanged=1 elsewhere) adds its toast and drops those parameters from the address.
 */
import { ADMIN_MAY_STAY, accessFor, accountTexts, adminTexts, texts, type Viewer } from '@gigreel/core';

/** A toast is a success unless it is `destructive` (an error) or `info` (a notice, such as "Sign Up Required"). */
type GuardToast = { title: string; description?: string; destructive?: boolean; info?: boolean };
export type GuardDecision = {
  /** Where to go instead (replacing the current entry); absent means stay. */
  to?: string;
  toast?: GuardToast;
  savePath?: string;
  consumeSavedPath?: boolean;
  markPostLoginChecked?: boolean;
} | null;

export type GuardInput = {
  pathname: string;
  search: string;
  viewer: Viewer | null;
  /** The path saved before an anonymous visit to /admin was sent to /login. */
  savedPath: string | null;
  /** Whether the post-login check already ran for this viewer in this tab. */
  postLoginChecked: boolean;
  /** The server could not say who is signed in (it failed, or could not be reached). */
  viewerUnknown?: boolean;
};

const LINK_PARAMS = ['verified', 'unlocked', 'emailChanged', 'error'];

export function decideRoute(input: GuardInput): GuardDecision {
  const path = normalize(input.pathname);
  const query = new URLSearchParams(input.search);
  if (path !== '/password-reset' && isRecoveryQuery(query)) return { to: `/password-reset${input.search}` };

  const linkToast =
    path === '/'
      ? verificationToast(query)
      : path === '/login'
        ? loginLinkToast(query)
        : path === '/settings'
          ? emailChangeToast(query, input.viewer)
          : undefined;
  const decision = decide({ ...input, pathname: path });
  if (!linkToast) return decision;
  for (const name of LINK_PARAMS) query.delete(name);
  const rest = query.toString();
  return { ...decision, to: decision?.to ?? (rest ? `${path}?${rest}` : path), toast: linkToast };
}

function decide({ pathname, search, viewer, savedPath, postLoginChecked, viewerUnknown }: GuardInput): GuardDecision {
  const access = accessFor(pathname);
  // SPEC section 8: the permission check itself failed, which is not the same as being refused.
  if (viewerUnknown && access === 'admin')
    return { to: '/', toast: { title: adminTexts.verifyFailed, destructive: true } };
  if (!viewer) {
    if (access === 'admin') {
      return {
        to: '/login',
        savePath: pathname + search,
        toast: { title: texts.auth.required, description: texts.auth.adminLoginRequired, destructive: true },
      };
    }
    if (access === 'login')
      return {
        to: '/signup',
        toast: { title: texts.auth.signUpRequired, description: texts.auth.signUpRequiredBody, info: true },
      };
    return null;
  }
  if (pathname === '/login' || pathname === '/signup') {
    const savedIsAdmin = savedPath !== null && accessFor(savedPath.split('?')[0] ?? '/') === 'admin';
    if (savedPath && (!savedIsAdmin || viewer.isAdmin)) return { to: savedPath, consumeSavedPath: true };
    if (viewer.isAdmin) return { to: '/admin', consumeSavedPath: true };
    return { to: homeAfterLogin(viewer), consumeSavedPath: true, markPostLoginChecked: true };
  }
  if (access === 'admin') {
    if (viewer.isAdmin) return null;
    return {
      to: '/',
      toast: { title: texts.auth.accessDenied, description: texts.auth.accessDeniedBody, destructive: true },
    };
  }
  if (viewer.isAdmin) return access !== null && !ADMIN_MAY_STAY.has(pathname) ? { to: '/admin' } : null;
  if (pathname === '/' && !postLoginChecked) {
    const home = homeAfterLogin(viewer);
    return home === '/' ? { markPostLoginChecked: true } : { to: home, markPostLoginChecked: true };
  }
  return null;
}

/** Where a signed-in non-admin starts: the designer in their inbox, anyone else in the feed, or on /post without an offer. */
function homeAfterLogin(viewer: Viewer): string {
  if (viewer.isDesigner) return '/agent-jobs';
  return viewer.hasOffer ? '/' : '/post';
}

/** SPEC: "query parameters for an access token, a refresh token and type=recovery"; our mails carry one token. */
function isRecoveryQuery(query: URLSearchParams): boolean {
  if (query.get('type') !== 'recovery') return false;
  return query.has('token') || (query.has('access_token') && query.has('refresh_token'));
}

function verificationToast(query: URLSearchParams): GuardToast | undefined {
  if (!query.has('verified')) return undefined;
  if (query.has('error')) return { title: texts.auth.verifyLinkInvalid, destructive: true };
  return { title: texts.auth.emailVerified };
}

/** On /login: a verification link opened elsewhere than the sign-up ("please log in"), or an unlock link. */
function loginLinkToast(query: URLSearchParams): GuardToast | undefined {
  if (query.has('unlocked'))
    return query.has('error')
      ? { title: texts.auth.unlockLinkInvalid, destructive: true }
      : { title: texts.auth.accountUnlocked };
  if (query.has('verified'))
    return query.has('error')
      ? { title: texts.auth.verifyLinkInvalid, destructive: true }
      : { title: texts.auth.emailVerifiedLogIn };
  if (query.has('emailChanged')) return emailChangeToast(query, null);
  return undefined;
}

/** A new address's confirmation link: changed (the viewer's email is the new one), or why not. */
function emailChangeToast(query: URLSearchParams, viewer: Viewer | null): GuardToast | undefined {
  if (!query.has('emailChanged')) return undefined;
  const error = query.get('error');
  if (error === 'EMAIL_TAKEN') return { title: accountTexts.email.linkTaken, destructive: true };
  if (error !== null) return { title: accountTexts.email.linkInvalid, destructive: true };
  if (!viewer) return { title: accountTexts.email.changedLogIn };
  return { title: accountTexts.email.changed(viewer.email) };
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
