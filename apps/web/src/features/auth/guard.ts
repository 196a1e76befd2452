/**
 * The route guard of SPEC section 2, as one pure function so every rule is unit-tested. The server
 * still checks every request; this only sends people to the right screen.
 */
import { ADMIN_MAY_STAY, accessFor, texts, type Viewer } from '@gigreel/core';

export type GuardToast = { title: string; description: string; destructive?: boolean };
export type GuardDecision = { to: string; toast?: GuardToast; savePath?: string; markPostLoginChecked?: boolean; consumeSavedPath?: boolean } | null;

export type GuardInput = {
  pathname: string;
  search: string;
  viewer: Viewer | null;
  savedPath: string | null;
  postLoginChecked: boolean;
};

export function decideRoute({ pathname, search, viewer, savedPath, postLoginChecked }: GuardInput): GuardDecision {
  const access = accessFor(pathname);
  const query = new URLSearchParams(search);
  if (pathname !== '/password-reset' && query.get('type') === 'recovery' && (query.has('access_token') || query.has('refresh_token') || query.has('token'))) {
    return { to: `/password-reset${search}` };
  }
  if (!viewer) {
    if (access === 'admin') {
      return { to: '/login', savePath: pathname + search, toast: { title: texts.auth.required, description: texts.auth.adminLoginRequired, destructive: true } };
    }
    if (access === 'login') return { to: '/signup', savePath: pathname + search };
    return null;
  }
  if (pathname === '/login' || pathname === '/signup') {
    if (savedPath && (viewer.isAdmin || accessFor(savedPath.split('?')[0] ?? '/') !== 'admin')) return { to: savedPath, consumeSavedPath: true };
    if (viewer.isAdmin) return { to: '/admin', consumeSavedPath: true };
    return { to: viewer.hasOffer ? '/' : '/post', consumeSavedPath: true, markPostLoginChecked: true };
  }
  if (access === 'admin' && !viewer.isAdmin) {
    return { to: '/', toast: { title: texts.auth.accessDenied, description: texts.auth.accessDeniedBody, destructive: true } };
  }
  if (viewer.isAdmin && access !== 'admin' && access !== null && !ADMIN_MAY_STAY.has(pathname)) return { to: '/admin' };
  if (pathname === '/' && !viewer.isAdmin && !postLoginChecked) {
    return viewer.hasOffer ? { to: '', markPostLoginChecked: true } : { to: '/post', markPostLoginChecked: true };
  }
  return null;
}
