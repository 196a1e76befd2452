/** The signed-in person, as the server sees them. Never stored in localStorage: the cookie is HttpOnly. */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { texts, type MeResponse, type Viewer } from '@gigreel/core';
import { ApiError, request } from '../../api/client.ts';
import { turnOffPushHere } from '../push/index.ts';

export const viewerKey = ['me'] as const;

const viewerQuery = { queryKey: viewerKey, queryFn: () => request('GET /api/me'), staleTime: 60_000 };

export function useViewer(): { viewer: Viewer | null; loading: boolean; unknown: boolean } {
  const query = useQuery(viewerQuery);
  return {
    viewer: query.data?.viewer ?? null,
    loading: query.isPending,
    unknown: query.isError && query.data === undefined,
  };
}

/** Asks who is signed in as the app starts, before the first render (the guard waits for the answer). */
export function prefetchViewer(client: QueryClient): void {
  void client.prefetchQuery(viewerQuery);
}

/** After a sign-in: learn who is signed in, and refetch everything that was read anonymously. */
export async function afterSignIn(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: viewerKey });
  void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== viewerKey[0] });
}

/** Ends the session on the server and clears what the tab kept (SPEC section 4: storage cleared). */
export async function signOut(): Promise<void> {
  await request('POST /api/auth/sign-out', { body: {} });
  clearStorage();
}

function clearStorage(): void {
  sessionStorage.clear();
  localStorage.clear();
}

/**
 * After a sign-out the guard sends the tab to / before anything else: the viewer turns anonymous in an
 * urgent render while the router's navigation is a transition, so without this the guard would first
 * see an anonymous visitor on a login-only page and send them to /signup.
 */
let leavingAfterSignOut = false;
export const isLeavingAfterSignOut = (): boolean => leavingAfterSignOut;
export const arrivedAfterSignOut = (): void => {
  leavingAfterSignOut = false;
};

/**
 * Forgets every cached answer of the signed-in person and goes to /: the viewer becomes anonymous at
 * once, unused queries are dropped and the ones on screen start again as a visitor. A "who is signed
 * in" question still on its way was answered before the session ended: it is dropped first, or its
 * late answer would sign the tab back in.
 */
export async function clearClientState(client: QueryClient): Promise<void> {
  clearStorage();
  await client.cancelQueries({ queryKey: viewerKey });
  leavingAfterSignOut = true;
  client.setQueryData<MeResponse>(viewerKey, { viewer: null });
  client.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== viewerKey[0] });
  void client.resetQueries({ type: 'active', predicate: (query) => query.queryKey[0] !== viewerKey[0] });
}

/** Log Out from the menus and settings: server session ended, client caches cleared, then / (via the guard). */
export function useLogOut(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    // A device signed out gets no more of this person's pushes (a shared phone, a borrowed laptop).
    await turnOffPushHere().catch(() => undefined);
    try {
      await signOut();
    } catch (error) {
      // A 4xx means the server holds no session for this tab any more: the person is signed out already.
      const alreadyOut = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!alreadyOut) {
        // SPEC section 8: the failure is logged and the person told; nothing is cleared
        console.warn('log out failed', error);
        toast.error(texts.auth.logoutFailed);
        return;
      }
    }
    await clearClientState(client);
  };
}
