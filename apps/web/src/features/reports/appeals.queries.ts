/**
 * The appeal page over the typed client. The link's token is the key: it works signed out, since a
 * suspended person cannot sign in. A failed send is said on the page, which keeps the text.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { reportsTexts, type AppealView } from '@gigreel/core';
import { isConflict, request } from '../../api/client.ts';

const appealKey = (token: string) => ['appeal', token] as const;

/** The decision an appeal link names, and where its appeal stands. */
export const useAppeal = (token: string) =>
  useQuery({ queryKey: appealKey(token), queryFn: () => request('GET /api/appeals/:token', { params: { token } }) });

/**
 * Sends the appeal. Once sent, the decision reads as appealed (pending) without asking the server
 * again; a refusal because it was already appealed is a toast, and the decision is read again. Both
 * are said here rather than by the form, which either change unmounts.
 */
export function useSendAppeal(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => request('POST /api/appeals/:token', { params: { token }, body: { text } }),
    onSuccess: ({ message }, text) => {
      toast.success(message);
      client.setQueryData<AppealView>(appealKey(token), (view) =>
        view ? { ...view, appeal: { status: 'pending', text, reply: null } } : view,
      );
    },
    onError: (error) => {
      if (!isConflict(error)) return;
      toast.error(error.message || reportsTexts.appealUsed);
      void client.invalidateQueries({ queryKey: appealKey(token) });
    },
  });
}
