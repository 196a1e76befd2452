/** Messages data: every call through api(), cached by TanStack Query, refreshed by live events. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationList, MarkReadResult, SendMessageInput, Thread, ThreadMessage, UnreadCounts } from '@gigreel/core';
import { api } from '../../api/client.ts';
import { useViewer } from '../auth/session.ts';
import { messagesKey, notificationsKey, unreadKey } from '../realtime/live.ts';

export const conversationsKey = [...messagesKey, 'conversations'] as const;
export const threadKey = (userId: string) => [...messagesKey, 'thread', userId] as const;

export function useUnreadCounts(): UnreadCounts | undefined {
  const { viewer } = useViewer();
  return useQuery({ queryKey: unreadKey, queryFn: () => api<UnreadCounts>('/api/unread'), enabled: !!viewer, staleTime: 30_000 }).data;
}

export function useConversations() {
  return useQuery({ queryKey: conversationsKey, queryFn: () => api<ConversationList>('/api/messages/conversations') });
}

export function useThread(userId: string | null) {
  return useQuery({ queryKey: threadKey(userId ?? ''), queryFn: () => api<Thread>(`/api/messages/with/${encodeURIComponent(userId ?? '')}`), enabled: !!userId });
}

export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<MarkReadResult>(`/api/messages/with/${encodeURIComponent(userId)}/read`, { method: 'POST', body: {} }),
    onSuccess: (result) => {
      client.setQueryData(unreadKey, result.unread);
      void client.invalidateQueries({ queryKey: conversationsKey });
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => api<{ message: ThreadMessage }>('/api/messages', { body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
}

export function useReply(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<{ message: ThreadMessage }>(`/api/messages/with/${encodeURIComponent(userId)}`, { body: { text } }),
    onSuccess: ({ message }) => {
      client.setQueryData<Thread>(threadKey(userId), (thread) => (thread && !thread.messages.some((m) => m.id === message.id) ? { ...thread, messages: [...thread.messages, message] } : thread));
      void client.invalidateQueries({ queryKey: messagesKey });
    },
  });
}
