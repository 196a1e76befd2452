/**
 * Signed delivery download links (SPEC section 6: valid one hour). The link itself is the permission:
 * an HMAC over the order, its delivery file and the expiry, keyed with the server's secret, so it
 * cannot be forged, stretched, or turned into a link to another file, and needs no session to follow.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_SECONDS } from '@gigreel/core';

function signature(secret: string, orderId: string, deliveryKey: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`order-delivery\n${orderId}\n${deliveryKey}\n${expires}`)
    .digest('base64url');
}

/** A link to one delivered file of the order (an order keeps every file it was delivered). */
export function signDeliveryLink(
  secret: string,
  orderId: string,
  delivery: { id: number; storageKey: string },
  now: Date,
): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_LINK_SECONDS;
  const sig = signature(secret, orderId, delivery.storageKey, expires);
  return {
    url: `/api/orders/${orderId}/delivery/file?expires=${expires}&sig=${sig}&delivery=${delivery.id}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function verifyDeliveryLink(
  secret: string,
  orderId: string,
  deliveryKey: string,
  expires: number,
  sig: string,
  now: Date,
): boolean {
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, orderId, deliveryKey, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
