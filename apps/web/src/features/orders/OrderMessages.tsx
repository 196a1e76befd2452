/** The order's message log and the canned messages of the viewer's side that fit the order's state (SPEC section 4). */
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  MESSAGE_MAX,
  messageKeysFor,
  ORDER_MESSAGES,
  orderMessageText,
  ordersTexts,
  texts,
  type OrderDetail,
  type OrderRole,
} from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { Card } from '../../ui/misc.tsx';
import { dateAndTime } from './dateAndTime.ts';
import { useSendOrderMessage } from './orders.queries.ts';

export function OrderMessages({ order }: { order: OrderDetail }) {
  const send = useSendOrderMessage(order.id);
  const role: OrderRole | null = order.viewerRole === 'admin' ? null : order.viewerRole;
  // Only the messages that fit where the order is (none on a cancelled one).
  const quick = role ? messageKeysFor(role, order.status) : [];
  const who = (sender: OrderRole) =>
    sender === role
      ? 'You'
      : sender === 'buyer'
        ? (order.buyer?.displayName ?? 'Buyer')
        : (order.seller?.displayName ?? 'Seller');
  return (
    <Card className="flex flex-col gap-4 p-4">
      <h2 className="text-lg font-bold text-white">Messages</h2>
      {order.messages.length ? (
        <ol aria-label="Message log" className="flex flex-col gap-2">
          {order.messages.map((message) => (
            <li
              key={message.id}
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${message.senderRole === role ? 'self-end bg-brand-600 text-white' : 'self-start bg-zinc-800 text-zinc-100'}`}
            >
              <p className="whitespace-pre-wrap break-words">{message.text ?? orderMessageText(message.key ?? '')}</p>
              <p className="mt-0.5 text-xs opacity-80">
                {who(message.senderRole)} · {dateAndTime(message.sentAt)}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-400">
          {quick.length ? 'No messages yet. Use a quick message below to keep each other posted.' : 'No messages yet.'}
        </p>
      )}
      {quick.length ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-zinc-300">Quick messages</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {quick.map((key) => (
              <button
                key={key}
                type="button"
                disabled={send.isPending}
                onClick={() => send.mutate({ key }, { onSuccess: () => toast.success(ordersTexts.messageSent) })}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-line bg-ink/60 px-3 py-2 text-left text-sm text-zinc-100 hover:bg-white/5 disabled:opacity-60"
              >
                <span aria-hidden="true">{ORDER_MESSAGES[key].emoji}</span>
                {ORDER_MESSAGES[key].label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {role && order.status !== 'cancelled' ? <MessageForm send={send} /> : null}
    </Card>
  );
}

/** The party's own words (SPEC section 5 message rules); the server's refusal is said at the field. */
function MessageForm({ send }: { send: ReturnType<typeof useSendOrderMessage> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(texts.validation.invalidMessageBody);
    send.mutate(
      { text },
      {
        onSuccess: () => setText(''),
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.status === 400 ? failure.message : undefined),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <TextAreaField
        label={ordersTexts.writeMessage}
        value={text}
        maxLength={MESSAGE_MAX}
        rows={2}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        error={error}
        counter={`${text.length}/${MESSAGE_MAX}`}
      />
      <Button type="submit" className="self-end" busy={send.isPending}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {ordersTexts.sendMessage}
      </Button>
    </form>
  );
}
