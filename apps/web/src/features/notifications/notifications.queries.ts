/** The notification centre's data; the live stream invalidates it when something new arrives. */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { notificationTexts, type NotificationList, type UnreadCounts } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { notificationsKey, unreadKey } from '../realtime/index.ts';

/**
 * The centre's pages, newest first, each asked for by the cursor of the page before. Same key as
 * before, so the live stream and other features' invalidations refetch every loaded page.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsKey,
    queryFn: ({ pageParam }) => request('GET /api/notifications', { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function markLocally(client: ReturnType<typeof useQueryClient>, ids: string[] | 'all', unread: UnreadCounts) {
  client.setQueryData(unreadKey, unread);
  client.setQueryData<InfiniteData<NotificationList, string | null>>(notificationsKey, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            unread,
            notifications: page.notifications.map((n) =>
              ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n,
            ),
          })),
        }
      : list,
  );
}

/** A failed mark says only that it failed. */
const failed = { errorTitle: notificationTexts.failedToUpdate, errorDescription: () => undefined };

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('POST /api/notifications/:id/read', { params: { id } }),
    onSuccess: (result) => markLocally(client, [result.notification.id], result.unread),
    meta: failed,
  });
}

/** The server marks every unread notification of the person; pages not loaded yet arrive already read. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/notifications/read-all'),
    onSuccess: (result) => markLocally(client, 'all', result.unread),
    meta: failed,
  });
}
