/** Small factories for the orders and jobs API tests. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { OrderStatus } from '@gigreel/core';
import { offers, orderDeliveries, orderProblems, orders } from '../db/schema.ts';
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

/** What else an order placed in a state may say: its payment confirmed, its revisions. */
export type OrderSetup = { paymentConfirmed?: boolean; revisionsAllowed?: number; revisionsUsed?: number };

/**
 * An order placed directly in a given state, for trying moves from every state; `placedAt` defaults
 * to now. A delivered or completed one has its delivered file and a confirmed payment; a cancelled
 * one was cancelled by its buyer.
 */
export async function createOrderIn(
  t: TestApp,
  status: OrderStatus,
  parties: { buyerId: string; sellerId: string; offerId?: string; placedAt?: Date } & OrderSetup,
) {
  const now = parties.placedAt ?? t.clock.now();
  const delivered = status === 'delivered' || status === 'completed' || status === 'disputed';
  const deliveryKey = `deliveries/orders/x/${randomUUID()}.pdf`;
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
      paidAt: status === 'awaiting_payment' || status === 'cancelled' ? null : now,
      paymentConfirmedAt: delivered || (status === 'paid' && parties.paymentConfirmed) ? now : null,
      deliveredAt: delivered ? now : null,
      completedAt: status === 'completed' ? now : null,
      cancelledAt: status === 'cancelled' ? now : null,
      cancelledBy: status === 'cancelled' ? 'buyer' : null,
      revisionsAllowed: parties.revisionsAllowed ?? 1,
      revisionsUsed: parties.revisionsUsed ?? 0,
      ...(delivered ? { deliveryKey, deliveryFileName: 'brief.pdf', deliveryContentType: 'application/pdf' } : {}),
    })
    .returning({ id: orders.id });
  if (status === 'disputed')
    await t.deps.database.db.insert(orderProblems).values({
      orderId: row!.id,
      reportedBy: 'buyer',
      reason: 'not_as_described',
      details: 'Not what the offer showed.',
      reportedAt: now,
      fromStatus: 'delivered',
    });
  if (delivered)
    await t.deps.database.db.insert(orderDeliveries).values({
      orderId: row!.id,
      storageKey: deliveryKey,
      fileName: 'brief.pdf',
      contentType: 'application/pdf',
      deliveredAt: now,
    });
  return row!.id;
}
