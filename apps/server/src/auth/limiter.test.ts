/** The login limiter and what login answers tell a stranger (SPEC section 8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const attempts = (email: string) =>
  t.deps.database.query<{ ip_address: string; success: boolean }>(
    'select ip_address, success from login_attempts where email = $1 order by attempted_at',
    [email],
  );

describe('the client address the limiter records', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const user = await t.createUser();
    const c = t.client('198.51.100.7');
    const response = await c.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(await attempts(user.email)).toEqual([{ ip_address: '198.51.100.7', success: true }]);
    const [session] = await t.deps.database.query<{ ip_address: string }>(
      'select ip_address from sessions where user_id = $1',
      [user.id],
    );
    expect(session?.ip_address).toBe('198.51.100.7');
  });

  it('believes X-Forwarded-For from a trusted proxy (TRUST_PROXY=loopback)', async () => {
    const user = await t.createUser();
    const viaProxy = t.client('127.0.0.1');
    await viaProxy.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'Wrong-pass1' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await attempts(user.email)).toEqual([{ ip_address: '203.0.113.9', success: false }]);
  });

  it('never believes a client that sends the internal address header itself', async () => {
    const user = await t.createUser();
    const c = t.client('198.51.100.8');
    await c.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { 'x-gigreel-client-ip': '1.1.1.1' },
    });
    expect(await attempts(user.email)).toEqual([{ ip_address: '198.51.100.8', success: true }]);
  });

  it('limits one address without locking the account for everyone, and forged headers do not escape it', async () => {
    const user = await t.createUser();
    const attacker = t.client('198.51.100.9');
    for (let i = 0; i < 5; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}` };
      await attacker.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: 'Wrong-pass1' },
        headers: forged,
      });
    }
    const limited = await attacker.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'too_many_attempts', message: texts.auth.tooManyAttempts } });
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(
      (await t.client('198.51.100.10').post('/api/auth/sign-in/email', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });
});

describe('when the limiter itself fails', () => {
  it('the login proceeds, and a wrong password is still refused', async () => {
    const user = await t.createUser();
    await t.deps.database.query('alter table login_attempts rename to login_attempts_away');
    try {
      const c = t.client('198.51.100.11');
      const wrong = await c.post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-pass1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(texts.auth.invalidCredentials);
      const right = await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
      expect(right.statusCode).toBe(200);
      expect((await c.get('/api/me')).json().viewer.email).toBe(user.email);
    } finally {
      await t.deps.database.query('alter table login_attempts_away rename to login_attempts');
    }
  });
});

describe('login never tells whether an email has an account', () => {
  it('an unknown email, a wrong password and an unverified account with a wrong password answer alike', async () => {
    const known = await t.createUser();
    const unverified = await t.createUser({ verified: false });
    const ask = (email: string) =>
      t.client('198.51.100.20').post('/api/auth/sign-in/email', { email, password: 'Wrong-pass1' });
    const answers = [await ask('nobody-here@example.com'), await ask(known.email), await ask(unverified.email)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: { code: 'invalid_credentials', message: texts.auth.invalidCredentials } });
    }
    // no verification mail goes out for a wrong password
    expect(await t.mails(unverified.email)).toHaveLength(0);
  });

  it('an unknown email is limited just like a known one', async () => {
    const c = t.client('198.51.100.21');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await c.post('/api/auth/sign-in/email', { email: 'ghost@example.com', password: 'Wrong-pass1' })).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('the right password on an unverified account says to verify, and mails a new link', async () => {
    const unverified = await t.createUser({ verified: false });
    const response = await t
      .client()
      .post('/api/auth/sign-in/email', { email: unverified.email, password: unverified.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(texts.auth.emailNotVerified);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await t.mails(unverified.email)).toHaveLength(1);
  });

  it('forgot-password answers the same for a known, an unverified and an unknown email', async () => {
    const known = await t.createUser();
    const unverified = await t.createUser({ verified: false });
    const answers = await Promise.all(
      [known.email, unverified.email, 'nobody-at-all@example.com'].map((email) =>
        t.client().post('/api/auth/forgot-password', { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ title: texts.auth.resetSent, message: texts.auth.resetSentBody });
    }
    expect(await t.mails('nobody-at-all@example.com')).toHaveLength(0);
    const [mail] = await t.mails(known.email);
    expect(mail!.text).toMatch(/^Subject: Reset your GigReel password$/m);
    expect(mail!.link).toMatch(/^http:\/\/localhost:3000\/password-reset\?token=/);
  });

  it('sign-up says only the spec text about a taken email', async () => {
    const known = await t.createUser();
    const response = await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: 'Copy Cat', email: known.email, password: 'Abcdefg1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: texts.auth.emailTaken } });
  });
});

describe('reset mails', () => {
  it('one account gets at most three reset mails a quarter hour; the answer never changes', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const answer = await t.client().post('/api/auth/forgot-password', { email: user.email });
      expect(answer.json()).toEqual({ title: texts.auth.resetSent, message: texts.auth.resetSentBody });
    }
    expect(await t.mails(user.email)).toHaveLength(3);
    await t.deps.database.query(
      "update verifications set created_at = created_at - interval '16 minutes' where value = $1",
      [user.id],
    );
    await t.client().post('/api/auth/forgot-password', { email: user.email });
    expect(await t.mails(user.email)).toHaveLength(4);
  });
});

describe('reset links', () => {
  it('an expired link says "This password reset link is invalid or has expired."', async () => {
    const user = await t.createUser();
    await t.client().post('/api/auth/forgot-password', { email: user.email });
    const [mail] = await t.mails(user.email);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    await t.deps.database.query(
      "update verifications set expires_at = now() - interval '1 second' where identifier = $1",
      [`reset-password:${token}`],
    );
    const response = await t.client().post('/api/auth/reset-password', { token, password: 'Newpass123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(texts.auth.invalidResetLinkBody);
    expect(
      (await t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('a reset ends every other session of the account', async () => {
    const c = await t.signedIn();
    await t.client().post('/api/auth/forgot-password', { email: c.user.email });
    const [mail] = await t.mails(c.user.email);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    expect((await t.client().post('/api/auth/reset-password', { token, password: 'Newpass123' })).statusCode).toBe(200);
    expect((await c.get('/api/me')).json().viewer).toBeNull();
  });
});
