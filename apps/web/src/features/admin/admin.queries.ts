/** The dashboard's server state over the typed client (request / sendForm), cached per tab. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  adminTexts,
  type AppealOutcome,
  type CreatorFormInput,
  type DisputeOutcome,
  type ExportCounts,
  type ExportTable,
  reportsTexts,
  type ReportReason,
  type RevenueUnit,
} from '@gigreel/core';
import { ApiError, request, sendForm } from '../../api/client.ts';
import { ordersKey } from '../orders/index.ts';
import { disputesTexts, isNoLongerDisputed } from './disputes.ts';
import { isAlreadyDecided, isAlreadyHandled, reportsTabTexts, type SuspensionDays } from './reports.ts';

const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  creators: (q: string, withoutOffer: boolean) => ['admin', 'creators', q, withoutOffer] as const,
  gigs: ['admin', 'gigs'] as const,
  messages: ['admin', 'messages'] as const,
  disputes: ['admin', 'disputes'] as const,
  reports: ['admin', 'reports'] as const,
  appeals: ['admin', 'appeals'] as const,
  analytics: (unit: RevenueUnit) => ['admin', 'analytics', unit] as const,
  audit: ['admin', 'audit'] as const,
};

/** The server's message, or the given text when there is none. */
const messageOr = (fallback: string) => (error: Error) => error.message || fallback;

/** Every list pages by the opaque cursor of the page before. */
const pages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};
const cursorOf = (pageParam: string | null) => pageParam ?? undefined;

export const useDashboard = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: () => request('GET /api/admin/dashboard') });

export function useCreators(q = '', withoutOffer = false) {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.creators(q, withoutOffer),
    queryFn: ({ pageParam }) =>
      request('GET /api/admin/creators', {
        query: { q: q || undefined, withoutOffer: withoutOffer ? '1' : undefined, cursor: cursorOf(pageParam) },
      }),
  });
}

export function useGigs() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.gigs,
    queryFn: ({ pageParam }) => request('GET /api/admin/gigs', { query: { cursor: cursorOf(pageParam) } }),
  });
}

export function useMessages() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.messages,
    queryFn: ({ pageParam }) => request('GET /api/admin/messages', { query: { cursor: cursorOf(pageParam) } }),
  });
}

/** The open disputes, the longest waiting first. */
export function useDisputes() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.disputes,
    queryFn: ({ pageParam }) => request('GET /api/admin/disputes', { query: { cursor: cursorOf(pageParam) } }),
  });
}

/** The open report cases, most reported first, then newest. */
export function useReportCases() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.reports,
    queryFn: ({ pageParam }) => request('GET /api/admin/reports', { query: { cursor: cursorOf(pageParam) } }),
  });
}

/** The appeals waiting for an admin, the longest waiting first. */
export function useAppeals() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.appeals,
    queryFn: ({ pageParam }) => request('GET /api/admin/appeals', { query: { cursor: cursorOf(pageParam) } }),
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    ...pages,
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) => request('GET /api/admin/audit-log', { query: { cursor: cursorOf(pageParam) } }),
  });
}

export const useAnalytics = (unit: RevenueUnit) =>
  useQuery({
    queryKey: adminKeys.analytics(unit),
    queryFn: () => request('GET /api/admin/analytics', { query: { unit } }),
  });

/** After any change the dashboard's numbers and lists are read again. */
function useRefreshAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

/**
 * Resolves the dispute on an order. After it, or after a refusal because the order is no longer
 * disputed (someone acted first), the dashboard's lists and every order query are read again.
 */
export function useResolveDispute() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: ordersKey }),
    ]);
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: DisputeOutcome; note: string }) =>
      request('POST /api/admin/disputes/:id/resolve', { params: { id }, body: { outcome, note } }),
    // Said here, not in mutate's callbacks: the refreshed list drops the dispute and unmounts its dialog,
    // and TanStack Query skips the callbacks of a component that is gone.
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isNoLongerDisputed(error)) void refresh();
    },
    meta: { errorTitle: disputesTexts.resolveFailed },
  });
}

/**
 * After a report case or an appeal is handled, or refused because it already was (another admin acted
 * first): the reports list and the rest of the dashboard (the appeals among it) are read again, and the
 * feed (a hidden offer leaves it; one shown again on appeal returns).
 */
function useRefreshReports() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.reports }),
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: ['feed'] }),
    ]);
}

/** Dismisses a case. Its failure is a toast: an already handled case's alone is the server's word. */
export function useDismissReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: string) => request('POST /api/admin/reports/:id/dismiss', { params: { id }, body: {} }),
    // said here: the refreshed list drops the case and unmounts the card that asked
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isAlreadyHandled(error)) void refresh();
    },
    meta: {
      errorTitle: (error) =>
        isAlreadyHandled(error) ? error.message || reportsTexts.closed : reportsTabTexts.dismissFailed,
      errorDescription: (error) => (isAlreadyHandled(error) ? undefined : error.message),
    },
  });
}

/** Hides a reported offer with the rule it broke and why. Its failure is said by the form (a 409 as a toast). */
export function useHideReportedOffer() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, rule, note }: { id: string; rule: ReportReason; note: string }) =>
      request('POST /api/admin/reports/:id/hide', { params: { id }, body: { rule, note } }),
    // said here: the refreshed list drops the case and unmounts the form that asked
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isAlreadyHandled(error)) void refresh();
    },
  });
}

