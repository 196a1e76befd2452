/**
 * Notification settings: a small grid, one row per topic (messages, orders, reviews, follows,
 * moderation) and one switch per channel (in the app, email, push). A switch saves at once and says
 * so in a toast; a topic GigReel never mails has no email switch.
 */
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  notificationSettingsTexts as t,
  type NotificationChannel,
  type NotificationTopic,
} from '@gigreel/core';
import { Card, LoadFailed, Spinner } from '../../ui/misc.tsx';
import { Switch } from '../../ui/switch.tsx';
import { useNotificationSettings, useSetNotificationSetting } from './notification-settings.queries.ts';

export function NotificationSettings() {
  const settings = useNotificationSettings();
  const save = useSetNotificationSetting();
  if (settings.isPending) return <Spinner label={t.loading} />;
  if (settings.isError) return <LoadFailed title={t.failedToLoad} detail={settings.error.message} query={settings} />;
  const saving = (topic: NotificationTopic, channel: NotificationChannel) =>
    save.isPending && save.variables?.topic === topic && save.variables.channel === channel;
  return (
    <Card className="p-0">
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">{t.title}</caption>
        <colgroup>
          <col />
          {NOTIFICATION_CHANNELS.map((channel) => (
            <col key={channel} className="w-16 sm:w-20" />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b border-line text-xs font-semibold uppercase tracking-wide text-zinc-400">
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Topic</span>
            </th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th key={channel} scope="col" className="px-1 py-3 text-center">
                {t.channels[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {NOTIFICATION_TOPICS.map((topic) => {
            const row = settings.data.settings[topic];
            return (
              <tr key={topic}>
                <th scope="row" className="px-4 py-3 align-middle font-normal">
                  <span className="block font-semibold text-white">{t.topics[topic]}</span>
                  <span className="block text-xs text-zinc-400">{t.topicHints[topic]}</span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => {
                  const on = row[channel];
                  return (
                    <td key={channel} className="px-1 py-2 text-center align-middle">
                      {on === null ? (
                        <span className="text-zinc-500" title={t.notMailed}>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t.notMailed}</span>
                        </span>
                      ) : (
                        <Switch
                          checked={on}
                          label={t.switchLabel(topic, channel)}
                          busy={saving(topic, channel)}
                          onChange={(next) => save.mutate({ topic, channel, on: next })}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
