/**
 * Where the buyer pays (SPEC section 7): only ever a link the seller entered themselves (the offer's
 * payment link; for a private job, the designer's profile link). No link is ever made up from a
 * display name: names are not unique, and the account behind such a link may be a stranger's.
 */
export function sellerPaymentLink(entered: string | null | undefined): string | null {
  const link = entered?.trim();
  // Only http(s) links are ever opened.
  return link && /^https?:\/\//i.test(link) ? link : null;
}
