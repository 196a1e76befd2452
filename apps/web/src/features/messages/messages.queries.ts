/** Messages data: every call through the typed client, cached by TanStack Query, refreshed by live events. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
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

/** Both lists page by the opaque cursor of the page before (newest page first). */
const pages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};
const cursorOf = (pageParam: string | null) => pageParam ?? undefined;

/** The viewer's conversations, newest first, a page at a time; live events and reads refetch the loaded pages. */
export function useConversations() {
  return useInfiniteQuery({
    ...pages,
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => request('GET /api/messages/conversations', { query: { cursor: cursorOf(pageParam) } }),
  });
}

/** A thread's pages, the newest first: the screen shows them in reverse, oldest at the top. */
export function useThread(userId: string | null) {
  return useInfiniteQuery({
    ...pages,
    queryKey: threadKey(userId ?? ''),
    queryFn: ({ pageParam }) =>
      request('GET /api/messages/with/:userId', {
        params: { userId: userId ?? '' },
        query: { cursor: cursorOf(pageParam) },
      }),
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
      // the reply goes at the end of the newest page, until the refetch below brings the server's pages
      client.setQueryData<InfiniteData<Thread, string | null>>(threadKey(userId), (thread) => {
        const [newest, ...older] = thread?.pages ?? [];
        if (!thread || !newest || thread.pages.some((page) => page.messages.some((m) => m.id === message.id)))
          return thread;
        return { ...thread, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
      });
      void client.invalidateQueries({ queryKey: messagesKey });
    },
    meta: sendFailed,
  });
}
