/**
 * Moderation beyond dismissing (issue 17): suspending a reported person and what it does to sign-in,
 * their offer, messages and orders; suspensions that end by themselves; dismissing similar reports;
 * payment-link reports first; the target's history; and the one appeal per action with its outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOrderIn, createPaidOffer } from '../orders/test-helpers.ts';
import { endDueSuspensions } from './moderation.service.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let admin: Signed;
let reporter: Signed;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [admin, reporter] = await Promise.all([
    t.signedIn({ name: 'Ada Admin', admin: true }),
    t.signedIn({ name: 'Rita Reporter' }),
  ]);
  anonymous = t.client();
});
afterAll(async () => t.close());

type Case = {
  id: string;
  targetId: string;
  paymentLink: boolean;
  ownerSuspended: boolean;
  history: { earlierReports: number; otherOpen: number; actions: Array<{ kind: string; appealStatus: string }> };
};
const queue = async () => (await admin.get('/api/admin/reports')).json().cases as Case[];
const caseOf = async (targetId: string) => (await queue()).find((c) => c.targetId === targetId)!;
const feedIds = async () => (await anonymous.get('/api/feed')).json().offers.map((o: { id: string }) => o.id);
const signIn = (user: { email: string }) =>
  t.client().post('/api/auth/sign-in/email', { email: user.email, password: 'correct horse battery staple' });
/** The appeal link from the person's latest notification of `kind`. */
const appealLink = async (userId: string, kind: string) => {
  const [row] = await t.deps.database.query<{ link: string }>(
    'select link from notifications where user_id = $1 and kind = $2 order by created_at desc limit 1',
    [userId, kind],
  );
  return row!.link;
};

/** A creator with an approved offer, reported by the reporter; answers the creator and the case. */
async function reportedCreator(name: string, reason = 'scam') {
  const person = await t.signedIn({ name, password: 'correct horse battery staple' });
  const offerId = await createPaidOffer(t, person.user.id, { title: `${name}'s offer` });
  expect((await reporter.post('/api/reports', { kind: 'offer', id: offerId, reason })).statusCode).toBe(201);
  return { person, offerId, found: await caseOf(offerId) };
}

