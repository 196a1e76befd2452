/** Every message between people, newest first, with a detail view (SPEC section 2, Messages tab). */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { adminTexts, formatDate, MESSAGE_PREVIEW_CHARS, type AdminMessage } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { useMessages } from './admin.queries.ts';
import { useErrorToast } from './useErrorToast.ts';
import { ShowMore } from '../../ui/show-more.tsx';

const t = adminTexts.messages;
const preview = (text: string) =>
  text.length > MESSAGE_PREVIEW_CHARS ? `${text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : text;
const name = (side: AdminMessage['from']) => side?.displayName ?? t.unknown;

export default function MessagesTab() {
  const messages = useMessages();
  const [open, setOpen] = useState<AdminMessage | null>(null);
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = messages.data?.pages[0]?.total ?? 0;
  useErrorToast(messages.error, t.fetchFailed);
  return (
    <section aria-labelledby="messages-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="messages-title" className="flex items-center gap-2 text-xl font-bold text-white">
          Messages{' '}
          <Badge variant="secondary">
            <span className="sr-only">Total </span>
            {total}
          </Badge>
        </h2>
        <Button size="sm" variant="outline" busy={messages.isRefetching} onClick={() => void messages.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
        </Button>
      </div>
      {messages.isPending ? <Spinner /> : null}
      {messages.isError ? (
        <p role="alert" className="text-red-300">
          {t.fetchFailed}
        </p>
      ) : null}
      {messages.isSuccess && items.length === 0 ? <EmptyState title={t.empty} /> : null}
      <ul className="flex flex-col gap-2">
        {items.map((message) => (
          <li
            key={message.id}
            className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-4 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold text-white">{message.offerTitle ?? t.unknownOffer}</p>
              <p className="text-xs text-zinc-400">
                From {name(message.from)} · To {name(message.to)} · {formatDate(message.createdAt)}
              </p>
              <p className="mt-1 break-words text-sm text-zinc-200">{preview(message.message)}</p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              className="self-start"
              onClick={() => setOpen(message)}
              aria-label={`View message from ${name(message.from)}`}
            >
              View
            </Button>
          </li>
        ))}
      </ul>
      <ShowMore list={messages} texts={t.more} className="px-0" />
      <Dialog open={open !== null} onOpenChange={(value) => !value && setOpen(null)} title="Message">
        {open ? (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-zinc-400">From</dt>
              <dd className="text-white">{name(open.from)}</dd>
              <dt className="text-zinc-400">To</dt>
              <dd className="text-white">{name(open.to)}</dd>
              <dt className="text-zinc-400">Offer</dt>
              <dd className="text-white">{open.offerTitle ?? t.unknownOffer}</dd>
              <dt className="text-zinc-400">Date</dt>
              <dd className="text-white">
                {formatDate(open.createdAt)} {new Date(open.createdAt).toLocaleTimeString('en-US')}
              </dd>
            </dl>
            <p className="whitespace-pre-wrap break-words rounded-xl bg-white/5 p-3 text-sm text-zinc-100">
              {open.message}
            </p>
            <Button variant="outline" className="self-end" onClick={() => setOpen(null)}>
              Close
            </Button>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
