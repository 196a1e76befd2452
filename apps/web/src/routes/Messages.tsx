/**
 * /messages (SPEC section 2): conversations grouped per other person, and the selected thread
 * (?with={userId}). Live: new messages arrive without a reload through the shared event stream,
 * which reconnects by itself and refetches what arrived meanwhile.
 */
import { WifiOff } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { messageTexts } from '@gigreel/core';
import { ConversationList, ThreadView, useConversations } from '../features/messages/index.ts';
import { useLiveUpdates } from '../features/realtime/index.ts';
import { ShowMore } from '../ui/show-more.tsx';
import { cn } from '../ui/cn.ts';
import { EmptyState, Spinner, LoadFailed } from '../ui/misc.tsx';

export default function MessagesPage() {
  const live = useLiveUpdates();
  const [params] = useSearchParams();
  const activeId = params.get('with');
  const conversations = useConversations();
  const pages = conversations.data?.pages;
  const total = pages?.[0]?.total ?? 0;
  const loaded = useMemo(() => pages?.flatMap((page) => page.conversations) ?? [], [pages]);

  return (
    <>
      {live === 'reconnecting' ? (
        <p
          role="status"
          className="sticky top-14 z-20 flex items-center justify-center gap-2 bg-amber-900/90 px-3 py-1.5 text-xs font-medium text-amber-100"
        >
          <WifiOff className="h-3.5 w-3.5" aria-hidden="true" /> {messageTexts.reconnecting}
        </p>
      ) : null}
      <div className="md:grid md:h-[calc(100dvh-3.5rem)] md:grid-cols-[340px_1fr] md:overflow-hidden">
        <section
          aria-labelledby="messages-title"
          className={cn('md:overflow-y-auto md:border-r md:border-line', activeId && 'hidden md:block')}
        >
          <header className="flex items-baseline gap-2 px-4 pb-2 pt-3">
            <h1 id="messages-title" className="text-2xl font-bold text-white">
              {messageTexts.pageTitle}
            </h1>
            {total > 0 ? (
              <span className="ml-auto text-sm text-zinc-400">{messageTexts.conversationCount(total)}</span>
            ) : null}
          </header>
          {conversations.isPending ? <Spinner /> : null}
          {conversations.isError && !conversations.isFetchNextPageError ? (
            <LoadFailed title={messageTexts.failedToLoad} query={conversations} />
          ) : null}
          {conversations.data && total === 0 ? (
            <EmptyState title={messageTexts.noMessages}>{messageTexts.noMessagesHint}</EmptyState>
          ) : null}
          {conversations.data && total > 0 ? <ConversationList conversations={loaded} activeId={activeId} /> : null}
          <ShowMore list={conversations} texts={messageTexts.moreConversations} failed={messageTexts.failedToLoad} />
        </section>
        <div className={cn('md:overflow-y-auto', !activeId && 'hidden md:flex md:items-center md:justify-center')}>
          {activeId ? (
            <ThreadView key={activeId} userId={activeId} />
          ) : (
            <p className="text-sm text-zinc-400">{total > 0 ? 'Select a conversation' : ''}</p>
          )}
        </div>
      </div>
    </>
  );
}
