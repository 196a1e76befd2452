import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsTexts, ordersTexts, PRIVATE_JOBS_PER_DAY } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { users } from '../db/schema.ts';
import { multipart, pdfBytes, pngBytes } from '../orders/test-helpers.ts';
import { eq } from 'drizzle-orm';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let designer: Signed;
let sender: Signed;
let stranger: Signed;
let admin: Signed;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  designer = await t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' });
  await t.deps.database.db
    .update(users)
    .set({ paypalLink: 'https://www.paypal.com/paypalme/dana' })
    .where(eq(users.id, designer.user.id));
  [sender, stranger, admin] = await Promise.all([
    t.signedIn({ name: 'Sid Sender' }),
    t.signedIn({ name: 'Stan Stranger' }),
    t.signedIn({ name: 'Ada Admin', admin: true }),
  ]);
  anonymous = t.client();
});
afterAll(async () => t.close());

const send = async (
  c: TestClient,
  fields: Record<string, string>,
  files: Array<{ name: string; data: Buffer }> = [],
) => {
  const body = multipart(
    fields,
    files.map((file) => ({ field: 'files', ...file })),
  );
  return c.request({ method: 'POST', url: '/api/jobs', payload: body.payload, headers: body.headers });
};
const storedJobFiles = async () =>
  (await readdir(path.join(t.dataDir, 'files', 'jobs'), { recursive: true }).catch(() => [] as string[])).filter(
    (name) => name.includes('.'),
  );
const jobCount = async () =>
  Number((await t.deps.database.query<{ n: string }>('select count(*) as n from private_jobs'))[0]!.n);

