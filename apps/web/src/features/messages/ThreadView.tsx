/**
 * One conversation, oldest first: "You" or the sender's name, the date, the message and
 * "Re: {offer title}" (SPEC section 2). Opening it, and every new message while it is open, marks
 * it read. Text is rendered as text, never as HTML. The newest page comes first; "Show earlier
 * messages" at the top loads the page before it above, and the message the person was reading stays put.
 * The header offers Block / Unblock and Report (the other person; only the flag on a phone), and each
 * of their messages a small "Report" under it (that message, as it read when reported); while
 * the viewer has blocked the other person the reply box gives way to a note saying so (the server
 * would refuse the messages either way).
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { blocksTexts, messageTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState, Spinner } from '../../ui/misc.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { BlockButton, useBlockState } from '../blocks/index.ts';
import { ReportButton } from '../reports/index.ts';
import { formatMessageDate, linkParts } from './format.ts';
import { useMarkThreadRead, useReply, useThread } from './messages.queries.ts';
import { MessageComposer } from './MessageComposer.tsx';

/** The box that scrolls the thread: its own column on a wide screen, else the page. */
function scrollerOf(element: HTMLElement): HTMLElement | Window {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return window;
}

export function ThreadView({ userId }: { userId: string }) {
  const thread = useThread(userId);
  const markRead = useMarkThreadRead();
  const reply = useReply(userId);
  const blocked = useBlockState(userId).data?.blocked === true;
  const bottom = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  /** The oldest shown message and where it was on screen when earlier messages were asked for. */
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const pages = thread.data?.pages;
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((page) => page.messages) : undefined), [pages]);
  // The newest unread message from them: every new one that arrives while the thread is open is read.
  const latestUnread = messages?.findLast((m) => !m.fromMe && !m.readAt)?.id;
  const newest = messages?.at(-1)?.id;
  const oldest = messages?.[0]?.id;
  const { mutate } = markRead;

  useEffect(() => {
    if (latestUnread) mutate(userId);
  }, [latestUnread, userId, mutate]);

  // Opening the thread, and each new message at the bottom, shows the newest; earlier pages do not.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  // Earlier messages arrived above: scroll by as much as they pushed the message the person was reading.
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || oldest === kept.id) return;
    anchor.current = null;
    const element = list.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(kept.id)}"]`);
    if (!element) return;
    const shift = element.getBoundingClientRect().top - kept.top;
    if (shift !== 0) scrollerOf(element).scrollBy(0, shift);
  }, [oldest]);

  const showEarlier = () => {
    const element = oldest
      ? list.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(oldest)}"]`)
      : null;
    anchor.current = oldest && element ? { id: oldest, top: element.getBoundingClientRect().top } : null;
    void thread.fetchNextPage().then((result) => {
      if (result.isError) anchor.current = null;
    });
  };

  if (thread.isPending) return <Spinner />;
  // Not found (or failed) only without a page to show: a failed earlier page leaves the thread as it is.
  if (!pages?.[0] || !messages)
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
  const { otherUser, otherLinks } = pages[0];

  return (
    <section
      aria-label={`Conversation with ${otherUser.displayName}`}
      className="flex min-h-[calc(100dvh-8.5rem)] flex-col md:min-h-[calc(100dvh-5rem)]"
    >
      {/* The way back to the list is the app header's arrow (layout/BackButton.tsx): one arrow, not two. */}
      <header className="flex items-center gap-2 border-b border-line px-4 py-2">
        <Avatar name={otherUser.displayName} src={otherUser.profileImage} size={36} />
        <h2 className="min-w-0 flex-1 truncate text-lg font-bold text-white">{otherUser.displayName}</h2>
        <BlockButton userId={userId} displayName={otherUser.displayName} />
        <ReportButton kind="creator" id={userId} ownerId={userId} compact />
      </header>
      <ShowMore
        list={thread}
        texts={messageTexts.earlierMessages}
        failed={messageTexts.failedToLoad}
        onClick={showEarlier}
        className="pb-0"
      />
      <ol ref={list} aria-label="Messages" className="flex flex-1 flex-col gap-3 px-4 py-4">
        {messages.length === 0 ? (
          <li className="py-10 text-center text-sm text-zinc-400">{messageTexts.noMessages}</li>
        ) : null}
        {messages.map((message) => (
          <li
            key={message.id}
            data-message-id={message.id}
            className={cn(
              'flex min-w-0 max-w-[85%] flex-col gap-1',
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
                'max-w-full whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[15px] leading-snug [overflow-wrap:anywhere]',
                message.fromMe ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-zinc-800 text-zinc-100',
              )}
            >
              {message.fromMe || otherLinks ? <LinkedText text={message.text} /> : message.text}
            </p>
            <div className="flex max-w-full flex-wrap items-center gap-x-1">
              <p className="min-w-0 break-words text-xs text-zinc-400">
                {messageTexts.re(message.offerTitle ?? messageTexts.unknownOffer)}
              </p>
              {message.fromMe ? null : <ReportButton kind="message" id={message.id} ownerId={userId} subtle />}
            </div>
          </li>
        ))}
      </ol>
      <div ref={bottom} />
      {blocked ? (
        <div className="sticky bottom-16 border-t border-line bg-ink/95 px-4 py-3 backdrop-blur md:bottom-0">
          <p className="break-words text-sm text-zinc-300">{blocksTexts.youBlocked(otherUser.displayName)}</p>
        </div>
      ) : messages.length > 0 ? (
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

/** A message's links as links that open outside GigReel, the rest as text. */
function LinkedText({ text }: { text: string }) {
  return linkParts(text).map((part, index) =>
    part.href ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="underline decoration-1 underline-offset-2"
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
