/**
 * The two steps of paying a seller (SPEC section 7): open their payment page in a new tab, then
 * confirm. Used by the Complete Payment dialog and by an unpaid order's page.
 *
 * Before the buyer leaves (issue 17), the page says plainly where they are going: the payment
 * page's host, whether it is a payment provider GigReel knows (any other host carries a warning),
 * and that GigReel does not hold the money.
 */
import { useId } from 'react';
import { BadgeCheck, ExternalLink, TriangleAlert } from 'lucide-react';
import { describePaymentLink, formatPence, ordersTexts, paymentLinkTexts as t } from '@gigreel/core';
import { Button, buttonClass } from '../../ui/button.tsx';

type Props = {
  /** An https link from sellerPaymentLink. */
  paymentLink: string;
  pricePence: number | null;
  sellerName: string;
  note?: string | null;
  confirming: boolean;
  onConfirm: () => void;
};

export function PaymentSteps({ paymentLink, pricePence, sellerName, note, confirming, onConfirm }: Props) {
  const destinationId = useId();
  const destination = describePaymentLink(paymentLink);
  // sellerPaymentLink gives only links it can describe; anything else is no payment link at all
  if (!destination) return <p className="text-sm text-zinc-300">{ordersTexts.noPaymentLink}</p>;
  const { host, provider } = destination;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="rounded-xl border border-line bg-ink/60 p-4">
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">Pay {sellerName}</p>
        {pricePence !== null ? <p className="text-2xl font-bold text-white">{formatPence(pricePence)}</p> : null}
        {note ? <p className="mt-2 text-sm text-zinc-300 [overflow-wrap:anywhere]">{note}</p> : null}
      </div>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-zinc-300">
        <li>Open the payment page and send the payment.</li>
        <li>Come back here and tap &ldquo;{ordersTexts.iHavePaid}&rdquo;.</li>
      </ol>
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <p id={destinationId} className="text-zinc-100 [overflow-wrap:anywhere]">
          {t.goingToLead} <strong className="font-bold text-white">{host}</strong>{' '}
          {t.goingToPay(sellerName, pricePence !== null ? formatPence(pricePence) : null)}
        </p>
        {provider ? (
          <p className="flex items-start gap-2 text-emerald-300">
            <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{t.knownProvider(host, provider)}</span>
          </p>
        ) : (
          <p
            role="note"
            className="flex items-start gap-2 rounded-lg border border-amber-700/70 bg-amber-950/50 p-3 text-amber-100"
          >
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{t.unknownProvider(host)}</span>
          </p>
        )}
        <p className="text-zinc-300">{t.notHeld}</p>
      </div>
      <a
        href={paymentLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={destinationId}
        className={buttonClass('outline', 'lg')}
      >
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
