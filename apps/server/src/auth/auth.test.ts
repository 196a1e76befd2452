import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => t.close());

describe('sign up, verify, log in', () => {
  it('creates an account, mails a verification link that verifies and signs in', async () => {
    const c = t.client();
    const signUp = await c.post('/api/auth/sign-up/email', {
      displayName: 'New Person',
      email: '  New.Person@Example.com ',
      password: 'Abcdefg1',
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({ title: texts.auth.accountCreated, message: texts.auth.accountCreatedBody });

    const blocked = await c.post('/api/auth/sign-in/email', { email: 'new.person@example.com', password: 'Abcdefg1' });
    expect(blocked.statusCode).toBe(403);

    const [mail] = await t.mails('new.person@example.com');
    expect(mail?.link).toContain('/api/auth/verify-email?token=');
    const verify = await c.get(mail!.link!.replace('http://localhost:3000', ''));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toContain('/?verified=1');
    const me = await c.get('/api/me');
    expect(me.json().viewer).toMatchObject({
      email: 'new.person@example.com',
      displayName: 'New Person',
      isAdmin: false,
    });
  });

  it('refuses a taken email with the spec text', async () => {
    const user = await t.createUser();
    const response = await t.client().post('/api/auth/sign-up/email', {
      displayName: 'Someone',
      email: user.email.toUpperCase(),
      password: 'Abcdefg1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(texts.auth.emailTaken);
  });

  it('grants admin to ADMIN_EMAILS at sign-up', async () => {
    await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: 'The Boss', email: 'boss@example.com', password: 'Abcdefg1' });
    const rows = await t.deps.database.query<{ role: string }>(
      "select r.role from user_roles r join users u on u.id = r.user_id where u.email = 'boss@example.com'",
    );
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('limits repeated failures per email and address, and records every attempt', async () => {
    const user = await t.createUser();
    const c = t.client('10.1.2.3');
    for (let i = 0; i < 5; i++) {
      const wrong = await c.post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-pass1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(texts.auth.invalidCredentials);
    }
    const limited = await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(texts.auth.tooManyAttempts);
    // another address is not limited
    expect(
      (await t.client('10.9.9.9').post('/api/auth/sign-in/email', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
    // the window passes
    t.clock.advance(15 * 60_000 + 1);
    expect((await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
    const rows = await t.deps.database.query<{ ip_address: string; success: boolean }>(
      'select ip_address, success from login_attempts where email = $1 order by attempted_at',
      [user.email],
    );
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ ip_address: '10.1.2.3', success: false });
  });

  it('resets a password through the mailed link and signs in; the link works once', async () => {
    const user = await t.createUser();
    const c = t.client();
    const ask = await c.post('/api/auth/forgot-password', { email: user.email });
    expect(ask.json().title).toBe(texts.auth.resetSent);
    const unknown = await c.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(ask.json());
    const [mail] = await t.mails(user.email);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const reset = await c.post('/api/auth/reset-password', { token, password: 'Newpass123' });
    expect(reset.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().viewer.email).toBe(user.email);
    const again = await t.client().post('/api/auth/reset-password', { token, password: 'Other1234' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(texts.auth.invalidResetLinkBody);
  });
});
