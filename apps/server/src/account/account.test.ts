/**
 * An account people control (issue 19): changing the password ends every other session; changing
 * the email waits for the new address's link, tells the old address and expires; the signed-in
 * devices are listed and ended; deleting the account is the admin's deletion, behind the password
 * and DELETE typed. None of it while an admin uses the account.
 */
import { accountTexts, texts } from '@gigreel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createMessage, createOrder } from '../admin/test-factories.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';
import { deviceName } from './user-agent.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'Password123';
const logIn = (client: TestClient, email: string, password = PASSWORD) =>
  client.post('/api/auth/sign-in/email', { email, password });
const viewerOf = async (client: TestClient) => (await client.get('/api/me')).json().viewer as { email: string } | null;

/** A second browser signed in as the same person, from an address of its own. */
async function secondBrowser(person: Signed, ip = '198.51.100.20', userAgent?: string): Promise<TestClient> {
  const client = t.client(ip);
  const headers = userAgent ? { 'user-agent': userAgent } : {};
  const response = await client.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: person.user.email, password: PASSWORD },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

describe('changing the password', () => {
  it('needs the current password, and refuses a weak or unchanged new one', async () => {
    const person = await t.signedIn();
    const wrong = await person.post('/api/account/password', {
      currentPassword: 'Nottheone1',
      newPassword: 'Brandnew123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'wrong_password',
      message: accountTexts.wrongPassword,
      field: 'currentPassword',
    });
    const weak = await person.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.json().error.message).toBe(texts.validation.passwordRule);
    const same = await person.post('/api/account/password', { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.json().error).toMatchObject({ message: accountTexts.password.same, field: 'newPassword' });
    expect((await logIn(t.client(), person.user.email)).statusCode).toBe(200);
  });

  it('ends every other session, keeps this one, and mails the person', async () => {
    const person = await t.signedIn({ name: 'Pat Password' });
    const other = await secondBrowser(person);
    expect(await viewerOf(other)).not.toBeNull();
    const changed = await person.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brandnew123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: accountTexts.password.changed });
    expect({ here: (await viewerOf(person))?.email, other: await viewerOf(other) }).toEqual({
      here: person.user.email,
      other: null,
    });
    expect((await logIn(t.client(), person.user.email)).statusCode).toBe(401);
    expect((await logIn(t.client(), person.user.email, 'Brandnew123')).statusCode).toBe(200);
    const [mail] = await t.mails(person.user.email);
    expect(mail?.text).toContain(accountTexts.password.mail.body);
  });

  it('makes every reset link still out stop working', async () => {
    const person = await t.signedIn();
    await t.client().post('/api/auth/forgot-password', { email: person.user.email });
    const token = new URL((await t.mails(person.user.email))[0]!.link!).searchParams.get('token')!;
    await person.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'Brandnew123' });
    const stale = await t.client().post('/api/auth/reset-password', { token, password: 'Attacker123' });
    expect(stale.statusCode).toBe(400);
  });

  it('counts wrong current passwords as failed logins: the sixth from one address is refused unchecked', async () => {
    const person = await t.signedIn();
    for (let i = 0; i < 5; i++)
      expect(
        (await person.post('/api/account/password', { currentPassword: `Guess${i}abcd`, newPassword: 'Brandnew123' }))
          .statusCode,
      ).toBe(400);
    const limited = await person.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brandnew123',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(texts.auth.tooManyAttempts);
    t.clock.advance(16 * 60_000);
  });
});

