/** Private jobs data for the screens (TanStack Query over the typed client). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobsTexts, type JobDecision, type PrivateJob, type PrivateJobFields } from '@gigreel/core';
import { request, sendForm } from '../../api/client.ts';
import { ordersKey } from '../orders/index.ts';

const jobsKey = ['jobs'] as const;

export function useJobInbox() {
  return useQuery({
    queryKey: [...jobsKey, 'inbox'],
    queryFn: async () => (await request('GET /api/jobs/inbox')).jobs,
  });
}

export function useDecideJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, status }: { jobId: string; status: JobDecision }) =>
      request('POST /api/jobs/:id/status', { params: { id: jobId }, body: { status } }),
    onSuccess: ({ job }) => {
      client.setQueryData<PrivateJob[]>([...jobsKey, 'inbox'], (jobs) =>
        jobs?.map((one) => (one.id === job.id ? job : one)),
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
