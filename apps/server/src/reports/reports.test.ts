/**
 * Reporting and the admins' queue (issue 17): a report per person per thing, cases grouped by what
 * they concern with the content as first reported, most reported first; dismissing and hiding an
 * offer, who is told, and what changes in the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let creator: Signed;
let reporter: Signed;
let second: Signed;
let admin: Signed;
let anonymous: TestClient;
let offerId: string;

beforeAll(async () => {
  t = await createTestApp();
  [creator, reporter, second, admin] = await Promise.all([
    t.signedIn({ name: 'Cleo Creator' }),
    t.signedIn({ name: 'Rita Reporter' }),
    t.signedIn({ name: 'Sid Second' }),
    t.signedIn({ name: 'Ada Admin', admin: true }),
  ]);
  anonymous = t.client();
  offerId = await createPaidOffer(t, creator.user.id);
});
afterAll(async () => t.close());

const report = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/reports', { kind: 'offer', id: offerId, reason: 'scam', ...body });
const queue = async () => (await admin.get('/api/admin/reports')).json().cases as Array<Record<string, unknown>>;
const notices = (userId: string, kind: string) =>
  t.deps.database.query<{ title: string; body: string }>(
    'select title, body from notifications where user_id = $1 and kind = $2',
    [userId, kind],
  );

describe('reporting', () => {
  it('groups reports of one thing in one case with the content as first reported; a repeat adds to the first', async () => {
    const first = await report(reporter, { note: 'The payment link goes to a stranger.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(reportsTexts.sent);
    // the creator edits the offer afterwards: the case keeps what was reported
    await t.deps.database.query('update offers set title = $1 where id = $2', ['Totally legit', offerId]);
    const again = await report(reporter, { reason: 'payment_link', note: 'Still there.' });
    expect(again.json().message).toBe(reportsTexts.added);
    expect((await report(second, {})).statusCode).toBe(201);
    const [found] = await queue();
    expect(found).toMatchObject({
      kind: 'offer',
      targetId: offerId,
      snapshot: expect.stringMatching(/^A logo in 48 hours/),
      owner: { id: creator.user.id, displayName: 'Cleo Creator' },
      count: 2,
      notes: ['The payment link goes to a stranger.\nStill there.'],
    });
    expect((found!.reasons as string[]).sort()).toEqual(['payment_link', 'scam']);
  });

  it('puts the most reported first', async () => {
    const other = await t.signedIn({ name: 'Quiet Creator' });
    expect(
      (await reporter.post('/api/reports', { kind: 'creator', id: other.user.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    expect((await queue()).map((c) => c.targetId)).toEqual([offerId, other.user.id]);
  });

  it("refuses one's own content, what is not there, a message one did not get, and bad input", async () => {
    expect((await report(creator, {})).json().error.message).toBe(reportsTexts.ownContent);
    expect((await report(reporter, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await report(reporter, { id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await report(reporter, { reason: 'ugly' })).json().error.message).toBe(reportsTexts.chooseReason);
    expect((await report(reporter, { note: 'x'.repeat(501) })).json().error.message).toBe(reportsTexts.tooLong);
    expect((await report(anonymous, {})).statusCode).toBe(401);
    const sent = await second.post('/api/messages', { offerId, text: 'Buy followers cheap at example.com' });
    const messageId = sent.json().message.id as string;
    expect((await reporter.post('/api/reports', { kind: 'message', id: messageId, reason: 'spam' })).statusCode).toBe(
      404,
    );
    expect((await creator.post('/api/reports', { kind: 'message', id: messageId, reason: 'spam' })).statusCode).toBe(
      201,
    );
  });
});

describe('handling a case', () => {
  it('hides a reported offer: out of the feed, the creator told the rule and why, the reporters that it was handled', async () => {
    const [found] = await queue();
    expect((await anonymous.get('/api/feed')).json().offers.map((o: { id: string }) => o.id)).toContain(offerId);
    const noWhy = await admin.post(`/api/admin/reports/${found!.id}/hide`, { rule: 'scam', note: ' ' });
    expect(noWhy.json().error.message).toBe(reportsTexts.whyRequired);
    expect((await creator.post(`/api/admin/reports/${found!.id}/hide`, { rule: 'scam', note: 'x' })).statusCode).toBe(
      403,
    );
    const hidden = await admin.post(`/api/admin/reports/${found!.id}/hide`, {
      rule: 'payment_link',
      note: 'The payment link is not yours.',
    });
    expect(hidden.json()).toEqual({ message: reportsTexts.hidden });
    expect((await anonymous.get('/api/feed')).json().offers.map((o: { id: string }) => o.id)).not.toContain(offerId);
    expect(await notices(creator.user.id, 'offer_hidden')).toEqual([
      {
        title: 'Your offer was hidden: Totally legit',
        body: 'It broke the rule "Suspicious payment link": The payment link is not yours. You can appeal.',
      },
    ]);
    expect((await t.mails(creator.user.email)).map((mail) => mail.text).join('\n')).toContain(
      'because it broke the rule "Suspicious payment link": The payment link is not yours.',
    );
    for (const person of [reporter, second]) expect(await notices(person.user.id, 'report_handled')).toHaveLength(1);
    const again = await admin.post(`/api/admin/reports/${found!.id}/dismiss`, {});
    expect(again.statusCode).toBe(409);
    expect((await queue()).map((c) => c.id)).not.toContain(found!.id);
    // every attempt is in the audit log with its answer: the one refused for want of a reason, then the hiding
    const audit = await t.deps.database.query<{ status: number }>(
      "select status from audit_log where action = 'report.hide' order by created_at",
    );
    expect(audit.map((row) => Number(row.status))).toEqual([400, 200]);
  });

  it('dismisses a case, telling its reporters, and hides only offers', async () => {
    const creatorCase = (await queue()).find((c) => c.kind === 'creator')!;
    expect(
      (await admin.post(`/api/admin/reports/${creatorCase.id}/hide`, { rule: 'spam', note: 'x' })).json().error.message,
    ).toBe(reportsTexts.onlyOffers);
    expect((await admin.post(`/api/admin/reports/${creatorCase.id}/dismiss`, {})).json()).toEqual({
      message: reportsTexts.dismissed,
    });
    expect(await notices(reporter.user.id, 'report_handled')).toHaveLength(2);
    expect((await admin.post('/api/admin/reports/999999/dismiss', {})).statusCode).toBe(404);
    expect((await admin.post('/api/admin/reports/abc/dismiss', {})).statusCode).toBe(400);
  });
});

describe('the queue, page by page', () => {
  it('shows every open case once, in the queue order, across pages', async () => {
    // 70 more open cases, some naming a payment link, with repeated counts and times (ties broken by id)
    await t.deps.database.query(`
      insert into report_cases (target_kind, target_id, snapshot, status, priority, reports_count, last_reported_at)
      select 'creator', 'paged-' || i, 'Paged ' || i, 'open', (i % 9 = 0)::int, 1 + i % 4,
        timestamptz '2026-11-01 10:00:00+00' + (i % 5) * interval '1 minute'
      from generate_series(1, 70) i`);
    const expected = await t.deps.database.query<{ id: string }>(`
      select id::text as id from report_cases where status = 'open'
      order by priority desc, reports_count desc, last_reported_at desc, report_cases.id desc`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { cases: Array<{ id: string }>; nextCursor: string | null } = (
        await admin.get(`/api/admin/reports${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.cases.map((c) => c.id));
      cursor = page.nextCursor;
      // a cursor that does not move on would show the first page forever
      if (seen.length > expected.length) break;
    } while (cursor);
    expect(seen).toEqual(expected.map((row) => row.id));
  });
});
