/**
 * What a stranger cannot do to an account: guess passwords in a burst or from many addresses, sign
 * someone into an account with its verification link, reuse an old reset link or session after a
 * reset, or create accounts without end from one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const logIn = (client: TestClient, email: string, password: string) =>
  client.post('/api/auth/sign-in/email', { email, password });
const tooMany = { error: { code: 'too_many_attempts', message: texts.auth.tooManyAttempts } };
const path = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
let signUps = 0;
/** Each sign-up from its own address, so the sign-up quota stays out of tests about something else. */
const signUpFrom = (client: TestClient, email: string) =>
  client.post('/api/auth/sign-up/email', { displayName: 'New Person', email, password: 'Abcdefg1' });
const freshAddress = () => `192.0.2.${(signUps += 1)}`;

describe('the login limit holds against a burst', () => {
  it('21 wrong passwords sent at once: exactly 5 are checked, the other 16 are refused', async () => {
    const user = await t.createUser();
    const c = t.client('198.51.100.50');
    const answers = await Promise.all(Array.from({ length: 21 }, () => logIn(c, user.email, 'Wrong-pass1')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(16).fill(429)]);
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(answer.json()).toEqual(tooMany);
  });
});

describe('the limit per account, across addresses', () => {
  /** Twenty failures for the account from four addresses, five each: the limit of every address, reached. */
  async function failTwentyTimes(email: string): Promise<void> {
    for (let address = 0; address < 4; address++) {
      const c = t.client(`203.0.113.${address + 10}`);
      for (let i = 0; i < 5; i++) expect((await logIn(c, email, 'Wrong-pass1')).statusCode).toBe(401);
    }
  }

  /** The same, faster: nineteen failures already on record from three addresses, then the twentieth through the API. */
  async function failTwentyTimesQuickly(email: string): Promise<void> {
    const at = t.clock.now().toISOString();
    for (let i = 0; i < 19; i++) {
      await t.deps.database.query(
        'insert into login_attempts (email, ip_address, success, attempted_at) values ($1, $2, false, $3)',
        [email, `203.0.113.${20 + (i % 3)}`, at],
      );
    }
    expect((await logIn(t.client('203.0.113.30'), email, 'Wrong-pass1')).statusCode).toBe(401);
  }

  it('after 20 failures from any addresses, even the right password from a new address is refused', async () => {
    const user = await t.createUser();
    await failTwentyTimes(user.email);
    const owner = await logIn(t.client('198.51.100.60'), user.email, user.password);
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual(tooMany);
    expect(owner.headers['set-cookie']).toBeUndefined();
  });

  it('the lock lifts by itself when the window has passed', async () => {
    const user = await t.createUser();
    await failTwentyTimesQuickly(user.email);
    t.clock.advance(15 * 60_000 + 1);
    expect((await logIn(t.client('198.51.100.61'), user.email, user.password)).statusCode).toBe(200);
  });

  it('the owner is mailed a single-use unlock link that lets them log in at once', async () => {
    const user = await t.createUser();
    await failTwentyTimesQuickly(user.email);
    const mails = await t.mails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/^Subject: Unlock your GigReel account$/m);
    const link = mails[0]!.link!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/unlock\?token=/);
    const owner = t.client('198.51.100.62');
    const unlocked = await owner.get(path(link));
    expect(unlocked.statusCode).toBe(302);
    expect(unlocked.headers.location).toBe('/login?unlocked=1');
    expect((await logIn(owner, user.email, user.password)).statusCode).toBe(200);
    const again = await t.client().get(path(link));
    expect(again.headers.location).toBe('/login?unlocked=1&error=INVALID_TOKEN');
  });

  it('refused attempts do not keep the account locked after the window', async () => {
    const user = await t.createUser();
    await failTwentyTimesQuickly(user.email);
    t.clock.advance(10 * 60_000);
    expect((await logIn(t.client('198.51.100.63'), user.email, 'Wrong-pass1')).statusCode).toBe(429);
    t.clock.advance(5 * 60_000 + 1);
    expect((await logIn(t.client('198.51.100.63'), user.email, user.password)).statusCode).toBe(200);
  });

  it('an unknown email is limited the same way and mails nobody', async () => {
    await failTwentyTimesQuickly('nobody-home@example.com');
    expect((await logIn(t.client('198.51.100.64'), 'nobody-home@example.com', 'Wrong-pass1')).json()).toEqual(tooMany);
    expect(await t.mails('nobody-home@example.com')).toHaveLength(0);
  });
});

