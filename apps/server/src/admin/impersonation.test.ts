import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signToken, verifySignedToken } from '../auth/signed-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('impersonation', () => {
  it('signs tokens the way Better Auth reads them', () => {
    const signed = signToken('abc', 'secret-secret-secret-secret-secret-1');
    expect(verifySignedToken(signed, 'secret-secret-secret-secret-secret-1')).toBe('abc');
    expect(verifySignedToken(signed, 'another-secret-another-secret-12345')).toBeNull();
    expect(verifySignedToken('abc.bad', 'secret-secret-secret-secret-secret-1')).toBeNull();
  });

  it('uses the app as the creator, records every write with the admin id, and comes back', async () => {
    const admin = await t.signedIn({ admin: true, name: 'Ada Admin' });
    const creator = await t.createUser({ name: 'Cleo Creator' });
    const adminCookie = admin.cookies.get('gigreel.session_token');

    t.clock.advance(1000);
    const start = await admin.post(`/api/admin/impersonate/${creator.id}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(String(start.headers['set-cookie'])).toContain('HttpOnly');
    expect(admin.cookies.get('gigreel.admin_session')).toBe(adminCookie);
    expect(admin.cookies.get('gigreel.session_token')).not.toBe(adminCookie);

    const me = (await admin.get('/api/me')).json().viewer;
    expect(me).toMatchObject({
      id: creator.id,
      displayName: 'Cleo Creator',
      isAdmin: false,
      impersonatedBy: admin.user.id,
    });
    expect((await admin.get('/api/admin/dashboard')).statusCode).toBe(403);
    t.clock.advance(1000);
    expect((await admin.post('/api/admin/creators', { displayName: 'Sneaky' })).statusCode).toBe(403);
    const rows = await t.deps.database.query<{ impersonated_by: string; user_id: string }>(
      'select impersonated_by, user_id from sessions where impersonated_by is not null',
    );
    expect(rows).toEqual([{ impersonated_by: admin.user.id, user_id: creator.id }]);

    t.clock.advance(1000);
    const stop = await admin.post('/api/admin/impersonation/stop');
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ title: 'Impersonation Stopped', message: 'You are now back to admin view' });
    expect(admin.cookies.get('gigreel.admin_session')).toBeUndefined();
    expect((await admin.get('/api/me')).json().viewer).toMatchObject({
      id: admin.user.id,
      isAdmin: true,
      impersonatedBy: null,
    });
    expect(await t.deps.database.query('select id from sessions where impersonated_by is not null')).toEqual([]);

    const audit = (await admin.get('/api/admin/audit-log')).json().items;
    expect(
      audit.map((e: { method: string; route: string; status: number }) => `${e.method} ${e.route} ${e.status}`),
    ).toEqual([
      'POST /api/admin/impersonation/stop 200',
      'POST /api/admin/creators 403',
      'POST /api/admin/impersonate/:userId 200',
    ]);
    expect(audit[0]).toMatchObject({
      admin: { id: admin.user.id, displayName: 'Ada Admin' },
      actingAs: { id: creator.id, displayName: 'Cleo Creator' },
    });
    expect(audit[2]).toMatchObject({
      action: 'impersonation.start',
      admin: { id: admin.user.id },
      actingAs: null,
      target: { id: creator.id, label: 'Cleo Creator' },
    });
    const events = await t.deps.database.query<{ event: string }>(
      'select event from security_logs where user_id = $1 order by created_at, event',
      [admin.user.id],
    );
    expect(events.map((e) => e.event).sort()).toEqual(['impersonation_started', 'impersonation_stopped']);
  });

  it('never impersonates an admin or a missing person; only an impersonating session can stop', async () => {
    const admin = await t.signedIn({ admin: true });
    const other = await t.createUser({ admin: true });
    expect((await admin.post(`/api/admin/impersonate/${other.id}`)).json().error.message).toBe(
      adminTexts.impersonation.cannotImpersonateAdmin,
    );
    expect((await admin.post(`/api/admin/impersonate/${admin.user.id}`)).statusCode).toBe(400);
    expect((await admin.post('/api/admin/impersonate/nobody')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/impersonation/stop')).statusCode).toBe(403);
    expect((await t.client().post('/api/admin/impersonation/stop')).statusCode).toBe(401);
  });

  it("a late answer to a request made as the creator does not undo the admin's restored session", async () => {
    const admin = await t.signedIn({ admin: true });
    const creator = await t.createUser();
    await admin.post(`/api/admin/impersonate/${creator.id}`);
    const asCreator = admin.cookies.get('gigreel.session_token')!;
    expect((await admin.post('/api/admin/impersonation/stop')).statusCode).toBe(200);
    // The browser sent this before Stop's answer arrived; the server reads it after the creator's session ended.
    const late = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `gigreel.session_token=${asCreator}` },
    });
    expect(late.json()).toEqual({ viewer: null });
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await admin.get('/api/me')).json().viewer).toMatchObject({ id: admin.user.id, isAdmin: true });
  });

  it('sends the admin to log in again when their own session ended meanwhile', async () => {
    const admin = await t.signedIn({ admin: true });
    const creator = await t.createUser();
    await admin.post(`/api/admin/impersonate/${creator.id}`);
    await t.deps.database.query('delete from sessions where user_id = $1', [admin.user.id]);
    const stop = await admin.post('/api/admin/impersonation/stop');
    expect(stop.statusCode).toBe(401);
    expect(stop.json().error.message).toBe(adminTexts.impersonation.adminSessionEnded);
    expect(admin.cookies.size).toBe(0);
    expect((await admin.get('/api/me')).json().viewer).toBeNull();
  });
});

describe('logging out while impersonating', () => {
  it('ends both the creator session and the admin session waiting in the second cookie', async () => {
    const admin = await t.signedIn({ admin: true });
    const creator = await t.createUser();
    await admin.post(`/api/admin/impersonate/${creator.id}`);
    const out = await admin.post('/api/auth/sign-out', {});
    expect(out.statusCode, out.body).toBe(200);
    expect(admin.cookies.size).toBe(0);
    expect(
      await t.deps.database.query('select id from sessions where user_id in ($1, $2)', [admin.user.id, creator.id]),
    ).toEqual([]);
    const audit = await t.deps.database.query<{ path: string }>(
      'select path from audit_log where admin_id = $1 and acting_as_user_id is not null',
      [admin.user.id],
    );
    expect(audit).toEqual([{ path: '/api/auth/sign-out' }]);
  });
});
