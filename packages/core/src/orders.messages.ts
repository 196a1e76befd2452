/**
 * Canned order messages (SPEC section 4): four keys per role, each with a fixed label and emoji.
 * The spec gives one label ("Still waiting on delivery"); the other seven are ours.
 */
import type { OrderRole } from './orders.machine.ts';

export const BUYER_MESSAGE_KEYS = ['waiting', 'not_happy', 'update', 'all_good'] as const;
export const SELLER_MESSAGE_KEYS = ['delivered', 'working', 'need_info', 'support'] as const;
export type OrderMessageKey = (typeof BUYER_MESSAGE_KEYS)[number] | (typeof SELLER_MESSAGE_KEYS)[number];

export const ORDER_MESSAGES: Record<OrderMessageKey, { role: OrderRole; label: string; emoji: string }> = {
  waiting: { role: 'buyer', label: 'Still waiting on delivery', emoji: '⏳' },
  not_happy: { role: 'buyer', label: "I'm not happy with the delivery", emoji: '😕' },
  update: { role: 'buyer', label: 'Can I get an update?', emoji: '🔔' },
  all_good: { role: 'buyer', label: 'All good, thank you!', emoji: '👍' },
  delivered: { role: 'seller', label: 'Your order has been delivered', emoji: '📦' },
  working: { role: 'seller', label: "I'm working on it", emoji: '🛠️' },
  need_info: { role: 'seller', label: 'I need more information', emoji: '❓' },
  support: { role: 'seller', label: "Contact support if there's a problem", emoji: '🛟' },
};

export function messageKeysFor(role: OrderRole): readonly OrderMessageKey[] {
  return role === 'buyer' ? BUYER_MESSAGE_KEYS : SELLER_MESSAGE_KEYS;
}

export function isMessageKeyFor(role: OrderRole, key: string): key is OrderMessageKey {
  return (messageKeysFor(role) as readonly string[]).includes(key);
}

/** "⏳ Still waiting on delivery"; an unknown key is shown as itself. */
export function orderMessageText(key: string): string {
  const message = ORDER_MESSAGES[key as OrderMessageKey];
  return message ? `${message.emoji} ${message.label}` : key;
}
