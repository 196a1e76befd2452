/** Private jobs data for the screens (TanStack Query over the one API client). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobDecision, PrivateJob, PrivateJobFields } from '@gigreel/core';
import { api, upload } from '../../api/client.ts';
import { ordersKey } from '../orders/orders.api.ts';

export const jobsKey = ['jobs'] as const;

export function useJobInbox() {
  return useQuery({ queryKey: [...jobsKey, 'inbox'], queryFn: async () => (await api<{ jobs: PrivateJob[] }>('/api/jobs/inbox')).jobs });
}

export function useDecideJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, status }: { jobId: string; status: JobDecision }) => api<{ job: PrivateJob; message: string }>(`/api/jobs/${jobId}/status`, { body: { status } }),
    onSuccess: ({ job }) => {
      client.setQueryData<PrivateJob[]>([...jobsKey, 'inbox'], (jobs) => jobs?.map((one) => (one.id === job.id ? job : one)));
      return client.invalidateQueries({ queryKey: jobsKey });
    },
  });
}

/** Sends the job with its files in one request, reporting the share of bytes sent. */
export function useSendJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files, onProgress }: { fields: PrivateJobFields; files: File[]; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('title', fields.title);
      form.append('description', fields.description ?? '');
      form.append('deliveryTime', fields.deliveryTime);
      form.append('budget', fields.budget ?? '');
      for (const file of files) form.append('files', file, file.name);
      return upload<{ job: PrivateJob; orderId: string; message: string }>('/api/jobs', form, onProgress);
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: jobsKey }), client.invalidateQueries({ queryKey: ordersKey })]),
  });
}