describe('changing the email', () => {
  const confirmLink = async (to: string, nth = 0) => {
    const mails = await t.mails(to);
    expect(mails.length, `mails to ${to}`).toBeGreaterThan(nth);
    const link = new URL(mails[nth]!.link!);
    expect(link.pathname).toBe('/api/account/email/confirm');
    return `${link.pathname}${link.search}`;
  };

  it('refuses the same address, a taken one (whatever its case) and a wrong password', async () => {
    const person = await t.signedIn();
    const taken = await t.createUser();
    const same = await person.post('/api/account/email', {
      email: person.user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(same.json().error).toMatchObject({ message: accountTexts.email.same, field: 'email' });
    const used = await person.post('/api/account/email', { email: taken.email.toUpperCase(), password: PASSWORD });
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toMatchObject({ message: accountTexts.email.taken, field: 'email' });
    const wrong = await person.post('/api/account/email', { email: 'free@example.com', password: 'Nottheone1' });
    expect(wrong.json().error).toMatchObject({ code: 'wrong_password', field: 'password' });
    expect((await person.get('/api/account')).json().pendingEmail).toBeNull();
  });

  it('changes nothing until the new address confirms; then it is the login, and the old address is told', async () => {
    const person = await t.signedIn({ name: 'Eli Email' });
    const newEmail = `new-${person.user.id}@example.com`;
    const asked = await person.post('/api/account/email', { email: newEmail, password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      message: accountTexts.email.sent(newEmail),
      pendingEmail: { email: newEmail },
    });
    expect((await person.get('/api/account')).json()).toMatchObject({
      email: person.user.email,
      pendingEmail: { email: newEmail },
    });
    expect((await logIn(t.client(), person.user.email)).statusCode).toBe(200);
    expect(await t.mails(person.user.email)).toHaveLength(0);

    const confirmed = await person.get(await confirmLink(newEmail));
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/settings?emailChanged=1');
    expect(await viewerOf(person)).toMatchObject({ email: newEmail });
    expect((await person.get('/api/account')).json()).toEqual({ email: newEmail, pendingEmail: null });
    expect((await logIn(t.client(), person.user.email)).statusCode).toBe(401);
    expect((await logIn(t.client(), newEmail)).statusCode).toBe(200);
    const told = await t.mails(person.user.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(accountTexts.email.mailOldTold.body(newEmail));
    const [verified] = await t.deps.database.query<{ email_verified: boolean }>(
      'select email_verified from users where id = $1',
      [person.user.id],
    );
    expect(verified!.email_verified).toBe(true);
  });

  it('a link works once; opened in a browser not signed in to the account, it asks to log in', async () => {
    const person = await t.signedIn();
    const newEmail = `elsewhere-${person.user.id}@example.com`;
    await person.post('/api/account/email', { email: newEmail, password: PASSWORD });
    const link = await confirmLink(newEmail);
    const elsewhere = await t.client().get(link);
    expect(elsewhere.headers.location).toBe('/login?emailChanged=1');
    expect(await viewerOf(person)).toMatchObject({ email: newEmail });
    const again = await person.get(link);
    expect(again.headers.location).toBe('/settings?emailChanged=1&error=INVALID_TOKEN');
  });

  it('expires: a day later the link changes nothing and the change no longer shows', async () => {
    const person = await t.signedIn();
    const newEmail = `late-${person.user.id}@example.com`;
    await person.post('/api/account/email', { email: newEmail, password: PASSWORD });
    const link = await confirmLink(newEmail);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await person.get('/api/account')).json().pendingEmail).toBeNull();
    expect((await person.get(link)).headers.location).toBe('/settings?emailChanged=1&error=INVALID_TOKEN');
    expect(await viewerOf(person)).toMatchObject({ email: person.user.email });
  });

  it('a new request replaces the one before, and a cancelled change cannot be confirmed', async () => {
    const person = await t.signedIn();
    const [first, second] = [`first-${person.user.id}@example.com`, `second-${person.user.id}@example.com`];
    await person.post('/api/account/email', { email: first, password: PASSWORD });
    await person.post('/api/account/email', { email: second, password: PASSWORD });
    expect((await person.get(await confirmLink(first))).headers.location).toContain('error=INVALID_TOKEN');
    expect((await person.delete('/api/account/email')).json()).toEqual({ message: accountTexts.email.cancelled });
    expect((await person.get(await confirmLink(second))).headers.location).toContain('error=INVALID_TOKEN');
    expect(await viewerOf(person)).toMatchObject({ email: person.user.email });
  });

  it('an address taken meanwhile is not taken over', async () => {
    const person = await t.signedIn();
    const wanted = `wanted-${person.user.id}@example.com`;
    await person.post('/api/account/email', { email: wanted, password: PASSWORD });
    await t.createUser({ email: wanted });
    expect((await person.get(await confirmLink(wanted))).headers.location).toBe(
      '/settings?emailChanged=1&error=EMAIL_TAKEN',
    );
    expect(await viewerOf(person)).toMatchObject({ email: person.user.email });
  });

  it('mails at most three new addresses an hour per account', async () => {
    const person = await t.signedIn();
    for (let i = 0; i < 3; i++)
      expect(
        (await person.post('/api/account/email', { email: `n${i}-${person.user.id}@example.com`, password: PASSWORD }))
          .statusCode,
      ).toBe(200);
    const fourth = await person.post('/api/account/email', {
      email: `n3-${person.user.id}@example.com`,
      password: PASSWORD,
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(accountTexts.email.tooMany('in 1 hour'));
    expect(await t.mails(`n3-${person.user.id}@example.com`)).toHaveLength(0);
    t.clock.advance(3_600_000 + 1000);
    expect(
      (await person.post('/api/account/email', { email: `n4-${person.user.id}@example.com`, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('answers a missing or made-up link with the error page, never a 500', async () => {
    for (const url of [
      '/api/account/email/confirm',
      '/api/account/email/confirm?token=nope',
      `/api/account/email/confirm?token=${'x'.repeat(300)}`,
    ])
      expect((await t.client().get(url)).headers.location, url).toBe('/login?emailChanged=1&error=INVALID_TOKEN');
  });
});

describe('signed-in devices', () => {
  const PHONE =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

  it('lists the live sessions, this one marked, by browser and system', async () => {
    const person = await t.signedIn();
    await secondBrowser(person, '198.51.100.31', PHONE);
    const listed = await person.get('/api/account/sessions');
    expect(listed.statusCode).toBe(200);
    const { devices } = listed.json() as { devices: Array<{ device: string; current: boolean }> };
    expect(devices).toHaveLength(2);
    expect(devices.filter((device) => device.current)).toHaveLength(1);
    expect(devices.map((device) => device.device)).toContain('Chrome on Android');
  });

  it('ends one other device, which is signed out at once; this one cannot be ended from here', async () => {
    const person = await t.signedIn();
    const phone = await secondBrowser(person, '198.51.100.32', PHONE);
    expect(await viewerOf(phone)).not.toBeNull();
    const { devices } = (await person.get('/api/account/sessions')).json() as {
      devices: Array<{ id: string; current: boolean }>;
    };
    const others = devices.filter((device) => !device.current);
    const ended = await person.delete(`/api/account/sessions/${others[0]!.id}`);
    expect(ended.json()).toEqual({ message: accountTexts.devices.signedOut('Chrome on Android') });
    expect(await viewerOf(phone)).toBeNull();
    expect((await person.delete(`/api/account/sessions/${others[0]!.id}`)).statusCode).toBe(404);
    const own = devices.find((device) => device.current)!;
    expect((await person.delete(`/api/account/sessions/${own.id}`)).json().error.message).toBe(
      accountTexts.devices.useLogOut,
    );
    expect((await person.get('/api/account/sessions')).json().devices).toHaveLength(1);
  });

  it("cannot end, or see, another person's session", async () => {
    const person = await t.signedIn();
    const stranger = await t.signedIn();
    const [theirs] = (await stranger.get('/api/account/sessions')).json().devices as Array<{ id: string }>;
    expect((await person.delete(`/api/account/sessions/${theirs!.id}`)).statusCode).toBe(404);
    expect(await viewerOf(stranger)).not.toBeNull();
    const mine = (await person.get('/api/account/sessions')).json().devices as Array<{ id: string }>;
    expect(mine.map((device) => device.id)).not.toContain(theirs!.id);
  });

  it('signs out everywhere else at once', async () => {
    const person = await t.signedIn();
    const browsers = [await secondBrowser(person, '198.51.100.33'), await secondBrowser(person, '198.51.100.34')];
    const done = await person.post('/api/account/sessions/sign-out-others');
    expect(done.json()).toEqual({ message: accountTexts.devices.othersSignedOut(2), ended: 2 });
    for (const browser of browsers) expect(await viewerOf(browser)).toBeNull();
    expect(await viewerOf(person)).not.toBeNull();
  });

  it('names devices by browser and system', () => {
    expect(deviceName(PHONE)).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Firefox on Mac',
    );
    expect(deviceName('curl/8.5.0')).toBe(accountTexts.devices.unknown);
    expect(deviceName(null)).toBe(accountTexts.devices.unknown);
  });
});

describe('deleting the account', () => {
  it('needs DELETE typed and the password', async () => {
    const person = await t.signedIn();
    const untyped = await person.delete('/api/account', { password: PASSWORD, confirmation: 'delete' });
    expect(untyped.json().error).toMatchObject({ message: accountTexts.delete.typeDelete, field: 'confirmation' });
    const wrong = await person.delete('/api/account', { password: 'Nottheone1', confirmation: 'DELETE' });
    expect(wrong.json().error).toMatchObject({ code: 'wrong_password', field: 'password' });
    expect(await viewerOf(person)).not.toBeNull();
  });

  it("is the admin's deletion: gone, signed out everywhere, orders and messages kept for the other side", async () => {
    const person = await t.signedIn({ name: 'Lou Leaving' });
    const other = await secondBrowser(person);
    const seller = await t.createUser();
    const offerId = await createPaidOffer(t, seller.id);
    const orderId = await createOrder(t, { buyerId: person.user.id, sellerId: seller.id, offerId });
    const messageId = await createMessage(t, { senderId: person.user.id, receiverId: seller.id, offerId });
    await createPaidOffer(t, person.user.id, { title: 'Lou offer' });

    const gone = await person.delete('/api/account', { password: PASSWORD, confirmation: ' DELETE ' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: accountTexts.delete.deleted });
    expect(String(gone.headers['set-cookie'])).toMatch(/session_token=;|Max-Age=0/);
    expect({ here: await viewerOf(person), other: await viewerOf(other) }).toEqual({ here: null, other: null });
    expect((await logIn(t.client(), person.user.email)).statusCode).toBe(401);
    const db = t.deps.database;
    expect(await db.query('select id from users where id = $1', [person.user.id])).toEqual([]);
    expect(await db.query('select id from offers where user_id = $1', [person.user.id])).toEqual([]);
    expect(await db.query('select buyer_id, seller_id from orders where id = $1', [orderId])).toEqual([
      { buyer_id: null, seller_id: seller.id },
    ]);
    expect(await db.query('select sender_id from gig_messages where id = $1', [messageId])).toEqual([
      { sender_id: null },
    ]);
    const [mail] = await t.mails(person.user.email);
    expect(mail?.text).toContain(accountTexts.delete.mail.body);
  });

  it('is not for an admin', async () => {
    const admin = await t.signedIn({ admin: true });
    const refused = await admin.delete('/api/account', { password: PASSWORD, confirmation: 'DELETE' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(accountTexts.delete.adminCannot);
  });
});

describe('while an admin uses the account', () => {
  it('refuses every change, the data download and the deletion', async () => {
    const admin = await t.signedIn({ admin: true });
    const creator = await t.signedIn();
    expect((await admin.post(`/api/admin/impersonate/${creator.user.id}`)).statusCode).toBe(200);
    const calls = [
      admin.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'Brandnew123' }),
      admin.post('/api/account/email', { email: 'taken-over@example.com', password: PASSWORD }),
      admin.delete('/api/account/email'),
      admin.post('/api/account/sessions/sign-out-others'),
      admin.get('/api/account/export'),
      admin.delete('/api/account', { password: PASSWORD, confirmation: 'DELETE' }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error.message).toBe(accountTexts.notWhileImpersonating);
    }
    expect(await viewerOf(creator)).not.toBeNull();
  });
});
