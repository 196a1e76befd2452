import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts, parseCsv } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createMessage, createOffer, createOrder, multipart, pngBytes } from './test-factories.ts';

let t: TestApp;
let admin: TestClient & { user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true, name: 'Ada Admin' });
});
afterAll(async () => t.close());

const ROUTES: Array<[string, string]> = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/creators'],
  ['POST', '/api/admin/creators'],
  ['PATCH', '/api/admin/creators/someone'],
  ['DELETE', '/api/admin/creators/someone'],
  ['GET', '/api/admin/gigs'],
  ['POST', '/api/admin/gigs'],
  ['PATCH', '/api/admin/gigs/00000000-0000-0000-0000-000000000000'],
  ['DELETE', '/api/admin/gigs/00000000-0000-0000-0000-000000000000'],
  ['GET', '/api/admin/messages'],
  ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/export/offers'],
  ['GET', '/api/admin/export-counts'],
  ['POST', '/api/admin/self-test'],
  ['POST', '/api/admin/impersonate/someone'],
  ['POST', '/api/admin/impersonation/stop'],
  ['GET', '/api/admin/audit-log'],
];

describe('every admin route is for admins only', () => {
  it('answers 401 to anonymous callers, 403 to a normal user and to the designer', async () => {
    const anonymous = t.client();
    const user = await t.signedIn();
    const designer = await t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' });
    for (const [method, url] of ROUTES) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect(
        (await anonymous.request({ method: method as 'GET', url, payload: body })).statusCode,
        `${method} ${url} anonymous`,
      ).toBe(401);
      const forUser = await user.request({ method: method as 'GET', url, payload: body });
      expect(forUser.statusCode, `${method} ${url} user`).toBe(403);
      expect(
        (await designer.request({ method: method as 'GET', url, payload: body })).statusCode,
        `${method} ${url} designer`,
      ).toBe(403);
    }
    const denied = await user.get('/api/admin/dashboard');
    expect(denied.json().error.message).toBe('You do not have permission to access the admin panel.');
  });

  it('lets the admin in', async () => {
    for (const [, url] of ROUTES.filter(([m]) => m === 'GET')) {
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('dashboard and diagnostics', () => {
  it('counts offers, people, security events, recent login attempts, revenue and commission', async () => {
    const before = (await admin.get('/api/admin/dashboard')).json();
    const seller = await t.createUser();
    const buyer = await t.createUser();
    await createOffer(t, seller.id, { isApproved: false, mediaKey: '' });
    await createOrder(t, { sellerId: seller.id, buyerId: buyer.id, status: 'completed', pricePence: 1250 });
    await createOrder(t, { sellerId: seller.id, buyerId: buyer.id, status: 'paid', pricePence: 9999 });
    await t.client().post('/api/auth/sign-in/email', { email: buyer.email, password: 'Wrong-pass1' });
    const after = (await admin.get('/api/admin/dashboard')).json();
    expect(after.stats.totalCreators).toBe(before.stats.totalCreators + 2);
    expect(after.stats.totalGigs).toBe(before.stats.totalGigs + 1);
    expect(after.stats.totalRevenuePence - before.stats.totalRevenuePence).toBe(1250);
    expect(after.diagnostics.offers.notApproved).toBe(before.diagnostics.offers.notApproved + 1);
    expect(after.diagnostics.offers.withoutMedia).toBe(before.diagnostics.offers.withoutMedia + 1);
    expect(after.diagnostics.users).toBe(before.diagnostics.users + 2);
    expect(after.diagnostics.loginAttempts24h).toBe(before.diagnostics.loginAttempts24h + 1);
    t.clock.advance(25 * 3600_000);
    expect((await admin.get('/api/admin/dashboard')).json().diagnostics.loginAttempts24h).toBe(0);
  });

  it('counts the mails the outbox sent, and those still queued or given up', async () => {
    const mails = async () => (await admin.get('/api/admin/dashboard')).json().diagnostics.mails;
    const before = await mails();
    await t.deps.database.db.transaction((tx) =>
      t.deps.outbox.mail(tx, { to: 'counted@example.com', subject: 'Counted', text: 'Hi' }),
    );
    await t.mails('counted@example.com');
    await t.deps.database.query(
      `insert into mail_outbox (recipient, subject, status, finished_at) values ('gone@example.com', 'Given up', 'failed', now())`,
    );
    expect(await mails()).toEqual({ queued: before.queued, sent: before.sent + 1, failed: before.failed + 1 });
  });

  it('counts the login attempts of exactly the last 24 hours: the oldest hour from its rows, the rest from hourly tallies', async () => {
    const attempts = async () =>
      (await admin.get('/api/admin/dashboard')).json().diagnostics.loginAttempts24h as number;
    const before = await attempts();
    const now = t.clock.now().getTime();
    const minute = 60_000;
    const hour = 60 * minute;
    for (const ago of [24 * hour + minute, 24 * hour - minute, 23 * hour + 40 * minute, 3 * hour, minute]) {
      await t.deps.database.query(
        `insert into login_attempts (email, ip_address, success, attempted_at) values ('hours@example.com', '10.0.0.1', false, $1)`,
        [new Date(now - ago).toISOString()],
      );
    }
    expect(await attempts()).toBe(before + 4);
    // half an hour on, the two oldest of those four are more than a day old
    t.clock.advance(30 * minute);
    expect(await attempts()).toBe(before + 2);
  });
});

describe('creators', () => {
  it('creates, lists, edits and refuses a blank display name', async () => {
    const blank = await admin.post('/api/admin/creators', { displayName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Display name is required');
    const created = await admin.post('/api/admin/creators', { displayName: 'Nia <b>North</b>', email: '', bio: '' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: adminTexts.creators.created,
      creator: { displayName: 'Nia North', email: null, bio: null },
    });
    const id = created.json().creator.id;
    const listed = (await admin.get('/api/admin/creators?q=nia')).json();
    expect(listed.items.map((c: { id: string }) => c.id)).toContain(id);
    const edited = await admin.patch(`/api/admin/creators/${id}`, {
      displayName: 'Nia N.',
      email: 'nia@example.com',
      location: 'Leeds',
    });
    expect(edited.json().creator).toMatchObject({ displayName: 'Nia N.', email: 'nia@example.com', location: 'Leeds' });
    const other = await admin.post('/api/admin/creators', { displayName: 'Copy', email: 'NIA@example.com' });
    expect(other.statusCode).toBe(409);
    expect((await admin.patch('/api/admin/creators/nobody', { displayName: 'X' })).statusCode).toBe(404);
  });

  it('finds a person by any part of their name, or by the start of their address or of its domain', async () => {
    const created = await admin.post('/api/admin/creators', {
      displayName: 'Odile Quarrington',
      email: 'Odile.Q@Harbour-Studio.example',
    });
    const id = created.json().creator.id;
    const found = async (q: string) =>
      (await admin.get(`/api/admin/creators?q=${encodeURIComponent(q)}`)).json().items.map((c: { id: string }) => c.id);
    for (const q of ['quarr', 'ODILE.q', 'odile.q@harbour', 'harbour-stu', '@Harbour-Studio.example'])
      expect(await found(q), q).toContain(id);
    // the middle of an address is not a start: "q@harbour" and "studio" find nobody by address
    for (const q of ['q@harbour', 'studio', '_', '%']) expect(await found(q), q).not.toContain(id);
  });

  it('pages through creators without repeating anyone', async () => {
    for (let i = 0; i < 55; i++) await admin.post('/api/admin/creators', { displayName: `Pager ${i}` });
    const first = (await admin.get('/api/admin/creators?q=Pager')).json();
    expect(first.items).toHaveLength(50);
    const second = (await admin.get(`/api/admin/creators?q=Pager&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((c: { id: string }) => c.id)).size).toBe(55);
  });

  it('pages through everyone, and through those without an offer, in the order of the list', async () => {
    const all = await t.deps.database.query<{ id: string; has_offer: boolean }>(`
      select u.id, u.has_offer from users u
      where not exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')
      order by u.created_at desc, u.id desc`);
    expect(all.length).toBeGreaterThan(50);
    for (const [query, expected] of [
      ['', all],
      ['withoutOffer=1&', all.filter((row) => !row.has_offer)],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Array<{ id: string }>; nextCursor: string | null } = (
          await admin.get(`/api/admin/creators?${query}${cursor ? `cursor=${cursor}` : ''}`)
        ).json();
        seen.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor && seen.length <= expected.length);
      expect(seen, query || 'everyone').toEqual(expected.map((row) => row.id));
    }
  });

  it('deleting a creator removes their offer and keeps orders and messages with them as Unknown', async () => {
    const creator = await t.createUser({ name: 'Gone Soon' });
    const buyer = await t.createUser({ name: 'Stays Here' });
    const offerId = await createOffer(t, creator.id, { title: 'Soon gone offer' });
    const orderId = await createOrder(t, {
      sellerId: creator.id,
      buyerId: buyer.id,
      offerId,
      status: 'completed',
      pricePence: 500,
    });
    const messageId = await createMessage(t, {
      senderId: buyer.id,
      receiverId: creator.id,
      offerId,
      offerTitle: 'Soon gone offer',
      message: 'Is it still on?',
    });
    const response = await admin.delete(`/api/admin/creators/${creator.id}`);
    expect(response.json()).toEqual({ message: adminTexts.creators.deleted });
    const db = t.deps.database;
    expect(await db.query('select id from offers where id = $1', [offerId])).toEqual([]);
    expect(await db.query('select seller_id, buyer_id, offer_id, title from orders where id = $1', [orderId])).toEqual([
      { seller_id: null, buyer_id: buyer.id, offer_id: null, title: 'An order' },
    ]);
    const messages = (await admin.get('/api/admin/messages')).json();
    const kept = messages.items.find((m: { id: string }) => m.id === messageId);
    expect(kept).toMatchObject({ offerTitle: 'Soon gone offer', to: null, from: { displayName: 'Stays Here' } });
    expect((await admin.delete(`/api/admin/creators/${creator.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/creators/${admin.user.id}`)).statusCode).toBe(403);
  });
});

describe('gigs', () => {
  it('creates a gig with media for a creator, edits it, and deletes it with its file', async () => {
    const creator = await t.createUser({ name: 'Gig Maker' });
    const bytes = await pngBytes();
    const form = multipart(
      {
        userId: creator.id,
        title: 'Poster design',
        link: 'example.com/p',
        isPaidOffer: 'true',
        price: '12.50',
        paypalLink: 'paypal.me/gm',
        description: '',
        hashtags: '#Design print',
      },
      { name: 'x.png', type: 'image/png', bytes },
    );
    const created = await admin.request({ method: 'POST', url: '/api/admin/gigs', ...form });
    expect(created.statusCode, created.body).toBe(201);
    const gig = created.json().gig;
    expect(gig).toMatchObject({
      title: 'Poster design',
      link: 'https://example.com/p',
      pricePence: 1250,
      paypalLink: 'https://paypal.me/gm',
      description: null,
      tags: ['design', 'print'],
      isApproved: true,
      mediaKind: 'image',
      creator: { displayName: 'Gig Maker' },
    });
    expect((await t.client().get(gig.mediaUrl)).statusCode).toBe(200);

    const again = await admin.request({
      method: 'POST',
      url: '/api/admin/gigs',
      ...multipart({ userId: creator.id, title: 'Second', link: 'example.com' }),
    });
    expect(again.statusCode).toBe(409);

    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/gigs/${gig.id}`,
      ...multipart({
        title: 'Poster design v2',
        link: 'example.com/p',
        isPaidOffer: 'false',
        price: '12.50',
        hashtags: ' ',
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().gig).toMatchObject({
      title: 'Poster design v2',
      isPaidOffer: false,
      pricePence: null,
      paypalLink: null,
      tags: ['design', 'print'],
    });

    const bad = await admin.request({
      method: 'PATCH',
      url: `/api/admin/gigs/${gig.id}`,
      ...multipart({ title: '', link: 'example.com' }),
    });
    expect(bad.json().error.message).toBe('Title required');
    const wrongType = await admin.request({
      method: 'PATCH',
      url: `/api/admin/gigs/${gig.id}`,
      ...multipart(
        { title: 'x', link: 'example.com' },
        { name: 'x.png', type: 'image/png', bytes: Buffer.from('<svg></svg>') },
      ),
    });
    expect(wrongType.statusCode).toBe(415);

    const listed = (await admin.get('/api/admin/gigs')).json();
    expect(listed.items.some((g: { id: string }) => g.id === gig.id)).toBe(true);
    expect((await admin.delete(`/api/admin/gigs/${gig.id}`)).json()).toEqual({ message: adminTexts.gigs.deleted });
    expect((await t.client().get(gig.mediaUrl)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/gigs/${gig.id}`)).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('lists every message with Unknown sides, newest first, with a total', async () => {
    const a = await t.createUser({ name: 'Sender A' });
    const id = await createMessage(t, { senderId: a.id, receiverId: null, message: 'x'.repeat(300) });
    const page = (await admin.get('/api/admin/messages')).json();
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]).toMatchObject({ id, from: { displayName: 'Sender A' }, to: null, offerTitle: null });
    expect(page.items[0].message).toHaveLength(300);
  });
});

describe('analytics', () => {
  it('counts revenue from completed orders only, 15% commission, top creators and a series', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await fresh.signedIn({ admin: true });
      const s1 = await fresh.createUser({ name: 'Seller One' });
      const s2 = await fresh.createUser({ name: 'Seller Two' });
      const b = await fresh.createUser();
      const now = fresh.clock.now();
      await createOrder(fresh, {
        sellerId: s1.id,
        buyerId: b.id,
        status: 'completed',
        pricePence: 1250,
        completedAt: now,
      });
      await createOrder(fresh, {
        sellerId: s2.id,
        buyerId: b.id,
        status: 'completed',
        pricePence: 300,
        completedAt: new Date(now.getTime() - 2 * 86400_000),
      });
      await createOrder(fresh, { sellerId: s2.id, buyerId: b.id, status: 'delivered', pricePence: 5000 });
      await createOrder(fresh, { sellerId: s1.id, buyerId: b.id, status: 'awaiting_payment', pricePence: 700 });
      const a = (await boss.get('/api/admin/analytics')).json();
      expect(a).toMatchObject({
        totalRevenuePence: 1550,
        commissionPence: 233,
        totalOrders: 4,
        completedOrders: 2,
        pendingOrders: 2,
        byStatus: { completed: 2, delivered: 1, awaiting_payment: 1, paid: 0 },
      });
      expect(a.topCreators).toEqual([
        { creatorId: s1.id, displayName: 'Seller One', orderCount: 1, revenuePence: 1250 },
        { creatorId: s2.id, displayName: 'Seller Two', orderCount: 1, revenuePence: 300 },
      ]);
      expect(a.revenueOverTime.points).toHaveLength(30);
      expect(a.revenueOverTime.points.at(-1).revenuePence).toBe(1250);
      expect(
        a.revenueOverTime.points.reduce((sum: number, p: { revenuePence: number }) => sum + p.revenuePence, 0),
      ).toBe(1550);
      const weekly = (await boss.get('/api/admin/analytics?unit=week')).json();
      expect(weekly.revenueOverTime.points).toHaveLength(12);
      expect((await boss.get('/api/admin/analytics?unit=year')).statusCode).toBe(400);
      const dash = (await boss.get('/api/admin/dashboard')).json();
      expect(dash.stats).toMatchObject({ totalRevenuePence: 1550, commissionPence: 233 });
    } finally {
      await fresh.close();
    }
  });
});

describe('self-test', () => {
  it('uploads, creates a gig, checks it and removes both', async () => {
    const before = await t.deps.database.query<{ n: number }>('select count(*)::int as n from offers');
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/self-test',
      ...multipart({}, { name: 't.png', type: 'image/png', bytes: await pngBytes() }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.ok, JSON.stringify(result.steps)).toBe(true);
    expect(result.title).toBe('Test Successful!');
    expect(result.steps.map((s: { name: string }) => s.name)).toEqual([
      'Upload',
      'Create gig',
      'Check media',
      'Clean up',
    ]);
    expect(await t.deps.database.query('select count(*)::int as n from offers')).toEqual(before);
    const none = await admin.request({ method: 'POST', url: '/api/admin/self-test', ...multipart({ note: 'x' }) });
    expect(none.json().error.message).toBe('Please select a test file first');
    // A file that is not media is refused as it arrives (the screen says "Test Error"), nothing left behind.
    const refused = await admin.request({
      method: 'POST',
      url: '/api/admin/self-test',
      ...multipart({}, { name: 'notes.png', type: 'image/png', bytes: Buffer.from('plain text, not a picture') }),
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toBe('Invalid file type');
    expect(await t.deps.database.query('select count(*)::int as n from offers')).toEqual(before);
  });
});

describe('export', () => {
  it('streams CSV with a header and neutralised cells', async () => {
    const creator = await t.createUser({ name: '=HYPERLINK("http://evil")' });
    await createOffer(t, creator.id, { title: '+danger, "quoted"' });
    const response = await admin.get('/api/admin/export/offers');
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('gigreel-offers-');
    const rows = parseCsv(response.body);
    expect(rows[0]?.slice(0, 4)).toEqual(['id', 'user_id', 'creator', 'title']);
    const row = rows.find((r) => r[1] === creator.id)!;
    expect(row[2]).toBe('\'=HYPERLINK("http://evil")');
    expect(row[3]).toBe('\'+danger, "quoted"');
    expect((await admin.get('/api/admin/export/secrets')).statusCode).toBe(400);
    for (const table of ['users', 'transactions', 'messages'])
      expect((await admin.get(`/api/admin/export/${table}`)).statusCode).toBe(200);
  });

  it('writes times as ISO 8601 in UTC to the millisecond, on either engine, and an unread message’s read_at empty', async () => {
    const sender = await t.createUser({ name: 'Timekeeper' });
    await t.deps.database.query(
      `insert into gig_messages (sender_id, receiver_id, message, created_at)
       values ($1, null, 'kept in time', timestamptz '2026-01-02 03:04:05.678912+02')`,
      [sender.id],
    );
    const rows = parseCsv((await admin.get('/api/admin/export/messages')).body);
    const [header] = rows;
    const row = rows.find((r) => r[header!.indexOf('message')] === 'kept in time')!;
    expect(row[header!.indexOf('created_at')]).toBe('2026-01-02T01:04:05.678Z');
    expect(row[header!.indexOf('read_at')]).toBe('');
  });
});
