/** Private jobs data for the screens (TanStack Query over the typed client). */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { jobsTexts, type JobDecision, type JobList, type PrivateJobFields } from '@gigreel/core';
import { request, sendForm } from '../../api/client.ts';
import { ordersKey } from '../orders/index.ts';

const jobsKey = ['jobs'] as const;
const inboxKey = [...jobsKey, 'inbox'] as const;
const sentKey = [...jobsKey, 'sent'] as const;

/**
 * The jobs sent to the viewer, a page at a time: `data` is every loaded page's jobs in order;
 * hasNextPage, fetchNextPage and isFetchingNextPage drive the "Show more jobs" button.
 */
export function useJobInbox() {
  return useInfiniteQuery({
    queryKey: inboxKey,
    queryFn: ({ pageParam }) => request('GET /api/jobs/inbox', { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.jobs),
  });
}

/** The jobs the viewer sent to the designer, a page at a time, as useJobInbox. */
export function useSentJobs() {
  return useInfiniteQuery({
    queryKey: sentKey,
    queryFn: ({ pageParam }) => request('GET /api/jobs/sent', { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.jobs),
  });
}

export function useDecideJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, status }: { jobId: string; status: JobDecision }) =>
      request('POST /api/jobs/:id/status', { params: { id: jobId }, body: { status } }),
    onSuccess: ({ job }) => {
      client.setQueryData<InfiniteData<JobList, string | null>>(inboxKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                jobs: page.jobs.map((one) => (one.id === job.id ? job : one)),
              })),
            }
          : data,
      );
      return client.invalidateQueries({ queryKey: jobsKey });
    },
    meta: { errorTitle: jobsTexts.statusFailed },
  });
}

/** Sends the job with its files in one request, reporting the share of bytes sent. */
export function useSendJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      fields,
      files,
      onProgress,
    }: {
      fields: PrivateJobFields;
      files: File[];
      onProgress: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.append('title', fields.title);
      form.append('description', fields.description ?? '');
      form.append('deliveryTime', fields.deliveryTime);
      form.append('budget', fields.budget ?? '');
      for (const file of files) form.append('files', file, file.name);
      return sendForm('POST /api/jobs', form, onProgress);
    },
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: jobsKey }), client.invalidateQueries({ queryKey: ordersKey })]),
    meta: { errorTitle: jobsTexts.submitFailed },
  });
}