describe('suspending a reported person', () => {
  it('ends their sessions and refuses sign-in, hides their offer, page and messages, and holds their open orders', async () => {
    const { person, offerId, found } = await reportedCreator('Sam Scammer');
    // a conversation and two orders under way, one a buyer's awaiting payment, one delivered
    await reporter.post('/api/messages', { offerId, text: 'Is this real?' });
    await person.post(`/api/messages/with/${reporter.user.id}`, { text: 'Pay me here instead.' });
    const buyer = await t.signedIn({ name: 'Bea Buyer' });
    const awaiting = await createOrderIn(t, 'awaiting_payment', { buyerId: buyer.user.id, sellerId: person.user.id });
    const delivered = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: person.user.id });

    const noWhy = await admin.post(`/api/admin/reports/${found.id}/suspend`, { rule: 'scam', note: '', days: 7 });
    expect(noWhy.json().error.message).toBe(reportsTexts.whyRequired);
    const badDays = await admin.post(`/api/admin/reports/${found.id}/suspend`, { rule: 'scam', note: 'x', days: 5 });
    expect(badDays.statusCode).toBe(400);
    const done = await admin.post(`/api/admin/reports/${found.id}/suspend`, {
      rule: 'scam',
      note: 'Asked buyers to pay off the platform.',
      days: null,
    });
    expect(done.json()).toEqual({ message: reportsTexts.suspended });

    expect((await person.get('/api/me')).json().viewer).toBeNull();
    const refused = await signIn(person.user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(reportsTexts.suspendedSignIn(null));
    expect(await feedIds()).not.toContain(offerId);
    expect((await anonymous.get(`/api/creators/${person.user.id}`)).statusCode).toBe(404);
    const conversations = (await reporter.get('/api/messages/conversations')).json().conversations;
    expect(conversations.map((c: { otherUser: { id: string } }) => c.otherUser.id)).not.toContain(person.user.id);
    expect((await reporter.get(`/api/messages/with/${person.user.id}`)).statusCode).toBe(404);
    expect((await reporter.post(`/api/messages/with/${person.user.id}`, { text: 'Hello?' })).statusCode).toBe(404);

    for (const orderId of [awaiting, delivered]) {
      const { order } = (await buyer.get(`/api/orders/${orderId}`)).json();
      expect(order.status).toBe('disputed');
      expect(order.problem).toMatchObject({ reason: 'account_suspended', reportedBy: 'admin' });
    }
    const disputes = (await admin.get('/api/admin/disputes')).json().disputes.map((d: { id: string }) => d.id);
    expect(disputes).toEqual(expect.arrayContaining([awaiting, delivered]));
    expect((await t.mails(buyer.user.email)).map((m) => m.text).join('\n')).toContain(
      'was suspended, so an admin will look at the order',
    );
    const mail = (await t.mails(person.user.email)).find((m) => m.text.includes('suspended your account for good'));
    expect(mail?.link).toMatch(/\/appeal\/[0-9]+\.[A-Za-z0-9_-]{32}$/);
    expect((await queue()).map((c) => c.id)).not.toContain(found.id);
    const audit = await t.deps.database.query<{ status: number }>(
      "select status from audit_log where action = 'report.suspend' order by created_at",
    );
    expect(audit.map((row) => Number(row.status))).toEqual([400, 400, 200]);
  });

  it('ends a suspension for some days by itself: they sign in again and their offer is back', async () => {
    const { person, offerId, found } = await reportedCreator('Tim Timeout', 'spam');
    const done = await admin.post(`/api/admin/reports/${found.id}/suspend`, { rule: 'spam', note: 'Spam.', days: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect((await signIn(person.user)).json().error.message).toMatch(/^This account is suspended until /);
    expect(await endDueSuspensions(t.deps)).toBe(0);
    t.clock.advance(24 * 3600_000 + 1000);
    expect(await endDueSuspensions(t.deps)).toBe(1);
    expect((await signIn(person.user)).statusCode).toBe(200);
    expect(await feedIds()).toContain(offerId);
  });

  it('refuses to suspend an admin, or someone already suspended', async () => {
    const other = await t.signedIn({ name: 'Olga Other Admin', admin: true });
    expect(
      (await reporter.post('/api/reports', { kind: 'creator', id: other.user.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    const found = await caseOf(other.user.id);
    const refused = await admin.post(`/api/admin/reports/${found.id}/suspend`, { rule: 'spam', note: 'x', days: 1 });
    expect(refused.json().error.message).toBe(reportsTexts.cannotSuspendAdmin);
    await admin.post(`/api/admin/reports/${found.id}/dismiss`, {});

    const { person, found: first } = await reportedCreator('Dora Double');
    await admin.post(`/api/admin/reports/${first.id}/suspend`, { rule: 'scam', note: 'x', days: 30 });
    expect(
      (await reporter.post('/api/reports', { kind: 'creator', id: person.user.id, reason: 'scam' })).statusCode,
    ).toBe(201);
    const second = await caseOf(person.user.id);
    expect(second.ownerSuspended).toBe(true);
    const again = await admin.post(`/api/admin/reports/${second.id}/suspend`, { rule: 'scam', note: 'x', days: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(reportsTexts.alreadySuspended);
  });
});

describe('the queue', () => {
  it('puts reports of a payment link first, and shows the person’s history', async () => {
    const many = await reportedCreator('Mia Many');
    for (const name of ['R2', 'R3']) {
      const other = await t.signedIn({ name });
      await other.post('/api/reports', { kind: 'offer', id: many.offerId, reason: 'spam' });
    }
    const linked = await reportedCreator('Lou Link', 'payment_link');
    const cases = await queue();
    expect(cases[0]).toMatchObject({ targetId: linked.offerId, paymentLink: true });
    expect(cases.findIndex((c) => c.targetId === many.offerId)).toBeGreaterThan(0);

    // Lou's offer is hidden; a new report about Lou shows that and the handled case
    await admin.post(`/api/admin/reports/${linked.found.id}/hide`, { rule: 'payment_link', note: 'Not your link.' });
    await reporter.post('/api/reports', { kind: 'creator', id: linked.person.user.id, reason: 'harassment' });
    expect((await caseOf(linked.person.user.id)).history).toMatchObject({
      earlierReports: 1,
      otherOpen: 0,
      actions: [{ kind: 'hide_offer', appealStatus: 'none' }],
    });
  });

  it('dismisses similar: every open case about the same person, and tells every reporter', async () => {
    const { person, offerId, found } = await reportedCreator('Wes Wave');
    const second = await t.signedIn({ name: 'Second Reporter' });
    await second.post('/api/reports', { kind: 'creator', id: person.user.id, reason: 'spam' });
    const elsewhere = await reportedCreator('Nell Nobody');
    expect((await caseOf(offerId)).history.otherOpen).toBe(1);
    const before = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from notifications where user_id = $1 and kind = 'report_handled'",
      [second.user.id],
    );
    const done = await admin.post(`/api/admin/reports/${found.id}/dismiss-similar`, {});
    expect(done.json()).toEqual({ message: reportsTexts.dismissedSimilar(2) });
    const left = (await queue()).map((c) => c.targetId);
    expect(left).not.toContain(offerId);
    expect(left).not.toContain(person.user.id);
    expect(left).toContain(elsewhere.offerId);
    const after = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from notifications where user_id = $1 and kind = 'report_handled'",
      [second.user.id],
    );
    expect(after[0]!.n - before[0]!.n).toBe(1);
    expect((await admin.post(`/api/admin/reports/${found.id}/dismiss-similar`, {})).statusCode).toBe(409);
  });
});

describe('appeals', () => {
  it('the creator appeals a hidden offer once, the admin undoes it, and the creator is told', async () => {
    const { person, offerId, found } = await reportedCreator('Ava Appeal');
    await admin.post(`/api/admin/reports/${found.id}/hide`, { rule: 'misleading', note: 'The photo is not yours.' });
    const link = await appealLink(person.user.id, 'offer_hidden');
    const token = link.slice('/appeal/'.length);
    // the link works signed out; a link the server did not make does not
    const view = await anonymous.get(`/api/appeals/${token}`);
    expect(view.json()).toMatchObject({
      kind: 'hide_offer',
      rule: 'misleading',
      note: 'The photo is not yours.',
      offerTitle: "Ava Appeal's offer",
      until: null,
      appeal: { status: 'none', text: null, reply: null },
    });
    const forged = `${token.split('.')[0]}.${'A'.repeat(32)}`;
    expect((await anonymous.get(`/api/appeals/${forged}`)).statusCode).toBe(404);
    expect((await anonymous.post(`/api/appeals/${forged}`, { text: 'Mine.' })).statusCode).toBe(404);
    expect((await anonymous.post(`/api/appeals/${token}`, { text: '  ' })).json().error.message).toBe(
      reportsTexts.appealRequired,
    );
    const sent = await anonymous.post(`/api/appeals/${token}`, {
      text: 'I took that photo myself; here is the raw file.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ message: reportsTexts.appealSent });
    const twice = await anonymous.post(`/api/appeals/${token}`, { text: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(reportsTexts.appealUsed);

    const appeals = (await admin.get('/api/admin/appeals')).json().appeals;
    const mine = appeals.find((a: { person: { id: string } }) => a.person.id === person.user.id);
    expect(mine).toMatchObject({
      kind: 'hide_offer',
      appealText: 'I took that photo myself; here is the raw file.',
      note: 'The photo is not yours.',
    });
    expect((await person.get('/api/admin/appeals')).statusCode).toBe(403);
    expect(
      (await person.post(`/api/admin/appeals/${mine.id}/decide`, { outcome: 'reverse', note: 'x' })).statusCode,
    ).toBe(403);
    const noReply = await admin.post(`/api/admin/appeals/${mine.id}/decide`, { outcome: 'reverse', note: '' });
    expect(noReply.json().error.message).toBe(reportsTexts.replyRequired);
    const decided = await admin.post(`/api/admin/appeals/${mine.id}/decide`, {
      outcome: 'reverse',
      note: 'Thank you, the raw file settles it.',
    });
    expect(decided.json()).toEqual({ message: reportsTexts.reversed });
    expect(await feedIds()).toContain(offerId);
    expect((await anonymous.get(`/api/appeals/${token}`)).json().appeal).toEqual({
      status: 'reversed',
      text: 'I took that photo myself; here is the raw file.',
      reply: 'Thank you, the raw file settles it.',
    });
    expect((await t.mails(person.user.email)).map((m) => m.text).join('\n')).toContain(
      'and undid the decision: Thank you, the raw file settles it.',
    );
    expect(
      (await admin.post(`/api/admin/appeals/${mine.id}/decide`, { outcome: 'uphold', note: 'x' })).statusCode,
    ).toBe(409);
    const audit = await t.deps.database.query<{ status: number }>(
      "select status from audit_log where action = 'appeal.decide' order by created_at",
    );
    expect(audit.map((row) => Number(row.status))).toEqual([400, 200, 409]);
  });

  it('a suspended person appeals from the mailed link; upheld, they stay suspended; reversed, they sign in again', async () => {
    for (const outcome of ['uphold', 'reverse'] as const) {
      const { person, found } = await reportedCreator(`Pat ${outcome}`);
      await admin.post(`/api/admin/reports/${found.id}/suspend`, {
        rule: 'scam',
        note: 'Fake payment page.',
        days: 90,
      });
      const mail = (await t.mails(person.user.email)).find((m) => m.text.includes('suspended your account until'))!;
      const token = new URL(mail.link!).pathname.slice('/appeal/'.length);
      expect((await anonymous.get(`/api/appeals/${token}`)).json()).toMatchObject({
        kind: 'suspend',
        until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect((await anonymous.post(`/api/appeals/${token}`, { text: 'The page is my bank’s.' })).statusCode).toBe(201);
      const appeal = (await admin.get('/api/admin/appeals'))
        .json()
        .appeals.find((a: { person: { id: string } }) => a.person.id === person.user.id);
      await admin.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome, note: 'Read it.' });
      expect((await signIn(person.user)).statusCode).toBe(outcome === 'reverse' ? 200 : 403);
    }
  });
});

describe('moderation mail and the person’s settings', () => {
  it('a hidden offer’s mail follows the moderation email switch, with its unsubscribe; a suspension notice always goes', async () => {
    const { person, found } = await reportedCreator('Quinn Quiet');
    const mailsOf = async () => t.mails(person.user.email);
    await person.put('/api/notifications/settings', { topic: 'moderation', channel: 'email', on: false });

    const hidden = await admin.post(`/api/admin/reports/${found.id}/hide`, { rule: 'scam', note: 'A fake shop.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await mailsOf()).toEqual([]);
    // still told in the app, with the link to appeal
    expect(await appealLink(person.user.id, 'offer_hidden')).toMatch(/^\/appeal\//);

    expect(
      (await reporter.post('/api/reports', { kind: 'creator', id: person.user.id, reason: 'scam' })).statusCode,
    ).toBe(201);
    const suspendCase = (await queue()).find((c) => c.targetId === person.user.id)!;
    const suspended = await admin.post(`/api/admin/reports/${suspendCase.id}/suspend`, {
      rule: 'scam',
      note: 'Asked buyers to pay elsewhere.',
      days: 7,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [notice, ...more] = await mailsOf();
    expect(more).toEqual([]);
    expect(notice!.text).toContain('/appeal/');
    // an account's own mail carries no unsubscribe
    expect(notice!.text).not.toMatch(/^List-Unsubscribe/m);
  });
});
