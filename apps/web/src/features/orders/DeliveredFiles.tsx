/** Every file the seller delivered, oldest first, each downloaded through a fresh one-hour link. */
import { Download, FileText } from 'lucide-react';
import { useId } from 'react';
import { ordersTexts, type OrderDelivery, type OrderDetail } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/misc.tsx';
import { dateAndTime } from './dateAndTime.ts';
import { useDeliveryLink } from './orders.queries.ts';

/** The signed link answers as an attachment; a link clicked in the page saves it under its name. */
function saveFile(url: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function DeliveredFiles({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const link = useDeliveryLink(order.id);
  if (!order.deliveries.length) return null;
  const latest = order.deliveries.length > 1 ? order.deliveries.at(-1)?.id : undefined;
  const download = (delivery: OrderDelivery) =>
    link.mutate(delivery.id, { onSuccess: ({ url }) => saveFile(url, delivery.fileName) });
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {ordersTexts.deliveries}
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-col gap-2">
        {order.deliveries.map((delivery) => (
          <li key={delivery.id} className="flex items-center gap-3 rounded-xl border border-line bg-ink/60 p-3">
            <FileText className="h-5 w-5 shrink-0 text-brand-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-white [overflow-wrap:anywhere]">{delivery.fileName}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
                <time dateTime={delivery.deliveredAt}>{dateAndTime(delivery.deliveredAt)}</time>
                {delivery.id === latest ? <Badge variant="secondary">{ordersTexts.latest}</Badge> : null}
              </p>
            </div>
            <Button
              variant="outline"
              className="shrink-0"
              busy={link.isPending && link.variables === delivery.id}
              disabled={link.isPending}
              onClick={() => download(delivery)}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {ordersTexts.download} <span className="sr-only">{delivery.fileName}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
