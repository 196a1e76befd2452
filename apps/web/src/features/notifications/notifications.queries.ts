/** The notification centre's data; the live stream invalidates it when something new arrives. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationTexts, type NotificationList, type UnreadCounts } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { notificationsKey, unreadKey } from '../realtime/index.ts';

export function useNotifications() {
  return useQuery({ queryKey: notificationsKey, queryFn: () => request('GET /api/notifications') });
}

function markLocally(client: ReturnType<typeof useQueryClient>, ids: string[] | 'all', unread: UnreadCounts) {
  client.setQueryData(unreadKey, unread);
  client.setQueryData<NotificationList>(notificationsKey, (list) =>
    list
      ? {
          unread,
          notifications: list.notifications.map((n) =>
            ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n,
          ),
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

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/notifications/read-all'),
    onSuccess: (result) => markLocally(client, 'all', result.unread),
    meta: failed,
  });
}
