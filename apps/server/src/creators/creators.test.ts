/**
 * A creator's page (issue 18): their completed orders (the sales tally) and their offer's stars beside
 * the follow counts, and /creator/{id} served with Open Graph and Twitter card tags for a shared link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { offers, users } from '../db/schema.ts';
import { seedOffer } from '../offers/offers.test-support.ts';
import { createOrderIn } from '../orders/test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/creators/:id', () => {
  it("counts the creator's completed orders and shows their offer's stars, even while the offer is hidden", async () => {
    const seller = await t.createUser({ name: 'Sally Seller' });
    const buyer = await t.createUser({ name: 'Bo Buyer' });
    const offerId = await seedOffer(t, seller.id, { title: 'Portraits', paid: true });
    const page = async () => (await t.client().get(`/api/creators/${seller.id}`)).json();
    expect((await page()).creator).toMatchObject({ completedOrders: 0, rating: { average: null, count: 0 } });

    for (const status of ['completed', 'completed', 'delivered', 'cancelled'] as const)
      await createOrderIn(t, status, { buyerId: buyer.id, sellerId: seller.id, offerId });
    await t.deps.database.db.update(offers).set({ reviewCount: 2, ratingSum: 9 }).where(eq(offers.id, offerId));
    expect((await page()).creator).toMatchObject({ completedOrders: 2, rating: { average: 4.5, count: 2 } });

    await t.deps.database.db.update(offers).set({ isApproved: false }).where(eq(offers.id, offerId));
    expect(await page()).toMatchObject({ offer: null, creator: { completedOrders: 2, rating: { average: 4.5 } } });
  });
});

describe('GET /creator/:id', () => {
  it("writes Open Graph and Twitter card tags from the creator's name, bio, offer and counts, escaped", async () => {
    const creator = await t.createUser({ name: 'Maya "Logos" & Co' });
    await t.deps.database.db.update(users).set({ bio: 'Logos <fast>' }).where(eq(users.id, creator.id));
    await seedOffer(t, creator.id, { title: 'Logo in a day', paid: true });
    const fan = await t.signedIn();
    await fan.put(`/api/follows/${creator.id}`);

    const page = await t.client().get(`/creator/${creator.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Maya &quot;Logos&quot; &amp; Co · GigReel</title>');
    expect(page.body).toContain('<meta property="og:type" content="profile">');
    expect(page.body).toContain('<meta property="og:title" content="Maya &quot;Logos&quot; &amp; Co on GigReel">');
    expect(page.body).toContain(
      '<meta property="og:description" content="Logos &lt;fast&gt; · Logo in a day · £10.00 · 1 follower">',
    );
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost:3000/creator/${creator.id}">`);
    expect(page.body).toContain(`<meta property="og:image" content="http://localhost:3000/media/offers/${creator.id}/`);
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.body.match(/name="description"/g)).toHaveLength(1);

    // nobody there, or a suspended creator: the plain app page, which shows its own "not found"
    const suspended = await t.createUser({ name: 'Sid Suspended' });
    await t.deps.database.db
      .update(users)
      .set({ suspendedUntil: new Date('2999-01-01') })
      .where(eq(users.id, suspended.id));
    for (const id of ['nobody', suspended.id, 'bad%20id']) {
      const plain = await t.client().get(`/creator/${id}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).not.toContain('og:title');
    }
  });
});