describe('sending a private job', () => {
  it('creates the job, its files and its awaiting-payment order in one go, and tells the designer', async () => {
    const response = await send(
      sender,
      { title: 'Poster for my gig', description: 'A3, bold colours', deliveryTime: '3 Days', budget: '£30' },
      [
        { name: 'ref.png', data: await pngBytes() },
        { name: 'brief.pdf', data: pdfBytes() },
      ],
    );
    expect(response.statusCode).toBe(201);
    const { job, orderId, message } = response.json();
    expect(message).toBe(jobsTexts.submitted);
    expect(job).toMatchObject({
      title: 'Poster for my gig',
      deliveryTime: '3 Days',
      budgetPence: 3000,
      status: 'pending',
      sender: { displayName: 'Sid Sender' },
      recipient: { displayName: 'Dana Designer' },
      order: { id: orderId, status: 'awaiting_payment' },
    });
    expect(job.files.map((f: { fileName: string; contentType: string }) => [f.fileName, f.contentType])).toEqual([
      ['ref.png', 'image/png'],
      ['brief.pdf', 'application/pdf'],
    ]);
    const order = (await sender.get(`/api/orders/${orderId}`)).json().order;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      pricePence: 3000,
      paypalLink: 'https://www.paypal.com/paypalme/dana',
      viewerRole: 'buyer',
      job: { id: job.id, title: 'Poster for my gig' },
    });
    const notes = await t.deps.database.query<{ title: string }>(
      "select title from notifications where user_id = $1 and kind = 'job_received'",
      [designer.user.id],
    );
    expect(notes).toEqual([{ title: 'New private job: Poster for my gig' }]);
  });

  it('refuses a missing title, a wrong delivery time, a bad file and a file over 20 MB, leaving nothing behind', async () => {
    const jobsBefore = await jobCount();
    const filesBefore = await storedJobFiles();
    const noTitle = await send(sender, { title: '  ', deliveryTime: '1 Day' }, [
      { name: 'a.png', data: await pngBytes() },
    ]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe(jobsTexts.titleRequired);
    expect((await send(sender, { title: 'Logo', deliveryTime: '5 Days' })).json().error.message).toBe(
      jobsTexts.deliveryTimeRequired,
    );
    const html = await send(sender, { title: 'Logo', deliveryTime: '1 Day' }, [
      { name: 'a.png', data: await pngBytes() },
      { name: 'x.pdf', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    ]);
    expect(html.statusCode).toBe(415);
    const big = await send(sender, { title: 'Logo', deliveryTime: '1 Day' }, [
      { name: 'big.pdf', data: Buffer.concat([pdfBytes(), Buffer.alloc(20 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(await jobCount()).toBe(jobsBefore);
    expect(await storedJobFiles()).toEqual(filesBefore);
  });

  it(`takes at most ${PRIVATE_JOBS_PER_DAY} private jobs a day from one person, refusing the next with 429 and storing nothing`, async () => {
    const keen = await t.signedIn();
    for (let i = 0; i < PRIVATE_JOBS_PER_DAY; i++)
      expect((await send(keen, { title: `Job ${i}`, deliveryTime: '1 Day' })).statusCode).toBe(201);
    const jobsBefore = await jobCount();
    const filesBefore = await storedJobFiles();
    const refused = await send(keen, { title: 'One too many', deliveryTime: '1 Day' }, [
      { name: 'a.png', data: await pngBytes() },
    ]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'too_many_jobs',
      message: jobsTexts.tooManyJobs(PRIVATE_JOBS_PER_DAY),
    });
    expect(await jobCount()).toBe(jobsBefore);
    expect(await storedJobFiles()).toEqual(filesBefore);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await send(keen, { title: 'Tomorrow', deliveryTime: '1 Day' })).statusCode).toBe(201);
  });

  it('takes one private job a day from a fresh account, and more once it is a day old', async () => {
    const fresh = await t.signedIn({ fresh: true });
    expect((await send(fresh, { title: 'First job', deliveryTime: '1 Day' })).statusCode).toBe(201);
    const second = await send(fresh, { title: 'Second job', deliveryTime: '1 Day' });
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toEqual({ code: 'too_many_jobs', message: jobsTexts.freshAccountJobs(1) });
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await send(fresh, { title: 'Second job', deliveryTime: '1 Day' })).statusCode).toBe(201);
  });

  it('counts the daily job quota under a lock, so a burst of concurrent jobs cannot pass it', async () => {
    const keen = await t.signedIn();
    const results = await Promise.all(
      Array.from({ length: PRIVATE_JOBS_PER_DAY + 3 }, (_, i) =>
        send(keen, { title: `Burst ${i}`, deliveryTime: '1 Day' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(PRIVATE_JOBS_PER_DAY);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('is for signed-in people other than the designer', async () => {
    const anon = await send(anonymous, { title: 'Logo', deliveryTime: '1 Day' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(jobsTexts.loginToSubmit);
    expect((await send(designer, { title: 'Logo', deliveryTime: '1 Day' })).json().error.message).toBe(
      jobsTexts.ownJob,
    );
  });
});

describe('the inbox, the decision and the files', () => {
  let jobId: string;
  let fileUrl: string;
  beforeAll(async () => {
    t.clock.advance(60_000);
    const response = await send(sender, { title: 'Flyer', deliveryTime: '1 Week' }, [
      { name: 'photo.png', data: await pngBytes() },
    ]);
    jobId = response.json().job.id;
    fileUrl = response.json().job.files[0].url;
  });

  it('shows jobs to their recipient and sender only, newest first', async () => {
    const inbox = (await designer.get('/api/jobs/inbox')).json().jobs;
    expect(inbox[0]).toMatchObject({ id: jobId, title: 'Flyer', budgetPence: null });
    expect((await sender.get('/api/jobs/sent')).json().jobs[0].id).toBe(jobId);
    expect((await sender.get('/api/jobs/inbox')).json().jobs).toEqual([]);
    expect((await stranger.get('/api/jobs/inbox')).json().jobs).toEqual([]);
    expect((await stranger.get('/api/jobs/sent')).json().jobs).toEqual([]);
    expect((await anonymous.get('/api/jobs/inbox')).json().error.message).toBe(jobsTexts.loginToView);
    expect((await anonymous.get('/api/jobs/sent')).statusCode).toBe(401);
  });

  it('serves a job file to sender, designer and admins only, as an attachment', async () => {
    for (const client of [sender, designer, admin]) {
      const response = await client.get(fileUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(await pngBytes())).toBe(true);
    }
    expect((await stranger.get(fileUrl)).statusCode).toBe(404);
    expect((await anonymous.get(fileUrl)).statusCode).toBe(401);
    // a file id guessed under another job of the stranger's own is not found either
    const own = await send(stranger, { title: 'Mine', deliveryTime: '1 Day' });
    const fileId = fileUrl.split('/').pop();
    expect((await stranger.get(`/api/jobs/${own.json().job.id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await sender.get(`/api/jobs/${jobId}/files/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    // never public: no /media URL serves it
    expect((await anonymous.get(`/media/jobs/${jobId}/${fileId}.png`)).statusCode).toBe(404);
  });

  it('lets only the recipient accept or decline, and accept only while pending', async () => {
    expect((await anonymous.post(`/api/jobs/${jobId}/status`, { status: 'accepted' })).statusCode).toBe(401);
    expect((await stranger.post(`/api/jobs/${jobId}/status`, { status: 'accepted' })).statusCode).toBe(404);
    const bySender = await sender.post(`/api/jobs/${jobId}/status`, { status: 'accepted' });
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error.message).toBe(jobsTexts.onlyRecipient);
    expect((await admin.post(`/api/jobs/${jobId}/status`, { status: 'declined' })).statusCode).toBe(403);
    expect((await designer.post(`/api/jobs/${jobId}/status`, { status: 'delivered' })).statusCode).toBe(400);
    const accepted = await designer.post(`/api/jobs/${jobId}/status`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ message: 'Job accepted.', job: { status: 'accepted' } });
    const again = await designer.post(`/api/jobs/${jobId}/status`, { status: 'accepted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This job is already accepted.');
    const notes = await t.deps.database.query<{ kind: string }>(
      'select kind from notifications where user_id = $1 and kind like $2',
      [sender.user.id, 'job_%'],
    );
    expect(notes).toEqual([{ kind: 'job_accepted' }]);
  });

  it("a declined job's order is cancelled with the reason, and there is nothing to pay", async () => {
    const response = await send(sender, { title: 'Not for me', deliveryTime: '1 Day' });
    const { job, orderId } = response.json();
    expect((await designer.post(`/api/jobs/${job.id}/status`, { status: 'declined' })).json().message).toBe(
      'Job declined.',
    );
    const pay = await sender.post(`/api/orders/${orderId}/paid`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toBe(ordersTexts.jobDeclined);
    expect((await sender.get(`/api/orders/${orderId}`)).json().order).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      cancelReason: ordersTexts.jobDeclinedReason,
      jobStatus: 'declined',
      events: [{ kind: 'declined', by: 'seller' }],
    });
  });

  it('a job is paid for only once the designer accepts it', async () => {
    const { job, orderId } = (await send(sender, { title: 'Wait for me', deliveryTime: '1 Day' })).json();
    const early = await sender.post(`/api/orders/${orderId}/paid`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(ordersTexts.waitingForDesigner);
    expect((await designer.post(`/api/jobs/${job.id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    expect((await sender.post(`/api/orders/${orderId}/paid`)).statusCode).toBe(200);
  });

  it('a job whose payment is only claimed can still be declined, which cancels its order; a confirmed one cannot', async () => {
    const claimed = (await send(sender, { title: 'Paid up front', deliveryTime: '2 Days', budget: '£99999' })).json();
    await designer.post(`/api/jobs/${claimed.job.id}/status`, { status: 'accepted' });
    expect((await sender.post(`/api/orders/${claimed.orderId}/paid`)).statusCode).toBe(200);
    const decline = await designer.post(`/api/jobs/${claimed.job.id}/status`, { status: 'declined' });
    expect(decline.statusCode).toBe(200);
    expect(decline.json().job).toMatchObject({ status: 'declined', order: { status: 'cancelled' } });
    const body = multipart({}, [{ field: 'file', name: 'work.pdf', data: pdfBytes() }]);
    const delivery = await designer.request({
      method: 'POST',
      url: `/api/orders/${claimed.orderId}/delivery`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(delivery.statusCode).toBe(409);
    expect(delivery.json().error.message).toBe(ordersTexts.jobDeclinedNoDelivery);

    const confirmed = (await send(sender, { title: 'Paid and confirmed', deliveryTime: '2 Days' })).json();
    await designer.post(`/api/jobs/${confirmed.job.id}/status`, { status: 'accepted' });
    await sender.post(`/api/orders/${confirmed.orderId}/paid`);
    expect((await designer.post(`/api/orders/${confirmed.orderId}/payment-received`)).statusCode).toBe(200);
    const late = await designer.post(`/api/jobs/${confirmed.job.id}/status`, { status: 'declined' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(jobsTexts.cannotDeclineConfirmed);
    expect((await sender.get(`/api/orders/${confirmed.orderId}`)).json().order.status).toBe('paid');
  });

  it('an accepted job can be declined until it is delivered, but not after', async () => {
    const accepted = (await send(stranger, { title: 'Changed my mind', deliveryTime: '1 Day' })).json();
    expect((await designer.post(`/api/jobs/${accepted.job.id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    expect((await designer.post(`/api/jobs/${accepted.job.id}/status`, { status: 'declined' })).json().job.status).toBe(
      'declined',
    );
    const delivered = (await send(stranger, { title: 'Done and dusted', deliveryTime: '1 Day' })).json();
    await designer.post(`/api/jobs/${delivered.job.id}/status`, { status: 'accepted' });
    expect((await stranger.post(`/api/orders/${delivered.orderId}/paid`)).statusCode).toBe(200);
    const body = multipart({}, [{ field: 'file', name: 'work.pdf', data: pdfBytes() }]);
    expect(
      (
        await designer.request({
          method: 'POST',
          url: `/api/orders/${delivered.orderId}/delivery`,
          payload: body.payload,
          headers: body.headers,
        })
      ).statusCode,
    ).toBe(200);
    const late = await designer.post(`/api/jobs/${delivered.job.id}/status`, { status: 'declined' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This job is already delivered.');
  });

  it('delivers a job through the same order flow', async () => {
    const { order } = (await designer.get('/api/jobs/inbox')).json().jobs.find((j: { id: string }) => j.id === jobId);
    expect((await designer.post(`/api/orders/${order.id}/paid`)).statusCode).toBe(403);
    expect((await sender.post(`/api/orders/${order.id}/paid`)).statusCode).toBe(200);
    const body = multipart({}, [{ field: 'file', name: 'flyer.pdf', data: pdfBytes() }]);
    expect(
      (
        await designer.request({
          method: 'POST',
          url: `/api/orders/${order.id}/delivery`,
          payload: body.payload,
          headers: body.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await sender.get('/api/jobs/sent')).json().jobs.find((j: { id: string }) => j.id === jobId)).toMatchObject({
      status: 'delivered',
      order: { status: 'delivered' },
    });
  });
});
