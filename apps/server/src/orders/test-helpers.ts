/** Small factories for the orders and jobs API tests. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { OrderStatus } from '@gigreel/core';
import { offers, orders } from '../db/schema.ts';
import type { TestApp } from '../../test/harness.ts';

/** A multipart body as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field?: string; name: string; type?: string; data: Buffer }> = [],
) {
  const boundary = `----gigreel${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const pngBytes = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();

export async function createPaidOffer(
  t: TestApp,
  sellerId: string,
  input: Partial<{
    isPaidOffer: boolean;
    isApproved: boolean;
    pricePence: number | null;
    paypalLink: string | null;
    title: string;
  }> = {},
) {
  const [row] = await t.deps.database.db
    .insert(offers)
    .values({
      userId: sellerId,
      title: input.title ?? 'A logo in 48 hours',
      mediaKey: 'offers/demo/logo.jpg',
      mediaType: 'image/jpeg',
      isPaidOffer: input.isPaidOffer ?? true,
      pricePence: input.pricePence === undefined ? 4500 : input.pricePence,
      paypalLink: input.paypalLink === undefined ? 'https://www.paypal.com/paypalme/seller' : input.paypalLink,
      isApproved: input.isApproved ?? true,
    })
    .returning({ id: offers.id });
  return row!.id;
}

/** An order placed directly in a given state, for trying moves from every state; `placedAt` defaults to now. */
export async function createOrderIn(
  t: TestApp,
  status: OrderStatus,
  parties: { buyerId: string; sellerId: string; offerId?: string; placedAt?: Date },
) {
  const now = parties.placedAt ?? t.clock.now();
  const [row] = await t.deps.database.db
    .insert(orders)
    .values({
      buyerId: parties.buyerId,
      sellerId: parties.sellerId,
      offerId: parties.offerId ?? null,
      title: `Order ${status}`,
      pricePence: 1000,
      status,
      paypalLink: 'https://www.paypal.com/paypalme/seller',
      createdAt: now,
      paidAt: status === 'awaiting_payment' ? null : now,
      deliveredAt: status === 'delivered' || status === 'completed' ? now : null,
      completedAt: status === 'completed' ? now : null,
      ...(status === 'delivered' || status === 'completed'
        ? {
            deliveryKey: `deliveries/orders/x/${randomUUID()}.pdf`,
            deliveryFileName: 'brief.pdf',
            deliveryContentType: 'application/pdf',
          }
        : {}),
    })
    .returning({ id: orders.id });
  return row!.id;
}
