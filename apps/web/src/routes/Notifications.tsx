/**
 * /notifications (SPEC leaves the content open): every notification, newest first, a page at a time
 * with older pages on request, each linking to what it is about; opening one marks it read; mark one
 * or all read. Updated live.
 */
import {
  AlarmClock,
  Ban,
  BanknoteCheck,
  BanknoteX,
  Bell,
  BriefcaseBusiness,
  CheckCheck,
  CircleCheck,
  CircleX,
  EyeOff,
  FilePenLine,
  Flag,
  Gavel,
  MessageCircle,
  MessageSquareText,
  Package,
  PoundSterling,
  Scale,
  ShieldCheck,
  Sparkles,
  Star,
  TriangleAlert,
  UserPlus,
} from 'lucide-react';
import type { NotificationItem, NotificationKindName } from '@gigreel/core';
import { notificationTexts, unreadLabel } from '@gigreel/core';
import { Link } from 'react-router';
import { formatMessageDate } from '../features/messages/index.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../features/notifications/index.ts';
import { PushToggle } from '../features/push/index.ts';
import { useLiveUpdates } from '../features/realtime/index.ts';
import { Button } from '../ui/button.tsx';
import { ShowMore } from '../ui/show-more.tsx';
import { cn } from '../ui/cn.ts';
import { EmptyState, Spinner } from '../ui/misc.tsx';

// every kind the server sends has its icon (a kind added in core fails the typecheck until it has one)
const icons: Record<NotificationKindName, typeof Bell> = {
  message: MessageCircle,
  offer_approved: Sparkles,
  order_paid: PoundSterling,
  order_delivered: Package,
  order_completed: CircleCheck,
  order_payment_confirmed: BanknoteCheck,
  order_payment_not_received: BanknoteX,
  order_changes_requested: FilePenLine,
  order_cancelled: CircleX,
  order_reminder: AlarmClock,
  order_message: MessageSquareText,
  order_problem: TriangleAlert,
  order_resolved: ShieldCheck,
  review: Star,
  job_accepted: BriefcaseBusiness,
  job_declined: BriefcaseBusiness,
  job_received: BriefcaseBusiness,
  report_handled: Flag,
  offer_hidden: EyeOff,
  account_suspended: Ban,
  appeal_received: Scale,
  appeal_decided: Gavel,
  follow: UserPlus,
};

export default function NotificationsPage() {
  useLiveUpdates();
  const list = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const pages = list.data?.pages;
  const notifications = pages?.flatMap((page) => page.notifications);
  const unread = pages?.[0]?.unread.notifications ?? 0;

  return (
    <section aria-labelledby="notifications-title" className="mx-auto w-full max-w-2xl">
      <header className="flex flex-wrap items-center justify-between gap-3 px-4 pb-3 pt-4">
        <div className="min-w-0">
          <h1 id="notifications-title" className="text-2xl font-bold text-white">
            {notificationTexts.pageTitle}
          </h1>
          {pages ? (
            <p className="text-sm text-zinc-400">
              {unread > 0 ? (
                <span className="font-semibold text-brand-400">
                  {unreadLabel(unread)} {notificationTexts.unread.toLowerCase()}
                </span>
              ) : (
                notificationTexts.allRead
              )}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          disabled={unread === 0}
          busy={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          {notificationTexts.markAllRead}
        </Button>
      </header>
      <PushToggle offer className="mx-4 mb-3" />
      {list.isPending ? <Spinner /> : null}
      {list.isError && !list.isFetchNextPageError ? <EmptyState title={notificationTexts.failedToLoad} /> : null}
      {notifications && notifications.length === 0 ? (
        <EmptyState title={notificationTexts.empty}>{notificationTexts.emptyHint}</EmptyState>
      ) : null}
      {notifications && notifications.length > 0 ? (
        <ul aria-label="Notifications" className="flex flex-col">
          {notifications.map((item) => (
            <NotificationRow key={item.id} item={item} onRead={() => markOne.mutate(item.id)} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} texts={notificationTexts.more} failed={notificationTexts.failedToLoad} className="py-4" />
    </section>
  );
}

function NotificationRow({ item, onRead }: { item: NotificationItem; onRead: () => void }) {
  const Icon = Object.hasOwn(icons, item.kind) ? icons[item.kind as NotificationKindName] : Bell;
  return (
    <li className={cn('flex items-start gap-1 border-b border-line pr-2', !item.read && 'bg-brand-600/10')}>
      <Link
        to={item.link}
        onClick={() => !item.read && onRead()}
        className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 hover:bg-white/5"
      >
        <span
          className={cn(
            'mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
            item.read ? 'bg-zinc-800 text-zinc-300' : 'bg-brand-600 text-white',
          )}
        >
          <Icon className="h-4.5 w-4.5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block', item.read ? 'text-zinc-200' : 'font-bold text-white')}>
            {!item.read ? <span className="sr-only">{notificationTexts.unread}: </span> : null}
            {item.title}
          </span>
          {item.body ? (
            <span className="mt-0.5 line-clamp-2 block break-words text-sm text-zinc-400">{item.body}</span>
          ) : null}
          <time dateTime={item.createdAt} className="mt-1 block text-xs text-zinc-400">
            {formatMessageDate(item.createdAt)}
          </time>
        </span>
      </Link>
      {!item.read ? (
        <button
          type="button"
          onClick={onRead}
          aria-label={`${notificationTexts.markRead}: ${item.title}`}
          title={notificationTexts.markRead}
          className="mt-2 rounded-full p-2.5 text-zinc-300 hover:bg-white/10 hover:text-white"
        >
          <CheckCheck className="h-5 w-5" aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}