/**
 * Suspends the case's owner for some days or for good, with the rule and why. Its failure is said by
 * the form (a 409 as a toast).
 */
export function useSuspendOwner() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, rule, note, days }: { id: string; rule: ReportReason; note: string; days: SuspensionDays }) =>
      request('POST /api/admin/reports/:id/suspend', { params: { id }, body: { rule, note, days } }),
    // said here: the refreshed list drops the case and unmounts the form that asked
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isAlreadyHandled(error)) void refresh();
    },
  });
}

/** Dismisses the case and every other open case about the same person. Its failure is a toast, as Dismiss's. */
export function useDismissSimilar() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: string) => request('POST /api/admin/reports/:id/dismiss-similar', { params: { id }, body: {} }),
    // said here: the refreshed list drops the cases and unmounts the card that asked
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isAlreadyHandled(error)) void refresh();
    },
    meta: {
      errorTitle: (error) =>
        isAlreadyHandled(error) ? error.message || reportsTexts.closed : reportsTabTexts.dismissFailed,
      errorDescription: (error) => (isAlreadyHandled(error) ? undefined : error.message),
    },
  });
}

/**
 * Keeps or undoes the decision an appeal is about, with an answer the person reads. After it, or a
 * refusal because it was already decided, the appeals, the cases and the feed (an offer shown again)
 * are read again. Its failure is said by the form (a 409 as a toast).
 */
export function useDecideAppeal() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: AppealOutcome; note: string }) =>
      request('POST /api/admin/appeals/:id/decide', { params: { id }, body: { outcome, note } }),
    // said here: the refreshed list drops the appeal and unmounts the form that asked
    onSuccess: ({ message }) => {
      toast.success(message);
      return refresh();
    },
    onError: (error) => {
      if (isAlreadyDecided(error)) void refresh();
    },
  });
}

/** Creates a creator, or edits the one named by id; `editing` names the failure's toast. */
export function useSaveCreator(editing: boolean) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CreatorFormInput }) =>
      id
        ? request('PATCH /api/admin/creators/:id', { params: { id }, body: input })
        : request('POST /api/admin/creators', { body: input }),
    onSuccess: refresh,
    meta: { errorTitle: editing ? adminTexts.creators.updateFailed : adminTexts.creators.createFailed },
  });
}

export function useDeleteCreator() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => request('DELETE /api/admin/creators/:id', { params: { id } }),
    onSuccess: refresh,
    meta: { errorTitle: adminTexts.creators.deleteFailed },
  });
}

/** Creates a gig, or edits the one named by id, with upload progress; `editing` names the failure's text. */
export function useSaveGig(editing: boolean) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, form, onProgress }: { id?: string; form: FormData; onProgress: (fraction: number) => void }) =>
      id
        ? sendForm('PATCH /api/admin/gigs/:id', form, onProgress, { id })
        : sendForm('POST /api/admin/gigs', form, onProgress),
    onSuccess: refresh,
    meta: {
      errorTitle: adminTexts.gigs.error,
      errorDescription: messageOr(editing ? adminTexts.gigs.updateFailed : adminTexts.gigs.createFailed),
    },
  });
}

export function useDeleteGig() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => request('DELETE /api/admin/gigs/:id', { params: { id } }),
    onSuccess: refresh,
    meta: { errorTitle: adminTexts.gigs.error, errorDescription: messageOr(adminTexts.gigs.deleteFailed) },
  });
}

/**
 * Approves the version of the gig the admin is looking at. Whatever the answer, the lists are read
 * again: after a refusal because the creator edited it meanwhile, the admin sees the new version.
 */
export function useApproveGig() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      request('POST /api/admin/offers/:id/approve', { params: { id }, body: { version } }),
    onSettled: refresh,
    meta: { errorTitle: adminTexts.gigs.error, errorDescription: messageOr(adminTexts.gigs.approveFailed) },
  });
}

/** The server refused an approval because the gig changed after it was shown. */
export const isChangedSinceOpened = (error: unknown) => error instanceof ApiError && error.code === 'offer_changed';

export function useSelfTest() {
  return useMutation({
    mutationFn: (form: FormData) => sendForm('POST /api/admin/self-test', form, () => {}),
    meta: { errorTitle: adminTexts.test.errorTitle },
  });
}

/**
 * An export: the row counts are read first, so an empty table says "No Data" instead of downloading
 * a file with only a header. Answers whether the table has rows; the caller starts the download.
 */
export function useExportTable() {
  return useMutation({
    mutationFn: async (table: ExportTable) => {
      const counts: ExportCounts = await request('GET /api/admin/export-counts');
      return counts[table] > 0;
    },
    meta: { errorTitle: adminTexts.export.failed, errorDescription: () => undefined },
  });
}

export function useStartImpersonation() {
  return useMutation({
    mutationFn: (userId: string) => request('POST /api/admin/impersonate/:userId', { params: { userId } }),
    meta: { errorTitle: adminTexts.gigs.error },
  });
}

/** A failure's toast is the server's message alone (the admin's session ended, or this is no impersonation). */
export function useStopImpersonation() {
  return useMutation({
    mutationFn: () => request('POST /api/admin/impersonation/stop'),
    meta: { errorTitle: messageOr(adminTexts.logOutFailed), errorDescription: () => undefined },
  });
}
