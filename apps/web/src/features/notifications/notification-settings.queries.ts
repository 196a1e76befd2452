/**
 * The person's notification switches, and a mail's unsubscribe link. A switch shows its new state at
 * once, is saved, and the server's answer (every switch as stored) replaces the guess; a failure puts
 * it back and says so.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  notificationSettingsTexts,
  unsubscribeTexts,
  type NotificationSettingInput,
  type NotificationSettingsView,
} from '@gigreel/core';
import { request } from '../../api/client.ts';

const settingsKey = ['notifications', 'settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => request('GET /api/notifications/settings', undefined, { signal }),
  });
}

export function useSetNotificationSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingInput) => request('PUT /api/notifications/settings', { body: input }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: settingsKey });
      const before = client.getQueryData<NotificationSettingsView>(settingsKey);
      if (before)
        client.setQueryData<NotificationSettingsView>(settingsKey, {
          settings: {
            ...before.settings,
            [input.topic]: { ...before.settings[input.topic], [input.channel]: input.on },
          },
        });
      return { before };
    },
    onSuccess: (result) => {
      client.setQueryData<NotificationSettingsView>(settingsKey, { settings: result.settings });
      toast.success(result.message);
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(settingsKey, context.before);
    },
    meta: { errorTitle: notificationSettingsTexts.failedToSave },
  });
}

/** What a mail's unsubscribe link would stop (reading it changes nothing). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => request('GET /api/unsubscribe/:token', { params: { token } }, { signal }),
  });
}

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/unsubscribe/:token', { params: { token } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['unsubscribe', token] });
      void client.invalidateQueries({ queryKey: settingsKey });
    },
    meta: { errorTitle: unsubscribeTexts.failed },
  });
}
