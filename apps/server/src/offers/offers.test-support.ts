/** Small factories for the offers, feed and engagement tests. */
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { NO_PROOF, offerFields, rankScore, type OfferFormValues } from '@gigreel/core';
import type { TestApp, TestClient } from '../../test/harness.ts';
import { findFfmpeg } from '../platform/media.ts';
import { markApproved, replaceOfferTags, writeOwnOffer } from './offers.queries.ts';

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gigreel${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const freeOffer = (overrides: Partial<Record<keyof OfferFormValues, string>> = {}): Record<string, string> => ({
  title: 'Logo design in a day',
  link: 'example.com/logos',
  tags: 'Design, logo',
  ...overrides,
});

export async function putOffer(
  client: TestClient,
  fields: Record<string, string>,
  media?: { data: Buffer; filename: string; contentType: string },
) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (media) parts.push({ name: 'media', ...media });
  const body = multipart(parts);
  return client.request({ method: 'PUT', url: '/api/offers/mine', payload: body.payload, headers: body.headers });
}

export async function pngImage(width = 1200, height = 2400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** A one-second MP4 with its index at the end (ffmpeg's default), so fast-start is visible in tests. */
export function slowStartMp4(file: string): void {
  execFileSync(findFfmpeg(), [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=180x320:rate=10',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

/** Every stored file under DATA_DIR/files (local storage). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** An offer written straight through the queries (no media processing), approved unless told otherwise. */
export async function seedOffer(
  t: TestApp,
  userId: string,
  options: {
    title?: string;
    tags?: string;
    approved?: boolean;
    media?: boolean;
    createdAt?: Date;
    paid?: boolean;
  } = {},
): Promise<string> {
  const createdAt = options.createdAt ?? t.clock.now();
  const input = offerFields.parse(
    options.paid
      ? {
          title: options.title ?? 'Paid offer',
          isPaidOffer: 'true',
          price: '10',
          paypalLink: 'paypal.me/x',
          purchaseNote: 'note',
          tags: options.tags ?? '',
        }
      : { title: options.title ?? 'An offer', link: 'example.com', tags: options.tags ?? '' },
  );
  return t.deps.database.db.transaction(async (tx) => {
    const id = await writeOwnOffer(tx, {
      userId,
      existingId: null,
      offer: input,
      now: createdAt,
      media:
        options.media === false
          ? null
          : { mediaKey: `offers/${userId}/${createdAt.getTime()}.webp`, mediaType: 'image/webp', posterKey: null },
      rankScore: rankScore(NO_PROOF, createdAt),
    });
    await replaceOfferTags(tx, id, input.tags);
    if (options.approved !== false) await markApproved(tx, id);
    return id;
  });
}
