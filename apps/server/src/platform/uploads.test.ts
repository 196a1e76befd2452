/**
 * Uploads through the real app: what a request may weigh, what offer media may be, what a private
 * file is called, and one media job at a time per person.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELIVERY_MAX_FILE_BYTES, MB, texts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { mediaProcessing, users } from '../db/schema.ts';
import { freeOffer, pngImage, putOffer, storedFiles } from '../offers/offers.test-support.ts';
import { createOrderIn, multipart, pdfBytes, pngBytes } from '../orders/test-helpers.ts';
import { findFfmpeg } from './media.ts';
import { MEDIA_SLOT_STALE_MS, withMediaSlot } from './media-slots.ts';
import { maxRequestBytes } from './uploads.ts';

const v = texts.validation;
type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;
let designer: Signed;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  designer = await t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' });
  await t.deps.database.db
    .update(users)
    .set({ paypalLink: 'https://www.paypal.com/paypalme/dana' })
    .where(eq(users.id, designer.user.id));
  [seller, buyer] = await Promise.all([t.signedIn({ name: 'Sam Seller' }), t.signedIn({ name: 'Ben Buyer' })]);
  work = await mkdtemp(path.join(tmpdir(), 'gigreel-uploads-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await t.close();
});

const ffmpeg = (...args: string[]) => execFileSync(findFfmpeg(), ['-nostdin', '-loglevel', 'error', '-y', ...args]);
const video = async (name: string, ...args: string[]) => {
  const file = path.join(work, name);
  ffmpeg(...args, file);
  return readFile(file);
};
const tempFiles = async () =>
  (await readdir(path.join(t.dataDir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
    (entry) => entry.isFile(),
  );
const paidOrder = () => createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
const deliver = (orderId: string, file: { name: string; data: Buffer }) => {
  const body = multipart({}, [{ field: 'file', ...file }]);
  return seller.request({
    method: 'POST',
    url: `/api/orders/${orderId}/delivery`,
    payload: body.payload,
    headers: body.headers,
  });
};
const sendJob = (c: TestClient, files: Array<{ name: string; data: Buffer }>) => {
  const body = multipart(
    { title: 'Poster', deliveryTime: '3 Days' },
    files.map((file) => ({ field: 'files', ...file })),
  );
  return c.request({ method: 'POST', url: '/api/jobs', payload: body.payload, headers: body.headers });
};
const orderRow = async (id: string) =>
  (
    await t.deps.database.query<{ status: string; delivery_key: string | null }>(
      'select status, delivery_key from orders where id = $1',
      [id],
    )
  )[0]!;

describe('a request bigger than its route can ever accept', () => {
  const limit = maxRequestBytes({ maxFileBytes: DELIVERY_MAX_FILE_BYTES, maxFiles: 1 });
  // One valid file within its own limit, carried in a body that is larger than the route takes in total.
  const oversized = () => {
    const body = multipart({}, [{ field: 'file', name: 'logo.pdf', data: pdfBytes() }]);
    const padding = Buffer.alloc(limit - body.payload.length + 1, 'x');
    return { payload: Buffer.concat([padding, Buffer.from('\r\n'), body.payload]), headers: body.headers };
  };

  it('is refused with 413 from its declared length, and nothing is written', async () => {
    const id = await paidOrder();
    const before = await storedFiles(t);
    const body = oversized();
    const response = await seller.request({
      method: 'POST',
      url: `/api/orders/${id}/delivery`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'request_too_large', message: v.uploadTooLarge });
    expect(await orderRow(id)).toEqual({ status: 'paid', delivery_key: null });
    expect(await storedFiles(t)).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('is refused with 413 as it streams in when it declares no length, and nothing is written', async () => {
    const id = await paidOrder();
    const before = await storedFiles(t);
    const body = oversized();
    // A stream body goes out chunked, without Content-Length.
    const chunks = Array.from({ length: Math.ceil(body.payload.length / (64 * 1024)) }, (_, index) =>
      body.payload.subarray(index * 64 * 1024, (index + 1) * 64 * 1024),
    );
    const response = await seller.request({
      method: 'POST',
      url: `/api/orders/${id}/delivery`,
      payload: Readable.from(chunks),
      headers: body.headers,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(v.uploadTooLarge);
    expect(await orderRow(id)).toEqual({ status: 'paid', delivery_key: null });
    expect(await storedFiles(t)).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('still takes a file right at its own limit', async () => {
    const id = await paidOrder();
    const data = Buffer.concat([pdfBytes(), Buffer.alloc(DELIVERY_MAX_FILE_BYTES - pdfBytes().length, ' ')]);
    const response = await deliver(id, { name: 'big.pdf', data });
    expect(response.statusCode).toBe(200);
  });
});

describe('what a private file is called', () => {
  it('drops bidirectional overrides, so "txt.pdf" cannot pose as a PDF, and stores it as the text it is', async () => {
    const id = await paidOrder();
    const response = await deliver(id, { name: 'invoice\u202Efdp.txt', data: Buffer.from('Thanks for the order.\n') });
    expect(response.statusCode).toBe(200);
    expect(response.json().order.delivery).toEqual({ fileName: 'invoicefdp.txt', contentType: 'text/plain' });
  });

  it('names a file by the type found in its bytes, not the extension it was sent with', async () => {
    const png = await deliver(await paidOrder(), { name: 'page.html', data: await pngBytes() });
    expect(png.json().order.delivery).toEqual({ fileName: 'page.png', contentType: 'image/png' });
    const pdf = await deliver(await paidOrder(), { name: 'setup.exe', data: pdfBytes() });
    expect(pdf.json().order.delivery).toEqual({ fileName: 'setup.pdf', contentType: 'application/pdf' });
  });

  it('sends the safe name in the download header', async () => {
    const id = await paidOrder();
    await deliver(id, { name: 'brief\u202Egpj.hta', data: pdfBytes() });
    const { url } = (await buyer.get(`/api/orders/${id}/delivery-link`)).json();
    const download = await buyer.get(url);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="briefgpj.pdf"; filename*=UTF-8''briefgpj.pdf`,
    );
  });

  it('takes plain text only under a text extension, and only when the whole file is text', async () => {
    const id = await paidOrder();
    for (const name of ['run.vbs', 'app.hta', 'script.js', 'noextension']) {
      const response = await deliver(id, { name, data: Buffer.from('CreateObject("WScript.Shell").Run "calc"\n') });
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error.message).toBe(v.invalidFileType);
    }
    const binaryTail = Buffer.concat([
      Buffer.from('Plain words at the start.\n'.repeat(200)),
      Buffer.from([0x4d, 0x5a, 0x00, 0x01]),
    ]);
    expect((await deliver(id, { name: 'notes.txt', data: binaryTail })).statusCode).toBe(415);
    expect(await orderRow(id)).toEqual({ status: 'paid', delivery_key: null });
  });

  it('names job files the same way, and refuses a type outside the job list', async () => {
    const sent = await sendJob(seller, [
      { name: 'ref\u202Egnp.hta', data: await pngBytes() },
      { name: 'brief.exe', data: pdfBytes() },
    ]);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().job.files.map((file: { fileName: string }) => file.fileName)).toEqual([
      'refgnp.png',
      'brief.pdf',
    ]);
    const icon = await sharpIcon();
    const refused = await sendJob(seller, [{ name: 'favicon.ico', data: icon }]);
    expect(refused.statusCode).toBe(415);
  });
});

/** A Windows icon: an image/* type the job list does not name. */
async function sharpIcon(): Promise<Buffer> {
  const png = await pngBytes();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(4, 6);
  header.writeUInt8(4, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

describe('offer media that ffmpeg may read', () => {
  it('refuses a container outside the plain list (AVI) by its bytes, storing nothing', async () => {
    const c = await t.signedIn();
    const avi = await video('clip.avi', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1', '-c:v', 'mpeg4');
    const response = await putOffer(c, freeOffer(), {
      data: avi,
      filename: 'clip.avi',
      contentType: 'video/x-msvideo',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(v.invalidFileType);
    expect((await storedFiles(t)).filter((file) => file.startsWith(`offers/${c.user.id}/`))).toEqual([]);
  });

  it('refuses a manifest dressed as an MP4 and keeps the file it names out of the feed', async () => {
    const c = await t.signedIn();
    const secret = path.join(work, 'secret.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=5',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      secret,
    );
    const mpd =
      `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S">` +
      `<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000" width="64" height="64"><BaseURL>file://${secret}</BaseURL><SegmentBase/></Representation></AdaptationSet></Period></MPD>`;
    const ftyp = Buffer.from('00000018667479706973736f000002006973736f6d703431', 'hex');
    for (const data of [
      Buffer.concat([ftyp, Buffer.from(mpd)]),
      Buffer.from(`#EXTM3U\n#EXTINF:1.0,\n${secret}\n#EXT-X-ENDLIST\n`),
      Buffer.from('ffconcat version 1.0\nfile secret.mp4\n'),
    ]) {
      const response = await putOffer(c, freeOffer(), { data, filename: 'clip.mp4', contentType: 'video/mp4' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe(v.invalidFileType);
    }
    expect((await storedFiles(t)).filter((file) => file.startsWith(`offers/${c.user.id}/`))).toEqual([]);
  });

  it('refuses a tiny file that describes over a minute of 720p video, before transcoding it', async () => {
    const c = await t.signedIn();
    const long = await video(
      'long.webm',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=1280x720:rate=1',
      '-t',
      '61',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '10k',
    );
    expect(long.length).toBeLessThan(MB);
    const response = await putOffer(c, freeOffer(), { data: long, filename: 'long.webm', contentType: 'video/webm' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(v.videoTooLong);
  });

  it('refuses a video bigger than 1080 x 1920', async () => {
    const c = await t.signedIn();
    const wide = await video(
      'wide.mp4',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=2560x1440:rate=1',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
    );
    const response = await putOffer(c, freeOffer(), { data: wide, filename: 'wide.mp4', contentType: 'video/mp4' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(v.videoTooBig);
  });
});

describe('one media job at a time per person', () => {
  it('answers 429 to a second upload while the first is processing, and lets others and later uploads through', async () => {
    const c = await t.signedIn();
    const other = await t.signedIn();
    const png = await pngImage(200, 200);
    let finish: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = withMediaSlot(t.deps, c.user.id, () => {
      started();
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await running;
    const second = await putOffer(c, freeOffer(), { data: png, filename: 'photo.png', contentType: 'image/png' });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toBe(v.mediaBusy);
    expect(
      (await putOffer(other, freeOffer(), { data: png, filename: 'photo.png', contentType: 'image/png' })).statusCode,
    ).toBe(200);
    finish();
    await first;
    expect(
      (await putOffer(c, freeOffer(), { data: png, filename: 'photo.png', contentType: 'image/png' })).statusCode,
    ).toBe(200);
    expect(await t.deps.database.db.select().from(mediaProcessing)).toEqual([]);
  });

  it('takes over a slot left by a process that died mid-job once it is older than any job runs', async () => {
    const c = await t.signedIn();
    const png = await pngImage(200, 200);
    await t.deps.database.db.insert(mediaProcessing).values({ userId: c.user.id, startedAt: t.clock.now() });
    expect(
      (await putOffer(c, freeOffer(), { data: png, filename: 'photo.png', contentType: 'image/png' })).statusCode,
    ).toBe(429);
    t.clock.advance(MEDIA_SLOT_STALE_MS + 1);
    expect(
      (await putOffer(c, freeOffer(), { data: png, filename: 'photo.png', contentType: 'image/png' })).statusCode,
    ).toBe(200);
  });
});
