/**
 * The two steps of paying a seller (SPEC section 7): open their payment page in a new tab, then
 * confirm. Used by the Complete Payment dialog and by an unpaid order's page.
 */
import { ExternalLink } from 'lucide-react';
import { formatPence, ordersTexts } from '@gigreel/core';
import { Button, buttonClass } from '../../ui/button.tsx';

type Props = {
  paymentLink: string;
  pricePence: number | null;
  sellerName: string;
  note?: string | null;
  confirming: boolean;
  onConfirm: () => void;
};

export function PaymentSteps({ paymentLink, pricePence, sellerName, note, confirming, onConfirm }: Props) {
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl border border-line bg-ink/60 p-4">
        <p className="text-sm text-zinc-300">Pay {sellerName}</p>
        {pricePence !== null ? <p className="text-2xl font-bold text-white">{formatPence(pricePence)}</p> : null}
        {note ? <p className="mt-2 text-sm text-zinc-300">{note}</p> : null}
      </div>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-zinc-300">
        <li>Open the payment page and send the payment.</li>
        <li>Come back here and tap &ldquo;{ordersTexts.iHavePaid}&rdquo;.</li>
      </ol>
      <a href={paymentLink} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'lg')}>
        {ordersTexts.openPaymentPage}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <Button size="lg" busy={confirming} onClick={onConfirm}>
        {ordersTexts.iHavePaid}
      </Button>
    </div>
  );
}
