/**
 * Unread badges for the tab bar, the header avatar and its menu. Each one also keeps the
 * tab's shared live stream open, so the counts change within a second of a new message.
 * The number is drawn for the eye and spoken as ", N unread" after the link's own name.
 */
import { unreadLabel, type UnreadCounts } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { useUnreadCounts } from '../messages/index.ts';
import { useLiveUpdates } from '../realtime/index.ts';

const countFor = (to: string, unread: UnreadCounts | undefined) =>
  !unread ? 0 : to === '/messages' ? unread.messages : to === '/notifications' ? unread.notifications : 0;

function Bubble({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-ink',
          className,
        )}
      >
        {unreadLabel(count)}
      </span>
      <span className="sr-only">, {unreadLabel(count)} unread</span>
    </>
  );
}

/** On a tab of the bottom bar (the tab's link must be `relative`). */
export function TabUnreadBadge({ to }: { to: string }) {
  useLiveUpdates();
  const unread = useUnreadCounts();
  return <Bubble count={countFor(to, unread)} className="absolute right-2 top-1" />;
}

/** Beside an item of the header menu. */
export function MenuUnreadBadge({ to }: { to: string }) {
  const unread = useUnreadCounts();
  return <Bubble count={countFor(to, unread)} className="ml-2" />;
}

/** On the header avatar: everything unread, messages and notifications together. */
export function AccountUnreadBadge() {
  useLiveUpdates();
  const unread = useUnreadCounts();
  return <Bubble count={(unread?.messages ?? 0) + (unread?.notifications ?? 0)} className="absolute -right-1 -top-1" />;
}
