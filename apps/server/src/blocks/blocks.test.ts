/**
 * Blocking (issue 17): the list and its moves, and what a block stops either way: messages and
 * replies, orders, private jobs, and the creators' offers in each other's feed. The blocked person is
 * refused with the text anyone else would get for something that is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksTexts, jobsTexts, messageTexts, ordersTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createPaidOffer, multipart } from '../orders/test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let maya: Signed;
let troll: Signed;
let bystander: Signed;
let anonymous: TestClient;
let mayasOffer: string;
let trollsOffer: string;

beforeAll(async () => {
  t = await createTestApp();
  [maya, troll, bystander] = await Promise.all([
    t.signedIn({ name: 'Maya Patel' }),
    t.signedIn({ name: 'Tom Troll' }),
    t.signedIn({ name: 'Bea Bystander' }),
  ]);
  anonymous = t.client();
  mayasOffer = await createPaidOffer(t, maya.user.id);
  trollsOffer = await createPaidOffer(t, troll.user.id);
});
afterAll(async () => t.close());

const feedIds = async (client: TestClient) =>
  ((await client.get('/api/feed')).json().offers as Array<{ id: string }>).map((offer) => offer.id);

describe('blocking', () => {
  it('blocks and unblocks a person, lists them newest first, and answers the state', async () => {
    const other = await t.signedIn({ name: 'Olly Other' });
    const blocked = await maya.put(`/api/blocks/${troll.user.id}`);
    expect(blocked.json()).toEqual({ blocked: true, message: 'Tom Troll is blocked.' });
    t.clock.advance(1000);
    expect((await maya.put(`/api/blocks/${other.user.id}`)).statusCode).toBe(200);
    // blocking again changes nothing
    expect((await maya.put(`/api/blocks/${troll.user.id}`)).statusCode).toBe(200);
    const list = (await maya.get('/api/blocks')).json();
    expect(list.people.map((p: { displayName: string }) => p.displayName)).toEqual(['Olly Other', 'Tom Troll']);
    expect(list.nextCursor).toBeNull();
    expect((await maya.get(`/api/blocks/${troll.user.id}`)).json()).toEqual({ blocked: true });
    // the blocked person learns nothing from their own state
    expect((await troll.get(`/api/blocks/${maya.user.id}`)).json()).toEqual({ blocked: false });
    expect((await maya.delete(`/api/blocks/${other.user.id}`)).json()).toEqual({
      blocked: false,
      message: 'Olly Other is unblocked.',
    });
    expect((await maya.get('/api/blocks')).json().people).toHaveLength(1);
  });

  it('refuses blocking oneself or nobody, and the anonymous', async () => {
    const self = await maya.put(`/api/blocks/${maya.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(blocksTexts.cannotBlockSelf);
    expect((await maya.put('/api/blocks/nobody-at-all')).statusCode).toBe(404);
    expect((await anonymous.put(`/api/blocks/${troll.user.id}`)).statusCode).toBe(401);
    expect((await anonymous.get('/api/blocks')).statusCode).toBe(401);
  });
});

describe('what a block stops (Maya blocked Tom in the test above)', () => {
  it("refuses the blocked person's message and reply with the texts of a missing offer and conversation", async () => {
    const sent = await troll.post('/api/messages', { offerId: mayasOffer, text: 'Why did you block me?' });
    expect(sent.statusCode).toBe(404);
    expect(sent.json().error.message).toBe(messageTexts.offerNotFound);
    // and the blocker cannot write to them either while the block stands
    expect((await maya.post('/api/messages', { offerId: trollsOffer, text: 'Hello' })).statusCode).toBe(404);
    const reply = await troll.post(`/api/messages/with/${maya.user.id}`, { text: 'Hello?' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.message).toBe(messageTexts.conversationNotFound);
    // someone else still writes to Maya
    expect((await bystander.post('/api/messages', { offerId: mayasOffer, text: 'Hi Maya!' })).statusCode).toBe(201);
  });

  it('refuses an order of the blocker\'s offer as "not available to buy"', async () => {
    const order = await troll.post('/api/orders', { offerId: mayasOffer });
    expect(order.statusCode).toBe(404);
    expect(order.json().error.message).toBe(ordersTexts.notForSale);
    expect((await bystander.post('/api/orders', { offerId: mayasOffer })).statusCode).toBe(201);
  });

  it("leaves each one's offer out of the other's feed, and no one else's", async () => {
    expect(await feedIds(maya)).not.toContain(trollsOffer);
    expect(await feedIds(troll)).not.toContain(mayasOffer);
    const seen = await feedIds(bystander);
    expect(seen).toEqual(expect.arrayContaining([mayasOffer, trollsOffer]));
    expect(await feedIds(anonymous)).toEqual(seen);
    // the rest of the page as everyone else has it: the same offers in the same order, and its cursor
    const shared = (await bystander.get('/api/feed')).json() as { offers: Array<{ id: string }> };
    expect(shared).toHaveProperty('nextCursor');
    expect((await maya.get('/api/feed')).json()).toEqual({
      ...shared,
      offers: shared.offers.filter((offer) => offer.id !== trollsOffer),
    });
    // the private page is not kept for anyone else
    expect((await maya.get('/api/feed')).headers['cache-control']).toBe('private, no-store');
    // unblocked, both show again
    await maya.delete(`/api/blocks/${troll.user.id}`);
    expect(await feedIds(maya)).toContain(trollsOffer);
    expect((await troll.post('/api/messages', { offerId: mayasOffer, text: 'Thanks!' })).statusCode).toBe(201);
    await maya.put(`/api/blocks/${troll.user.id}`);
  });

  it('refuses a private job to a designer who blocked the sender, as when no designer is available', async () => {
    const designer = await t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' });
    expect((await designer.put(`/api/blocks/${troll.user.id}`)).statusCode).toBe(200);
    const body = multipart({ title: 'Logo', deliveryTime: '1 Day' }, []);
    const job = await troll.request({ method: 'POST', url: '/api/jobs', payload: body.payload, headers: body.headers });
    expect(job.statusCode).toBe(409);
    expect(job.json().error.message).toBe(jobsTexts.noDesigner);
  });
});
