import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOffer, multipart, pngBytes } from './test-factories.ts';

let t: TestApp;
let admin: TestClient & { user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true, name: 'Ada Admin' });
});
afterAll(async () => t.close());

// The clock moves between actions so "newest first" has one answer (entries of one instant are ordered by id).
const tick = () => t.clock.advance(1000);
const auditEntries = async (): Promise<AuditEntry[]> => (await admin.get('/api/admin/audit-log')).json().items;
const newestFor = async (action: string) => (await auditEntries()).find((entry) => entry.action === action);

describe('writes made while impersonating', () => {
  it('records a write sent to a percent-encoded address, as the route the router matched', async () => {
    const impersonator = await t.signedIn({ admin: true, name: 'Ian Impersonator' });
    const creator = await t.createUser({ name: 'Pat Percent' });
    expect((await impersonator.post(`/api/admin/impersonate/${creator.id}`)).statusCode).toBe(200);
    const write = await impersonator.patch('/%61pi/profile', { bio: 'Written through an escaped address' });
    expect(write.statusCode, write.body).toBe(200);
    expect(await t.deps.database.query('select bio from users where id = $1', [creator.id])).toEqual([
      { bio: 'Written through an escaped address' },
    ]);
    const [entry] = await t.deps.database.query(
      'select admin_id, acting_as_user_id, method, route, path, status from audit_log where acting_as_user_id = $1',
      [creator.id],
    );
    expect(entry).toEqual({
      admin_id: impersonator.user.id,
      acting_as_user_id: creator.id,
      method: 'PATCH',
      route: '/api/profile',
      path: '/%61pi/profile',
      status: 200,
    });
  });

  it('records a write to an address no route answers', async () => {
    const impersonator = await t.signedIn({ admin: true });
    const creator = await t.createUser();
    await impersonator.post(`/api/admin/impersonate/${creator.id}`);
    expect((await impersonator.post('/%61pi/no-such-thing', {})).statusCode).toBe(404);
    const rows = await t.deps.database.query('select route, path, status from audit_log where acting_as_user_id = $1', [
      creator.id,
    ]);
    expect(rows).toEqual([{ route: null, path: '/%61pi/no-such-thing', status: 404 }]);
  });
});

describe("an admin's own changes", () => {
  it('records creating, editing and deleting a creator with the admin, the target and the result', async () => {
    tick();
    const created = (await admin.post('/api/admin/creators', { displayName: 'Audited Creator' })).json().creator;
    tick();
    await admin.patch(`/api/admin/creators/${created.id}`, { displayName: 'Audited Creator II' });
    tick();
    await admin.delete(`/api/admin/creators/${created.id}`);
    const entries = (await auditEntries()).filter((entry) => entry.target?.id === created.id);
    expect(entries.map((entry) => [entry.action, entry.target?.label, entry.status])).toEqual([
      ['creator.delete', 'Audited Creator II', 200],
      ['creator.edit', 'Audited Creator II', 200],
      ['creator.create', 'Audited Creator', 201],
    ]);
    expect(entries[0]).toMatchObject({
      admin: { id: admin.user.id, displayName: 'Ada Admin' },
      actingAs: null,
      method: 'DELETE',
      route: '/api/admin/creators/:id',
      target: { kind: 'creator' },
    });
  });

  it('records a refused change with its answer', async () => {
    const other = await t.createUser({ admin: true });
    tick();
    expect((await admin.delete(`/api/admin/creators/${other.id}`)).statusCode).toBe(403);
    expect(await newestFor('creator.delete')).toMatchObject({ target: { id: other.id }, status: 403 });
  });

  it('records creating, editing, approving and deleting a gig', async () => {
    const creator = await t.createUser({ name: 'Gig Owner' });
    const form = multipart(
      { userId: creator.id, title: 'Audited gig', link: 'example.com' },
      { name: 'x.png', type: 'image/png', bytes: await pngBytes() },
    );
    tick();
    const gig = (await admin.request({ method: 'POST', url: '/api/admin/gigs', ...form })).json().gig;
    expect(await newestFor('gig.create')).toMatchObject({
      target: { kind: 'gig', id: gig.id, label: 'Audited gig' },
      status: 201,
    });
    tick();
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/gigs/${gig.id}`,
      ...multipart({ title: 'Audited gig v2', link: 'example.com' }),
    });
    expect(await newestFor('gig.edit')).toMatchObject({ target: { id: gig.id, label: 'Audited gig v2' }, status: 200 });
    const pending = await createOffer(t, (await t.createUser()).id, { isApproved: false, title: 'Waiting' });
    const [row] = await t.deps.database.query<{ version: number }>('select version from offers where id = $1', [
      pending,
    ]);
    tick();
    expect((await admin.post(`/api/admin/offers/${pending}/approve`, { version: row!.version })).statusCode).toBe(200);
    expect(await newestFor('gig.approve')).toMatchObject({ target: { id: pending, label: 'Waiting' }, status: 200 });
    tick();
    await admin.delete(`/api/admin/gigs/${gig.id}`);
    expect(await newestFor('gig.delete')).toMatchObject({
      target: { id: gig.id, label: 'Audited gig v2' },
      status: 200,
    });
  });

  it('records an export, though it only reads', async () => {
    tick();
    expect((await admin.get('/api/admin/export/users')).statusCode).toBe(200);
    expect(await newestFor('export')).toMatchObject({
      method: 'GET',
      target: { kind: 'table', id: 'users' },
      status: 200,
      admin: { id: admin.user.id },
    });
  });

  it("keeps the trail of a deleted account, and records nobody else's writes", async () => {
    const person = await t.signedIn({ name: 'Plain Person' });
    const before = (await auditEntries()).length;
    expect((await person.patch('/api/profile', { bio: 'mine' })).statusCode).toBe(200);
    expect((await auditEntries()).length).toBe(before);
    await admin.post(`/api/admin/impersonate/${person.user.id}`);
    tick();
    await admin.post('/api/admin/impersonation/stop');
    await admin.delete(`/api/admin/creators/${person.user.id}`);
    const stop = await newestFor('impersonation.stop');
    expect(stop).toMatchObject({
      admin: { id: admin.user.id },
      actingAs: { id: person.user.id, displayName: null },
      target: { id: person.user.id, label: 'Plain Person' },
    });
  });
});

describe('the audit log view', () => {
  it('pages newest first by (created_at, id) without repeating or losing an entry', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await fresh.signedIn({ admin: true });
      // Many entries share one instant, so the id breaks ties between pages.
      for (let i = 0; i < 60; i++) {
        if (i % 20 === 0) fresh.clock.advance(1000);
        await boss.post('/api/admin/creators', { displayName: `Paged ${i}` });
      }
      const first = (await boss.get('/api/admin/audit-log')).json();
      const second = (await boss.get(`/api/admin/audit-log?cursor=${first.nextCursor}`)).json();
      expect(first.items).toHaveLength(50);
      expect(second.items).toHaveLength(10);
      expect(second.nextCursor).toBeNull();
      const labels = [...first.items, ...second.items].map((entry: AuditEntry) => entry.target?.label);
      expect(new Set(labels).size).toBe(60);
      expect(labels.slice(0, 20).every((label) => Number(String(label).split(' ')[1]) >= 40)).toBe(true);
      expect(labels.at(-1)).toMatch(/^Paged (1?\d)$/);
    } finally {
      await fresh.close();
    }
  });
});
