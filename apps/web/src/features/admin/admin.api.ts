/** The dashboard's server state: every call goes through api() and upload(), cached per tab. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAnalytics, AdminCreator, AdminDashboard, AdminGig, AdminMessage, AdminPageOf, ApproveGigInput, AuditEntry, CreatorFormInput, ExportTable, RevenueUnit, SelfTestResult,
} from '@gigreel/core';
import { api, ApiError, upload } from '../../api/client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  creators: (q: string, withoutOffer: boolean) => ['admin', 'creators', q, withoutOffer] as const,
  gigs: ['admin', 'gigs'] as const,
  messages: ['admin', 'messages'] as const,
  analytics: (unit: RevenueUnit) => ['admin', 'analytics', unit] as const,
  audit: ['admin', 'audit'] as const,
};

const pageQuery = (cursor: string | null, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard, queryFn: () => api<AdminDashboard>('/api/admin/dashboard') });

export function useCreators(q = '', withoutOffer = false) {
  return useInfiniteQuery({
    queryKey: adminKeys.creators(q, withoutOffer),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<AdminPageOf<AdminCreator>>(`/api/admin/creators${pageQuery(pageParam, { ...(q ? { q } : {}), ...(withoutOffer ? { withoutOffer: '1' } : {}) })}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useGigs() {
  return useInfiniteQuery({
    queryKey: adminKeys.gigs,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<AdminPageOf<AdminGig>>(`/api/admin/gigs${pageQuery(pageParam)}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMessages() {
  return useInfiniteQuery({
    queryKey: adminKeys.messages,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<AdminPageOf<AdminMessage>>(`/api/admin/messages${pageQuery(pageParam)}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<AdminPageOf<AuditEntry>>(`/api/admin/audit-log${pageQuery(pageParam)}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useAnalytics = (unit: RevenueUnit) => useQuery({ queryKey: adminKeys.analytics(unit), queryFn: () => api<AdminAnalytics>(`/api/admin/analytics?unit=${unit}`) });

/** After any change the dashboard's numbers and lists are read again. */
function useRefreshAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSaveCreator() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CreatorFormInput }) =>
      api<{ creator: AdminCreator; message: string }>(id ? `/api/admin/creators/${encodeURIComponent(id)}` : '/api/admin/creators', { method: id ? 'PATCH' : 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteCreator() {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: (id: string) => api<{ message: string }>(`/api/admin/creators/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess: refresh });
}

export function useSaveGig() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, form, onProgress }: { id?: string; form: FormData; onProgress: (fraction: number) => void }) =>
      upload<{ gig: AdminGig; message: string }>(id ? `/api/admin/gigs/${id}` : '/api/admin/gigs', form, onProgress, id ? 'PATCH' : 'POST'),
    onSuccess: refresh,
  });
}

export function useDeleteGig() {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: (id: string) => api<{ message: string }>(`/api/admin/gigs/${id}`, { method: 'DELETE' }), onSuccess: refresh });
}

/**
 * Approves the version of the gig the admin is looking at. Whatever the answer, the lists are read
 * again: after a refusal because the creator edited it meanwhile, the admin sees the new version.
 */
export function useApproveGig() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<{ gig: AdminGig; message: string }>(`/api/admin/offers/${id}/approve`, { method: 'POST', body: { version } satisfies ApproveGigInput }),
    onSettled: refresh,
  });
}

/** The server refused an approval because the gig changed after it was shown. */
export const isChangedSinceOpened = (error: unknown) => error instanceof ApiError && error.code === 'offer_changed';

export function useSelfTest() {
  return useMutation({ mutationFn: (form: FormData) => upload<SelfTestResult>('/api/admin/self-test', form, () => {}) });
}

export const exportCounts = () => api<Record<ExportTable, number>>('/api/admin/export-counts');

export function startImpersonation(userId: string) {
  return api<{ message: string }>(`/api/admin/impersonate/${encodeURIComponent(userId)}`, { method: 'POST', body: {} });
}

export function stopImpersonation() {
  return api<{ title: string; message: string }>('/api/admin/impersonation/stop', { method: 'POST', body: {} });
}
