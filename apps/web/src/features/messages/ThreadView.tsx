/**
 * One conversation, oldest first: "You" or the sender's name, the date, the message and
 * "Re: {offer title}" (SPEC section 2). Opening it, and every new message while it is open, marks
 * it read. Text is rendered as text, never as HTML.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messageTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState, Spinner } from '../../ui/misc.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { formatMessageDate } from './format.ts';
import { useMarkThreadRead, useReply, useThread } from './messages.queries.ts';
import { MessageComposer } from './MessageComposer.tsx';

export function ThreadView({ userId }: { userId: string }) {
  const thread = useThread(userId);
  const markRead = useMarkThreadRead();
  const reply = useReply(userId);
  const bottom = useRef<HTMLDivElement>(null);
  const messages = thread.data?.messages;
  // The newest unread message from them: every new one that arrives while the thread is open is read.
  const latestUnread = messages?.findLast((m) => !m.fromMe && !m.readAt)?.id;
  const { mutate } = markRead;

  useEffect(() => {
    if (latestUnread) mutate(userId);
  }, [latestUnread, userId, mutate]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length]);

  if (thread.isPending) return <Spinner />;
  if (thread.isError || !thread.data)
    return (
      <EmptyState
        title={messageTexts.conversationNotFound}
        action={
          <Link className={buttonClass('outline')} to="/messages">
            {messageTexts.back}
          </Link>
        }
      />
    );
  const { otherUser } = thread.data;

  return (
    <section
      aria-label={`Conversation with ${otherUser.displayName}`}
      className="flex min-h-[calc(100dvh-8.5rem)] flex-col md:min-h-[calc(100dvh-5rem)]"
    >
      <header className="flex items-center gap-3 border-b border-line px-2 py-2 md:px-4">
        <Link to="/messages" className={buttonClass('ghost', 'icon', 'md:hidden')} aria-label={messageTexts.back}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Avatar name={otherUser.displayName} src={otherUser.profileImage} size={36} />
        <h2 className="truncate text-lg font-bold text-white">{otherUser.displayName}</h2>
      </header>
      <ol aria-label="Messages" className="flex flex-1 flex-col gap-3 px-4 py-4">
        {thread.data.messages.length === 0 ? (
          <li className="py-10 text-center text-sm text-zinc-400">{messageTexts.noMessages}</li>
        ) : null}
        {thread.data.messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'flex max-w-[85%] flex-col gap-1',
              message.fromMe ? 'items-end self-end' : 'items-start self-start',
            )}
          >
            <p className="text-xs text-zinc-400">
              <span className="font-semibold text-zinc-200">
                {message.fromMe ? messageTexts.you : message.senderName}
              </span>
              {' · '}
              <time dateTime={message.createdAt}>{formatMessageDate(message.createdAt)}</time>
            </p>
            <p
              className={cn(
                'whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug',
                message.fromMe ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-zinc-800 text-zinc-100',
              )}
            >
              {message.text}
            </p>
            <p className="text-xs text-zinc-400">{messageTexts.re(message.offerTitle ?? messageTexts.unknownOffer)}</p>
          </li>
        ))}
      </ol>
      <div ref={bottom} />
      {thread.data.messages.length > 0 ? (
        <div className="sticky bottom-16 border-t border-line bg-ink/95 px-3 pt-3 backdrop-blur md:bottom-0">
          <MessageComposer
            compact
            label={messageTexts.replyLabel(otherUser.displayName)}
            onSend={(text) => reply.mutateAsync(text)}
          />
        </div>
      ) : null}
    </section>
  );
}
