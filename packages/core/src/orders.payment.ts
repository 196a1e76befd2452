/**
 * Where the buyer pays (SPEC section 7): the seller's own payment link, or else a personal
 * payment-provider link built from the seller's display name.
 */
export const PERSONAL_PAYMENT_BASE = 'https://www.paypal.com/paypalme/';

export function personalPaymentLink(displayName: string): string {
  const handle = displayName.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return `${PERSONAL_PAYMENT_BASE}${handle || 'gigreel'}`;
}

/** Only http(s) links are ever opened; anything else falls back to the personal link. */
export function paymentLinkFor(seller: { paypalLink: string | null | undefined; displayName: string }): string {
  const link = seller.paypalLink?.trim();
  if (link && /^https?:\/\//i.test(link)) return link;
  return personalPaymentLink(seller.displayName);
}
