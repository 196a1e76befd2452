/** The notification centre's data; the live stream invalidates it when something new arrives. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult, NotificationItem, NotificationList, UnreadCounts } from '@gigreel/core';
import { api } from '../../api/client.ts';
import { notificationsKey, unreadKey } from '../realtime/live.ts';

export function useNotifications() {
  return useQuery({ queryKey: notificationsKey, queryFn: () => api<NotificationList>('/api/notifications') });
}

function markLocally(client: ReturnType<typeof useQueryClient>, ids: string[] | 'all', unread: UnreadCounts) {
  client.setQueryData(unreadKey, unread);
  client.setQueryData<NotificationList>(notificationsKey, (list) =>
    list ? { unread, notifications: list.notifications.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n)) } : list,
  );
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ notification: NotificationItem; unread: UnreadCounts }>(`/api/notifications/${id}/read`, { method: 'POST', body: {} }),
    onSuccess: (result) => markLocally(client, [result.notification.id], result.unread),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarkReadResult>('/api/notifications/read-all', { method: 'POST', body: {} }),
    onSuccess: (result) => markLocally(client, 'all', result.unread),
  });
}
