/** Messages data: every call through the typed client, cached by TanStack Query, refreshed by live events. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageTexts, type SendMessageInput, type Thread, type UnreadCounts } from '@gigreel/core';
import { ApiError, request } from '../../api/client.ts';
import { useViewer } from '../auth/index.ts';
import { messagesKey, notificationsKey, unreadKey } from '../realtime/index.ts';

const conversationsKey = [...messagesKey, 'conversations'] as const;
const threadKey = (userId: string) => [...messagesKey, 'thread', userId] as const;

/** A failed send: the SPEC's "Invalid Message" for refused text, else "Failed to send message" with the server's reason. */
const sendFailed = {
  errorTitle: (error: Error) =>
    error instanceof ApiError && error.message === messageTexts.invalidBody
      ? messageTexts.invalidTitle
      : messageTexts.failedToSend,
  errorDescription: (error: Error) =>
    error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : undefined,
};

export function useUnreadCounts(): UnreadCounts | undefined {
  const { viewer } = useViewer();
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => request('GET /api/unread'),
    enabled: !!viewer,
    staleTime: 30_000,
  }).data;
}

export function useConversations() {
  return useQuery({ queryKey: conversationsKey, queryFn: () => request('GET /api/messages/conversations') });
}

export function useThread(userId: string | null) {
  return useQuery({
    queryKey: threadKey(userId ?? ''),
    queryFn: () => request('GET /api/messages/with/:userId', { params: { userId: userId ?? '' } }),
    enabled: !!userId,
  });
}

export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => request('POST /api/messages/with/:userId/read', { params: { userId } }),
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
    mutationFn: (input: SendMessageInput) => request('POST /api/messages', { body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: messagesKey }),
    meta: sendFailed,
  });
}

export function useReply(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => request('POST /api/messages/with/:userId', { params: { userId }, body: { text } }),
    onSuccess: ({ message }) => {
      client.setQueryData<Thread>(threadKey(userId), (thread) =>
        thread && !thread.messages.some((m) => m.id === message.id)
          ? { ...thread, messages: [...thread.messages, message] }
          : thread,
      );
      void client.invalidateQueries({ queryKey: messagesKey });
    },
    meta: sendFailed,
  });
}
