/**
 * Where the buyer pays (SPEC section 7): only ever a link the seller entered themselves (the offer's
 * payment link; for a private job, the designer's profile link). No link is ever made up from a
 * display name: names are not unique, and the account behind such a link may be a stranger's.
 *
 * Payment links are https only (issue 17): the forms refuse an explicit http:// link, and a stored
 * one is never opened. Before the buyer leaves, the page says plainly which host they are going to,
 * and whether that host is a payment provider GigReel knows.
 */
import { normalizeLink, type LinkCheck } from './sanitize.ts';

const goingToLead = 'You are going to';
const goingToPay = (seller: string, amount: string | null) => `to pay ${seller}${amount ? ` ${amount}` : ''}`;

/** The texts of payment links: the forms' refusal and the buyer's payment step. */
export const paymentLinkTexts = {
  /** A form's field message for a link that starts with http:// (or any other non-https scheme). */
  httpsOnly: 'Payment links must start with https://',
  /** "You are going to {host} to pay {seller} {amount}", in parts so that the host can be shown in bold. */
  goingToLead,
  goingToPay,
  goingTo: (host: string, seller: string, amount: string | null) =>
    `${goingToLead} ${host} ${goingToPay(seller, amount)}`,
  knownProvider: (host: string, provider: string) => `${host} is ${provider}'s payment page.`,
  unknownProvider: (host: string) =>
    `${host} is not a payment provider GigReel knows. Check the address before you pay.`,
  notHeld: 'GigReel does not hold the money: you pay the seller directly, and the seller confirms it arrived.',
} as const;

/**
 * The payment providers GigReel knows, by the domain of their payment pages. A host matches its
 * domain exactly or as a subdomain ("www.paypal.com"), never by a look-alike ("paypal.me.evil.com",
 * "evilpaypal.com").
 */
export const PAYMENT_PROVIDERS: readonly { domain: string; name: string }[] = [
  { domain: 'paypal.me', name: 'PayPal' },
  { domain: 'paypal.com', name: 'PayPal' },
  { domain: 'buy.stripe.com', name: 'Stripe' },
  { domain: 'checkout.stripe.com', name: 'Stripe' },
  { domain: 'ko-fi.com', name: 'Ko-fi' },
  { domain: 'buymeacoffee.com', name: 'Buy Me a Coffee' },
  { domain: 'gumroad.com', name: 'Gumroad' },
  { domain: 'revolut.me', name: 'Revolut' },
  { domain: 'monzo.me', name: 'Monzo' },
  { domain: 'wise.com', name: 'Wise' },
  { domain: 'venmo.com', name: 'Venmo' },
  { domain: 'cash.app', name: 'Cash App' },
];

export type PaymentLinkInfo = {
  /** Lowercased (an international name in its xn-- form, as the browser goes there), without a leading "www.". */
  host: string;
  /** The known provider's name ('PayPal'), or null for any other host. */
  provider: string | null;
};

/**
 * Where a payment link goes: its host, and the known provider it belongs to. Null when the link is
 * not an https URL with a host (sellerPaymentLink never gives such a link).
 */
export function describePaymentLink(link: string): PaymentLinkInfo | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  // "paypal.me." is the same host as "paypal.me"
  const hostname = url.hostname.toLowerCase();
  let end = hostname.length;
  while (end > 0 && hostname[end - 1] === '.') end -= 1;
  const host = hostname.slice(0, end);
  if (!host) return null;
  const known = PAYMENT_PROVIDERS.find(({ domain }) => host === domain || host.endsWith(`.${domain}`));
  return { host: host.startsWith('www.') ? host.slice(4) : host, provider: known?.name ?? null };
}

/** The link the buyer is sent to: the seller's own, and only when it is an https URL; otherwise null. */
export function sellerPaymentLink(entered: string | null | undefined): string | null {
  const link = entered?.trim();
  if (!link || !/^https:\/\//i.test(link)) return null;
  return describePaymentLink(link) ? link : null;
}

/**
 * A payment link as a seller (or an admin for them) enters it: the offer link rule of normalizeLink
 * (https:// added when no scheme is typed), and then https only. An explicit http:// link is refused
 * with paymentLinkTexts.httpsOnly; the other messages are normalizeLink's.
 */
export function normalizePaymentLink(raw: string): LinkCheck {
  if (/^\s*http:/i.test(raw)) return { ok: false, message: paymentLinkTexts.httpsOnly };
  const checked = normalizeLink(raw);
  if (checked.ok && !checked.url.startsWith('https://')) return { ok: false, message: paymentLinkTexts.httpsOnly };
  return checked;
}
