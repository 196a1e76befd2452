/** Sessions on the server: the cookie, sign-out, inactivity expiry and refresh, the closed endpoints. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { grantListedAdmins } from './roles.queries.ts';
import { signToken } from './signed-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: 'chief@example.com, Second.Boss@Example.com',
    DESIGNER_EMAIL: 'Dana@Example.com',
  });
});
afterAll(async () => t.close());

const sessionRow = async (token: string) => {
  const [row] = await t.deps.database.query<{ expires_at: Date | string }>(
    'select expires_at from sessions where token = $1',
    [token],
  );
  return row ? { expires_at: new Date(row.expires_at) } : null; // postgres.js may hand back text
};
/** The session token inside the signed cookie value ("token.signature", URL-encoded). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie).split('.')[0] ?? '';

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and no response body carries the token', async () => {
    const user = await t.createUser();
    const c = t.client();
    const login = await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ message: texts.auth.welcomeBack });
    const setCookie = [login.headers['set-cookie']].flat().find((line) => line?.startsWith('gigreel.session_token='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).toMatch(/; Max-Age=1800/i);
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    expect(token.length).toBeGreaterThan(10);
    expect(login.body).not.toContain(token);
    const me = await c.get('/api/me');
    expect(me.json().viewer.email).toBe(user.email);
    expect(me.body).not.toContain(token);
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://gigreel.example.com' });
    try {
      const user = await secure.createUser();
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers: { origin: 'https://gigreel.example.com', host: 'gigreel.example.com' },
      });
      expect(response.statusCode).toBe(200);
      const line = [response.headers['set-cookie']].flat().find((value) => value?.includes('session_token='));
      expect(line).toMatch(/^__Secure-gigreel\.session_token=.*; Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('reading the session on each request', () => {
  it('a token signed with another secret reads as signed out; the real cookie still works', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    const forged = signToken(token, 'not-the-server-secret-not-the-server-secret');
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `gigreel.session_token=${forged}` },
    });
    expect(replay.json()).toEqual({ viewer: null });
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
  });

  it('roles and a deleted session count from the very next request', async () => {
    const c = await t.signedIn();
    const id = (await c.get('/api/me')).json().viewer.id as string;
    await t.deps.database.query("insert into user_roles (user_id, role) values ($1, 'admin')", [id]);
    expect((await c.get('/api/me')).json().viewer.isAdmin).toBe(true);
    await t.deps.database.query('delete from sessions where user_id = $1', [id]);
    expect((await c.get('/api/me')).json().viewer).toBeNull();
  });
});

describe('sign-out', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const c = await t.signedIn();
    const stolen = c.cookies.get('gigreel.session_token')!;
    const out = await c.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: texts.auth.signedOut });
    expect(c.cookies.has('gigreel.session_token')).toBe(false);
    expect(await sessionRow(tokenOf(stolen))).toBeNull();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `gigreel.session_token=${stolen}` },
    });
    expect(replay.json()).toEqual({ viewer: null });
  });

  it('answers calmly when nobody is signed in, and takes no input', async () => {
    expect((await t.client().post('/api/auth/sign-out')).statusCode).toBe(200);
    const c = await t.signedIn();
    const odd = await c.post('/api/auth/sign-out', { callbackURL: 'https://evil.example' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toBe(texts.generic.unknownField('callbackURL'));
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
  });

  it('says "Failed to sign out" and keeps nothing half done when the session cannot be deleted', async () => {
    const c = await t.signedIn();
    await t.deps.database.query(
      `create or replace function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$`,
    );
    await t.deps.database.query(
      'create trigger refuse_session_delete before delete on sessions for each row execute function refuse_delete()',
    );
    try {
      const out = await c.post('/api/auth/sign-out', {});
      expect(out.statusCode).toBe(500);
      expect(out.json()).toEqual({ error: { code: 'sign_out_failed', message: texts.auth.signOutFailed } });
    } finally {
      await t.deps.database.query('drop trigger refuse_session_delete on sessions');
    }
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
  });
});

describe('inactivity (SPEC 9: 30 minutes)', () => {
  it('a session untouched for 30 minutes is over on the server', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    const row = await sessionRow(token);
    const lifetime = row!.expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
    // 30 minutes pass without a request
    await t.deps.database.query("update sessions set expires_at = now() - interval '1 second' where token = $1", [
      token,
    ]);
    const me = await c.get('/api/me');
    expect(me.json()).toEqual({ viewer: null });
    expect(await sessionRow(token)).toBeNull();
    // The cookie is left to its own Max-Age: clearing it could undo a sign-in that overtook this request.
    expect(me.headers['set-cookie']).toBeUndefined();
    expect((await c.get('/api/me')).json()).toEqual({ viewer: null });
  });

  it('any request refreshes the cookie too, not only /api/me (the feed reads the viewer without a reply)', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    await t.deps.database.query(
      "update sessions set expires_at = now() + interval '5 minutes', updated_at = now() - interval '25 minutes' where token = $1",
      [token],
    );
    const feed = await c.get('/api/feed');
    expect(feed.statusCode).toBe(200);
    const line = [feed.headers['set-cookie']].flat().find((value) => value?.startsWith('gigreel.session_token='));
    expect(line).toMatch(/Max-Age=1800/);
    expect((await sessionRow(token))!.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('activity moves the expiry 30 minutes on', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    // 25 minutes of silence: five minutes left
    await t.deps.database.query(
      "update sessions set expires_at = now() + interval '5 minutes', updated_at = now() - interval '25 minutes' where token = $1",
      [token],
    );
    const me = await c.get('/api/me');
    expect(me.json().viewer).not.toBeNull();
    const refreshed = await sessionRow(token);
    expect(refreshed!.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect([me.headers['set-cookie']].flat().some((line) => line?.startsWith('gigreel.session_token='))).toBe(true);
  });
});

describe('Better Auth endpoints that are not part of the product stay closed', () => {
  it.each([
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/send-verification-email'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/revoke-sessions'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/sign-in/social'],
    ['POST', '/api/auth/request-password-reset'],
    ['GET', '/api/auth/reset-password/abc'],
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/sign-in/email'],
  ])('%s %s -> 404', async (method, url) => {
    const c = await t.signedIn();
    const response = await c.request({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: { email: c.user.email, name: 'x' } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(response.body).not.toContain(tokenOf(c.cookies.get('gigreel.session_token')!));
  });
});

describe('email verification link', () => {
  it('verifies, signs in and lands on /?verified=1, ignoring a foreign callbackURL', async () => {
    const c = t.client();
    await c.post('/api/auth/sign-up/email', { displayName: 'Vera', email: 'vera@example.com', password: 'Abcdefg1' });
    const [mail] = await t.mails('vera@example.com');
    const link = new URL(mail!.link!);
    link.searchParams.set('callbackURL', 'https://evil.example/steal');
    const verify = await c.get(`${link.pathname}${link.search}`);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/?verified=1');
    expect((await c.get('/api/me')).json().viewer.email).toBe('vera@example.com');
    const [row] = await t.deps.database.query<{ email_verified: boolean }>(
      "select email_verified from users where email = 'vera@example.com'",
    );
    expect(row?.email_verified).toBe(true);
  });

  it.each([
    ['a made-up token', '/api/auth/verify-email?token=not-a-token'],
    [
      'a token signed with another secret',
      '/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.bm9wZQ',
    ],
    ['no token', '/api/auth/verify-email'],
    ['two tokens', '/api/auth/verify-email?token=a&token=b'],
  ])('%s redirects to the feed with an error for the web app to show', async (_label, url) => {
    const c = t.client();
    const response = await c.get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?verified=1&error=INVALID_TOKEN');
    expect(c.cookies.size).toBe(0);
  });

  it('an expired link redirects with an error', async () => {
    const c = t.client();
    await c.post('/api/auth/sign-up/email', {
      displayName: 'Late Larry',
      email: 'larry@example.com',
      password: 'Abcdefg1',
    });
    const [mail] = await t.mails('larry@example.com');
    const link = new URL(mail!.link!);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    try {
      const response = await c.get(`${link.pathname}${link.search}`);
      expect(response.headers.location).toBe('/?verified=1&error=TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the mail has the right recipient, subject and a link on PUBLIC_URL', async () => {
    await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: 'Mo', email: 'mo@example.com', password: 'Abcdefg1' });
    const [mail] = await t.mails('mo@example.com');
    expect(mail!.to).toBe('mo@example.com');
    expect(mail!.text).toMatch(/^Subject: Verify your GigReel account$/m);
    expect(mail!.link!.startsWith(`${PUBLIC_URL}/api/auth/verify-email?token=`)).toBe(true);
  });
});

describe('roles', () => {
  it('ADMIN_EMAILS grants the role at start-up to accounts that exist, whatever their case', async () => {
    const chief = await t.createUser({ email: 'Chief@Example.com' });
    const second = await t.createUser({ email: 'second.boss@example.com' });
    const other = await t.createUser();
    expect(await grantListedAdmins(t.deps.database.db, t.config.adminEmails)).toBe(2);
    expect(await grantListedAdmins(t.deps.database.db, t.config.adminEmails)).toBe(2); // twice is harmless
    const admins = await t.deps.database.query<{ user_id: string }>('select user_id from user_roles order by user_id');
    const ids = admins.map((row) => row.user_id);
    expect(ids).toEqual(expect.arrayContaining([chief.id, second.id]));
    expect(ids).not.toContain(other.id);
  });

  it('DESIGNER_EMAIL makes viewer.isDesigner true for that account only', async () => {
    const designer = await t.signedIn({ email: 'dana@example.com' });
    expect((await designer.get('/api/me')).json().viewer).toMatchObject({ isDesigner: true, isAdmin: false });
    const someone = await t.signedIn();
    expect((await someone.get('/api/me')).json().viewer).toMatchObject({ isDesigner: false });
  });

  it('an admin is known from the user_roles row', async () => {
    const admin = await t.signedIn({ admin: true });
    expect((await admin.get('/api/me')).json().viewer.isAdmin).toBe(true);
  });
});
