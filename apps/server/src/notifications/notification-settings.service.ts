/**
 * Notification settings (core's notification-settings.ts): each topic on or off in the app, by email
 * and by push. createNotification reads them for the app and push; mailOfTopic for mail, which also
 * gives every mail of a topic its one-click unsubscribe (RFC 8058): a link signed with the auth
 * secret, naming the person and the topic, that works without signing in. A GET of it changes
 * nothing (mail scanners open links); only a POST turns the topic's email off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  badRequest,
  MAILED_TOPICS,
  notFound,
  NOTIFICATION_TOPICS,
  notificationSettingsTexts,
  unsubscribeTexts,
  type NotificationChannel,
  type NotificationSettingsView,
  type NotificationTopic,
  type UnsubscribeView,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { Tx } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import type { Mail } from '../platform/mailer.ts';
import { isOptedOut, optOutsOf, setOptOut } from './notifications.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor };

function settingsOf(off: Array<{ topic: NotificationTopic; channel: NotificationChannel }>): NotificationSettingsView {
  const isOff = (topic: NotificationTopic, channel: NotificationChannel) =>
    off.some((row) => row.topic === topic && row.channel === channel);
  const settings = Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [
      topic,
      {
        inApp: !isOff(topic, 'inApp'),
        email: MAILED_TOPICS.includes(topic) ? !isOff(topic, 'email') : null,
        push: !isOff(topic, 'push'),
      },
    ]),
  ) as NotificationSettingsView['settings'];
  return { settings };
}

export async function getNotificationSettings({ deps, actor }: Ctx): Promise<NotificationSettingsView> {
  return settingsOf(await optOutsOf(deps.database.db, actor.id));
}

/** One switch, saved at once; the answer is every switch as stored, and the line the toast shows. */
export async function setNotificationSetting({
  deps,
  actor,
  topic,
  channel,
  on,
}: Ctx & { topic: NotificationTopic; channel: NotificationChannel; on: boolean }): Promise<
  NotificationSettingsView & { message: string }
> {
  if (channel === 'email' && !MAILED_TOPICS.includes(topic))
    throw badRequest(notificationSettingsTexts.notMailedRefused, 'channel');
  const off = await deps.database.db.transaction(async (tx) => {
    await setOptOut(tx, { userId: actor.id, topic, channel, on, at: deps.clock.now() });
    return optOutsOf(tx, actor.id);
  });
  return { ...settingsOf(off), message: notificationSettingsTexts.saved(topic, channel, on) };
}

// ---- the unsubscribe link ----

const TOKEN = new RegExp(`^(${NOTIFICATION_TOPICS.join('|')})\\.([A-Za-z0-9_-]{1,200})\\.([A-Za-z0-9_-]{32})$`);

const signature = (secret: string, userId: string, topic: NotificationTopic) =>
  createHmac('sha256', secret).update(`unsubscribe:${topic}:${userId}`).digest('base64url').slice(0, 32);

/** The token of a person's unsubscribe link for a topic: the topic, who, and a signature only the server can make. */
export function unsubscribeToken(secret: string, userId: string, topic: NotificationTopic): string {
  return `${topic}.${Buffer.from(userId).toString('base64url')}.${signature(secret, userId, topic)}`;
}

/** Who and which topic a token names, or "not valid" for one the server did not sign. */
function readToken(deps: AppDeps, token: string): { userId: string; topic: NotificationTopic } {
  const match = TOKEN.exec(token);
  if (match) {
    const topic = match[1] as NotificationTopic;
    const userId = Buffer.from(match[2]!, 'base64url').toString('utf8');
    const expected = Buffer.from(signature(deps.config.authSecret, userId, topic));
    const given = Buffer.from(match[3]!);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return { userId, topic };
  }
  throw notFound(unsubscribeTexts.invalid);
}

/** What the link would stop, and whether it is still on; reading it changes nothing. */
export async function viewUnsubscribe({ deps, token }: { deps: AppDeps; token: string }): Promise<UnsubscribeView> {
  const { userId, topic } = readToken(deps, token);
  return { topic, emailOn: !(await isOptedOut(deps.database.db, userId, topic, 'email')) };
}

/** The one-click unsubscribe: email off for the link's topic, signed in or not. Again changes nothing. */
export async function unsubscribe({ deps, token }: { deps: AppDeps; token: string }): Promise<{ message: string }> {
  const { userId, topic } = readToken(deps, token);
  const there = await setOptOut(deps.database.db, { userId, topic, channel: 'email', on: false, at: deps.clock.now() });
  if (!there) throw notFound(unsubscribeTexts.invalid);
  return { message: unsubscribeTexts.done(topic) };
}

/**
 * Queues a mail of a topic to a person in the event's transaction, unless they turned that topic's
 * email off; it carries the topic's unsubscribe link at its foot and as List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058), so a mail client offers one-click unsubscribe.
 */
export async function mailOfTopic(
  deps: AppDeps,
  tx: Tx,
  { userId, topic, mail }: { userId: string; topic: NotificationTopic; mail: Mail },
): Promise<void> {
  if (await isOptedOut(tx, userId, topic, 'email')) return;
  const token = unsubscribeToken(deps.config.authSecret, userId, topic);
  const page = `${deps.config.publicUrl}/unsubscribe/${token}`;
  const footer = unsubscribeTexts.mailFooter(topic);
  await deps.outbox.mail(tx, {
    ...mail,
    text: `${mail.text}\n\n--\n${footer} ${page}`,
    ...(mail.html === undefined
      ? {}
      : {
          html: `${mail.html}<p style="font-family:system-ui,sans-serif;color:#666;font-size:12px">${footer} <a href="${page}" style="color:#666">${unsubscribeTexts.mailLink}</a></p>`,
        }),
    headers: {
      'List-Unsubscribe': `<${deps.config.publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
