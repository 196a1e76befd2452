/** Conversations grouped per other person: last message, date and unread count (SPEC section 2). */
import type { Conversation } from '@gigreel/core';
import { MESSAGE_PREVIEW_CHARS, messageTexts } from '@gigreel/core';
import { Link } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { formatMessageDate } from './format.ts';

export function ConversationList({
  conversations,
  activeId,
}: {
  conversations: Conversation[];
  activeId: string | null;
}) {
  return (
    <ul aria-label="Conversations" className="flex flex-col">
      {conversations.map(({ otherUser, lastMessage, unreadCount }) => {
        const preview =
          lastMessage.text.length > MESSAGE_PREVIEW_CHARS
            ? `${lastMessage.text.slice(0, MESSAGE_PREVIEW_CHARS)}…`
            : lastMessage.text;
        return (
          <li key={otherUser.id}>
            <Link
              to={`/messages?with=${encodeURIComponent(otherUser.id)}`}
              aria-current={activeId === otherUser.id ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 border-b border-line px-4 py-3 hover:bg-white/5',
                activeId === otherUser.id && 'bg-white/5',
              )}
            >
              <Avatar name={otherUser.displayName} src={otherUser.profileImage} size={44} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn('truncate', unreadCount > 0 ? 'font-bold text-white' : 'font-semibold text-zinc-100')}
                  >
                    {otherUser.displayName}
                  </span>
                  <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-zinc-400">
                    {formatMessageDate(lastMessage.createdAt)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', unreadCount > 0 ? 'text-zinc-100' : 'text-zinc-400')}>
                    {lastMessage.fromMe ? `${messageTexts.you}: ` : ''}
                    {preview}
                  </span>
                  {unreadCount > 0 ? (
                    <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
                      {unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