describe('the email verification link', () => {
  it('opened in a browser that did not sign up, verifies but signs nobody in, and asks to log in', async () => {
    const signUpBrowser = t.client(freshAddress());
    expect((await signUpFrom(signUpBrowser, 'lured@example.com')).statusCode).toBe(201);
    const [mail] = await t.mails('lured@example.com');
    const victim = t.client();
    const opened = await victim.get(path(mail!.link!));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/login?verified=1');
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect((await victim.get('/api/me')).json()).toEqual({ viewer: null });
    expect((await logIn(victim, 'lured@example.com', 'Abcdefg1')).statusCode).toBe(200);
  });

  it('opened in a browser that signed up for another account, signs nobody in', async () => {
    const attacker = t.client(freshAddress());
    await signUpFrom(attacker, 'bait@example.com');
    const other = t.client(freshAddress());
    await signUpFrom(other, 'own-account@example.com');
    const [mail] = await t.mails('bait@example.com');
    const opened = await other.get(path(mail!.link!));
    expect(opened.headers.location).toBe('/login?verified=1');
    expect((await other.get('/api/me')).json()).toEqual({ viewer: null });
  });

  it('the sign-up marks its browser with an HttpOnly cookie sent only to the verification link', async () => {
    const response = await signUpFrom(t.client(freshAddress()), 'marked@example.com');
    const line = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('gigreel.sign_up='));
    expect(line).toMatch(/; Max-Age=86400; Path=\/api\/auth\/verify-email; HttpOnly; SameSite=Lax$/);
  });

  it('opened again in the browser that signed up, once verified, signs nobody in', async () => {
    const c = t.client(freshAddress());
    await signUpFrom(c, 'twice@example.com');
    const [mail] = await t.mails('twice@example.com');
    expect((await c.get(path(mail!.link!))).headers.location).toBe('/?verified=1');
    await c.post('/api/auth/sign-out', {});
    expect((await c.get(path(mail!.link!))).headers.location).toBe('/login?verified=1');
    expect((await c.get('/api/me')).json()).toEqual({ viewer: null });
  });
});

describe('after a password reset', () => {
  async function resetLink(email: string, nth: number): Promise<string> {
    await t.client().post('/api/auth/forgot-password', { email });
    const mails = await t.mails(email);
    return new URL(mails[nth]!.link!).searchParams.get('token')!;
  }

  it('an older reset link of the account no longer works', async () => {
    const user = await t.createUser();
    const older = await resetLink(user.email, 0);
    const newer = await resetLink(user.email, 1);
    expect(
      (await t.client().post('/api/auth/reset-password', { token: newer, password: 'Newpass123' })).statusCode,
    ).toBe(200);
    const stale = await t.client().post('/api/auth/reset-password', { token: older, password: 'Attacker123' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(texts.auth.invalidResetLinkBody);
    expect((await logIn(t.client(), user.email, 'Newpass123')).statusCode).toBe(200);
  });

  it('every session but the new one has ended', async () => {
    const first = await t.signedIn();
    const second = t.client('198.51.100.70');
    expect((await logIn(second, first.user.email, 'Password123')).statusCode).toBe(200);
    const token = await resetLink(first.user.email, 0);
    const resetter = t.client();
    expect((await resetter.post('/api/auth/reset-password', { token, password: 'Newpass123' })).statusCode).toBe(200);
    const [sessions] = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1',
      [first.user.id],
    );
    expect({
      sessions: sessions!.n,
      first: (await first.get('/api/me')).json().viewer,
      second: (await second.get('/api/me')).json().viewer,
      resetter: (await resetter.get('/api/me')).json().viewer?.email,
    }).toEqual({ sessions: 1, first: null, second: null, resetter: first.user.email });
  });
});

describe('the sign-up quota per address', () => {
  it('an address may create 10 accounts an hour; the 11th is refused with 429 and creates nothing', async () => {
    const c = t.client('198.51.100.80');
    for (let i = 0; i < 10; i++) expect((await signUpFrom(c, `quota-${i}@example.com`)).statusCode).toBe(201);
    const refused = await signUpFrom(c, 'quota-10@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'too_many_sign_ups', message: texts.auth.tooManySignUps } });
    expect(await t.deps.database.query("select id from users where email = 'quota-10@example.com'")).toEqual([]);
    expect(await t.mails('quota-10@example.com')).toHaveLength(0);
  });

  it('a burst of 12 sign-ups at once from one address creates exactly 10 accounts', async () => {
    const c = t.client('198.51.100.81');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUpFrom(c, `burst-${i}@example.com`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array<number>(10).fill(201), 429, 429]);
  });

  it('another address is not held back, and the quota frees up after the hour', async () => {
    const c = t.client('198.51.100.82');
    for (let i = 0; i < 10; i++) await signUpFrom(c, `hour-${i}@example.com`);
    expect((await signUpFrom(t.client('198.51.100.83'), 'elsewhere@example.com')).statusCode).toBe(201);
    t.clock.advance(3_600_000 + 1);
    expect((await signUpFrom(c, 'next-hour@example.com')).statusCode).toBe(201);
  });

  it('a refused sign-up (email taken) does not use up the quota', async () => {
    const user = await t.createUser();
    const c = t.client('198.51.100.84');
    for (let i = 0; i < 10; i++) expect((await signUpFrom(c, user.email)).statusCode).toBe(409);
    expect((await signUpFrom(c, 'after-taken@example.com')).statusCode).toBe(201);
  });
});
