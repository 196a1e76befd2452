/** The signed-in person, as the server sees them. Never stored in localStorage: the cookie is HttpOnly. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Viewer } from '@gigreel/core';
import { api } from '../../api/client.ts';

export const viewerKey = ['me'] as const;

export function useViewer(): { viewer: Viewer | null; loading: boolean } {
  const query = useQuery({ queryKey: viewerKey, queryFn: () => api<MeResponse>('/api/me'), staleTime: 60_000 });
  return { viewer: query.data?.viewer ?? null, loading: query.isPending };
}

export function useRefreshViewer(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: viewerKey });
  };
}

/** Ends the session on the server, clears every client cache, and goes to / (SPEC section 4). */
export async function signOut(): Promise<void> {
  await api('/api/auth/sign-out', { method: 'POST', body: {} });
  sessionStorage.clear();
  localStorage.clear();
}
