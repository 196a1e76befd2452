/**
 * Canned order messages (SPEC section 4): four keys per role, each with a fixed label and emoji.
 * The spec gives one label ("Still waiting on delivery"); the other seven are ours.
 */
import type { OrderStatus } from './constants.ts';
import type { OrderRole } from './orders.machine.ts';

export const BUYER_MESSAGE_KEYS = ['waiting', 'not_happy', 'update', 'all_good'] as const;
export const SELLER_MESSAGE_KEYS = ['delivered', 'working', 'need_info', 'support'] as const;
export type OrderMessageKey = (typeof BUYER_MESSAGE_KEYS)[number] | (typeof SELLER_MESSAGE_KEYS)[number];

/** Each message with the states it fits: no "Still waiting on delivery" once delivered, nothing on a cancelled order. */
export const ORDER_MESSAGES: Record<
  OrderMessageKey,
  { role: OrderRole; label: string; emoji: string; fits: readonly OrderStatus[] }
> = {
  waiting: { role: 'buyer', label: 'Still waiting on delivery', emoji: '⏳', fits: ['paid'] },
  not_happy: { role: 'buyer', label: "I'm not happy with the delivery", emoji: '😕', fits: ['delivered'] },
  update: { role: 'buyer', label: 'Can I get an update?', emoji: '🔔', fits: ['paid'] },
  all_good: { role: 'buyer', label: 'All good, thank you!', emoji: '👍', fits: ['delivered', 'completed'] },
  delivered: { role: 'seller', label: 'Your order has been delivered', emoji: '📦', fits: ['delivered'] },
  working: { role: 'seller', label: "I'm working on it", emoji: '🛠️', fits: ['paid'] },
  need_info: { role: 'seller', label: 'I need more information', emoji: '❓', fits: ['awaiting_payment', 'paid'] },
  support: {
    role: 'seller',
    label: "Contact support if there's a problem",
    emoji: '🛟',
    fits: ['paid', 'delivered', 'completed'],
  },
};

/** The messages one side may send on an order in `status`, in their fixed order. */
export function messageKeysFor(role: OrderRole, status: OrderStatus): readonly OrderMessageKey[] {
  const keys = role === 'buyer' ? BUYER_MESSAGE_KEYS : SELLER_MESSAGE_KEYS;
  return keys.filter((key) => ORDER_MESSAGES[key].fits.includes(status));
}

export function isMessageKeyFor(role: OrderRole, key: string): key is OrderMessageKey {
  return ((role === 'buyer' ? BUYER_MESSAGE_KEYS : SELLER_MESSAGE_KEYS) as readonly string[]).includes(key);
}

/** "⏳ Still waiting on delivery"; an unknown key is shown as itself. */
export function orderMessageText(key: string): string {
  const message = ORDER_MESSAGES[key as OrderMessageKey];
  return message ? `${message.emoji} ${message.label}` : key;
}
