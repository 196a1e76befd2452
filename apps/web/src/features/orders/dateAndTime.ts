import { formatDate } from '@gigreel/core';

/** "Mar 4, 2026 3:07 PM": when something happened on an order (messages, deliveries, its history). */
export const dateAndTime = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
