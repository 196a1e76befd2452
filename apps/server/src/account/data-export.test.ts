/**
 * "Download my data" (issue 19): one JSON file with the person's profile, offer, messages, orders
 * (with their history, messages, files and review), private jobs and saved offers; every message of
 * someone with more than a page of them, once each; other people by id and name only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMessage } from '../admin/test-factories.ts';
import { favorites, orderEvents, orderMessages, privateJobFiles, privateJobs, reviews } from '../db/schema.ts';
import { createOrderIn, createPaidOffer } from '../orders/test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let dana: Signed;
let seller: { id: string; email: string; name: string };
let buyer: { id: string; email: string; name: string };
let boughtId: string;
let soldId: string;
let jobId: string;
let savedOfferId: string;

/** The file as a browser downloads it, parsed. */
async function download(person: Signed) {
  const response = await person.get('/api/account/export');
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { response, data: JSON.parse(response.body) as Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp();
  dana = await t.signedIn({ name: 'Dana Data' });
  seller = { ...(await t.createUser({ name: 'Sid Seller' })) };
  buyer = { ...(await t.createUser({ name: 'Bo Buyer' })) };
  const db = t.deps.database;
  await createPaidOffer(t, dana.user.id, { title: 'Dana logo offer' });
  savedOfferId = await createPaidOffer(t, seller.id, { title: 'Sid sticker offer' });
  await db.db.insert(favorites).values({ userId: dana.user.id, offerId: savedOfferId });
  // 1,100 messages, more than two pages: half sent, half received, a millisecond apart but for 100 sharing
  // one instant, which the sent list's first page ends among (475 sent ones come before it)
  await db.query(
    `insert into gig_messages (sender_id, receiver_id, message, offer_title, created_at)
     select case when i % 2 = 0 then $1 else $2 end, case when i % 2 = 0 then $2 else $1 end, 'Message ' || i,
       'Sid sticker offer', case when i < 100 then timestamptz '2026-05-01 09:00:01.05+00' else timestamptz '2026-05-01 09:00:00+00' + i * interval '1 millisecond' end
     from generate_series(0, 1099) i`,
    [dana.user.id, seller.id],
  );
  await createMessage(t, { senderId: null, receiverId: dana.user.id, message: 'From someone who left' });
  boughtId = await createOrderIn(t, 'completed', { buyerId: dana.user.id, sellerId: seller.id, offerId: savedOfferId });
  await db.db.insert(orderEvents).values([
    { orderId: boughtId, kind: 'payment_claimed', byRole: 'buyer' },
    { orderId: boughtId, kind: 'completed', byRole: 'buyer', note: 'Lovely work' },
  ]);
  await db.db.insert(orderMessages).values([
    { orderId: boughtId, senderRole: 'buyer', messageKey: 'all_good' },
    { orderId: boughtId, senderRole: 'seller', body: 'Thanks Dana!' },
  ]);
  await db.db.insert(reviews).values({
    orderId: boughtId,
    offerId: savedOfferId,
    sellerId: seller.id,
    buyerId: dana.user.id,
    rating: 5,
    body: 'Great stickers',
    reply: 'Thank you',
    repliedAt: new Date(),
  });
  soldId = await createOrderIn(t, 'paid', { buyerId: buyer.id, sellerId: dana.user.id });
  const [job] = await db.db
    .insert(privateJobs)
    .values({ fromUserId: dana.user.id, toUserId: seller.id, title: 'Poster job', deliveryTime: '2 Days' })
    .returning({ id: privateJobs.id });
  jobId = job!.id;
  await db.db.insert(privateJobFiles).values({
    jobId,
    storageKey: `jobs/${jobId}/brief.pdf`,
    fileName: 'brief.pdf',
    contentType: 'application/pdf',
    sizeBytes: 1234,
  });
});
afterAll(async () => t.close());

describe('GET /api/account/export', () => {
  it('is a JSON download', async () => {
    const { response } = await download(dana);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="gigreel-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('holds the profile and the offer', async () => {
    const { data } = await download(dana);
    expect(data.profile).toMatchObject({ id: dana.user.id, displayName: 'Dana Data', email: dana.user.email });
    expect(data.offer).toMatchObject({
      title: 'Dana logo offer',
      pricePence: 4500,
      mediaUrl: '/media/offers/demo/logo.jpg',
    });
  });

  it('holds every message once, sent and received, across pages, even those sharing one instant', async () => {
    const { data } = await download(dana);
    const messages = data.messages as Array<{ id: string; direction: string; message: string; with: unknown }>;
    expect(messages).toHaveLength(1101);
    expect(new Set(messages.map((message) => message.id)).size).toBe(1101);
    expect(messages.filter((message) => message.direction === 'sent')).toHaveLength(550);
    expect(messages.find((message) => message.message === 'Message 1')).toMatchObject({
      direction: 'received',
      with: { id: seller.id, displayName: 'Sid Seller' },
    });
    expect(messages.find((message) => message.message === 'From someone who left')?.with).toBeNull();
  });

  it('holds orders on both sides with their history, messages, delivered files and review', async () => {
    const { data } = await download(dana);
    expect(data.ordersAsBuyer).toEqual([
      expect.objectContaining({
        id: boughtId,
        status: 'completed',
        seller: { id: seller.id, displayName: 'Sid Seller' },
        history: [
          expect.objectContaining({ move: 'payment_claimed', by: 'buyer' }),
          expect.objectContaining({ move: 'completed', note: 'Lovely work' }),
        ],
        messages: [
          expect.objectContaining({ from: 'buyer', message: '👍 All good, thank you!' }),
          expect.objectContaining({ from: 'seller', message: 'Thanks Dana!' }),
        ],
        deliveredFiles: [expect.objectContaining({ fileName: 'brief.pdf' })],
        review: expect.objectContaining({ rating: 5, text: 'Great stickers', sellerReply: 'Thank you' }),
      }),
    ]);
    expect(data.ordersAsSeller).toEqual([
      expect.objectContaining({
        id: soldId,
        status: 'paid',
        buyer: { id: buyer.id, displayName: 'Bo Buyer' },
        review: null,
      }),
    ]);
  });

  it('holds private jobs with their files, and the saved offers', async () => {
    const { data } = await download(dana);
    expect(data.privateJobsSent).toEqual([
      expect.objectContaining({ id: jobId, title: 'Poster job', files: [{ fileName: 'brief.pdf', sizeBytes: 1234 }] }),
    ]);
    expect(data.privateJobsReceived).toEqual([]);
    expect(data.savedOffers).toEqual([expect.objectContaining({ offerId: savedOfferId, title: 'Sid sticker offer' })]);
  });

  it("never holds another person's email, or a file's storage key", async () => {
    const { response } = await download(dana);
    for (const hidden of [seller.email, buyer.email, `jobs/${jobId}/brief.pdf`, 'deliveries/'])
      expect(response.body).not.toContain(hidden);
  });

  it('for someone new, is the profile and empty lists', async () => {
    const { data } = await download(await t.signedIn({ name: 'Nia New' }));
    expect(data).toMatchObject({
      profile: { displayName: 'Nia New' },
      offer: null,
      messages: [],
      ordersAsBuyer: [],
      ordersAsSeller: [],
      privateJobsSent: [],
      privateJobsReceived: [],
      savedOffers: [],
    });
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/account/export')).statusCode).toBe(401);
  });
});
