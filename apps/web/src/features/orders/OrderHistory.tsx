/**
 * The order's history, oldest first: each move, when, and the note that came with it. Each kind's
 * label says who moved (an admin's too); a reported problem says which side reported it.
 */
import { useId } from 'react';
import { ordersTexts, type OrderDetail, type OrderEvent } from '@gigreel/core';
import { Card } from '../../ui/misc.tsx';
import { dateAndTime } from './dateAndTime.ts';

export function OrderHistory({ order }: { order: OrderDetail }) {
  const headingId = useId();
  if (!order.events.length) return null;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {ordersTexts.history}
      </h2>
      <ol aria-labelledby={headingId} className="ml-1.5 flex flex-col gap-4 border-l border-line pl-4">
        {order.events.map((event) => {
          const by = who(event);
          return (
            <li key={event.id} className="relative">
              <span className="absolute -left-[1.3rem] top-1.5 h-2 w-2 rounded-full bg-brand-400" aria-hidden="true" />
              <p className="break-words text-sm font-medium text-white">{ordersTexts.events[event.kind]}</p>
              <p className="text-xs text-zinc-400">
                {by ? `${by}, ` : null}
                <time dateTime={event.at}>{dateAndTime(event.at)}</time>
              </p>
              {event.note ? (
                <p className="mt-1.5 whitespace-pre-wrap break-words rounded-lg bg-ink/60 px-3 py-2 text-sm text-zinc-200">
                  {event.note}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** Who made a move whose label does not say so: the side that reported a problem, or an admin. */
function who(event: OrderEvent): string | null {
  if (event.kind === 'problem_reported' && (event.by === 'buyer' || event.by === 'seller'))
    return ordersTexts.problem.reportedBy[event.by];
  // the resolutions' labels name the admin already
  if (event.by === 'admin' && !event.kind.startsWith('resolved_')) return 'Admin';
  return null;
}
