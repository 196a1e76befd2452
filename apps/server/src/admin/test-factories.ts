/** Small factories for the admin API tests: offers, orders and messages written straight to the database. */
import sharp from 'sharp';
import type { TestApp } from '../../test/harness.ts';
import { gigMessages, offers, orders } from '../db/schema.ts';

export async function createOffer(
  t: TestApp,
  userId: string,
  values: Partial<typeof offers.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(offers)
    .values({
      userId,
      title: `Offer of ${userId}`,
      link: 'https://example.com',
      isApproved: true,
      mediaKey: `offers/${userId}/1.jpg`,
      mediaType: 'image/jpeg',
      ...values,
    })
    .returning({ id: offers.id });
  return row!.id;
}

export async function createOrder(
  t: TestApp,
  values: Partial<typeof orders.$inferInsert> & { sellerId: string; buyerId: string },
): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(orders)
    .values({ title: 'An order', pricePence: 1000, status: 'awaiting_payment', ...values })
    .returning({ id: orders.id });
  return row!.id;
}

export async function createMessage(
  t: TestApp,
  values: Partial<typeof gigMessages.$inferInsert> & { senderId: string | null; receiverId: string | null },
): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(gigMessages)
    .values({ message: 'Hello there', ...values })
    .returning({ id: gigMessages.id });
  return row!.id;
}

export const pngBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();

/** A multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; field?: string; type: string; bytes: Buffer },
) {
  const boundary = `----gigreel${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'media'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
