/**
 * Headers and sessions as a browser meets them: a strict Content-Security-Policy with no inline
 * script, nosniff, no framing, HSTS only over HTTPS, user files that cannot run script, and
 * credentials changes that end sessions on the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { routesOf } from '../../test/routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.storage.put('offers/u1/1700000000000.webp', Buffer.from('not really an image'), 'image/webp');
});
afterAll(async () => t.close());

/** The policy as a map of directive -> sources. */
function policyOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('page headers', () => {
  it('a page gets a CSP that allows only our own scripts, no framing, nosniff and no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/landing', '/offer/00000000-0000-0000-0000-000000000000', '/no-such-page']) {
      const response = await t.client().get(url);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('API answers carry the same policy and nosniff', async () => {
    const response = await t.client().get('/api/feed');
    expect(policyOf(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the app page has no inline script for the policy to refuse', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../../../..');
    const html = readFileSync(path.join(repoRoot, 'apps/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('over HTTPS the server asks for HTTPS for a year (HSTS) and upgrades stray http requests', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://gigreel.example.com' });
    try {
      const response = await secure.app.inject({
        method: 'GET',
        url: '/landing',
        headers: { host: 'gigreel.example.com' },
      });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
      expect(policyOf(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('user files', () => {
  it('are served with their real type, nosniff, inline, and as a sandboxed document with no script', async () => {
    const response = await t.client().get('/media/offers/u1/1700000000000.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.has('script-src')).toBe(false);
  });
});

describe('sessions end on the server', () => {
  it('a password reset signs the person out everywhere: every older session stops working', async () => {
    const user = await t.createUser();
    const phone = t.client();
    const laptop = t.client();
    for (const device of [phone, laptop]) {
      expect(
        (await device.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode,
      ).toBe(200);
      expect((await device.get('/api/me')).json().viewer?.email).toBe(user.email);
    }
    await t.client().post('/api/auth/forgot-password', { email: user.email });
    const [mail] = await t.mails(user.email);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const fresh = t.client();
    expect((await fresh.post('/api/auth/reset-password', { token, password: 'Changed123' })).statusCode).toBe(200);
    for (const device of [phone, laptop]) expect((await device.get('/api/me')).json().viewer).toBeNull();
    const [{ count }] = (await t.deps.database.query<{ count: number }>(
      'select count(*)::int as count from sessions where user_id = $1',
      [user.id],
    )) as [{ count: number }];
    expect(count).toBe(1); // only the session the reset itself opened
    expect((await fresh.get('/api/me')).json().viewer?.email).toBe(user.email);
    const oldPassword = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(oldPassword.json().error.message).toBe(texts.auth.invalidCredentials);
  });

  it('a state-changing request with a valid cookie but a foreign or missing Origin is refused and changes nothing', async () => {
    const person = await t.signedIn();
    const before = (await person.get('/api/profile')).json();
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: '' }]) {
      const response = await person.request({
        method: 'PATCH',
        url: '/api/profile',
        payload: { displayName: 'Changed by a stranger' },
        headers,
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await person.get('/api/profile')).json()).toEqual(before);
  });
});

describe('the Origin of a state-changing request', () => {
  it('must match the app by scheme, host and port: the same host over another scheme or port is refused and changes nothing', async () => {
    const person = await t.signedIn({ name: 'Origin Checked' });
    const before = (await person.get('/api/profile')).json();
    for (const origin of [
      'https://localhost:3000',
      'http://localhost:3001',
      'http://localhost',
      'ws://localhost:3000',
      'http://localhost:3000.evil.example',
    ]) {
      const response = await person.request({
        method: 'PATCH',
        url: '/api/profile',
        payload: { displayName: 'Changed by a stranger' },
        headers: { origin },
      });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.message).toBe(texts.generic.crossSite);
    }
    expect((await person.get('/api/profile')).json()).toEqual(before);
  });

  it("the app's own origin is accepted, also when written with its default port or in capitals", async () => {
    const person = await t.signedIn({ name: 'Origin Checked Too' });
    for (const origin of ['http://localhost:3000', 'HTTP://LOCALHOST:3000']) {
      const response = await person.request({
        method: 'PATCH',
        url: '/api/profile',
        payload: { bio: origin },
        headers: { origin },
      });
      expect(response.statusCode, origin).toBe(200);
    }
    const onDefaultPort = await person.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: { bio: 'default port' },
      headers: { origin: 'http://gigreel.test:80', host: 'gigreel.test' },
    });
    expect(onDefaultPort.statusCode).toBe(200);
  });
});

describe('API answers and caches', () => {
  /** The only API answers any cache may keep: the same for everyone who gets them. */
  const PUBLIC = new Set(['/api/feed', '/api/explore/tags', '/api/openapi.json']);

  it('every API answer carries "private, no-store" for anonymous, signed-in and admin callers, except the public feed page, popular tags and the API document', async () => {
    const user = await t.signedIn({ name: 'Cache Reader' });
    const admin = await t.signedIn({ name: 'Cache Admin', admin: true });
    const routes = routesOf(t.app).filter(
      (route) => route.path.startsWith('/api/') && route.methods.includes('GET') && route.path !== '/api/events',
    );
    expect(routes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [who, client] of [
      ['anonymous', t.client()],
      ['user', user],
      ['admin', admin],
    ] as const) {
      for (const route of routes) {
        const url = route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
        const response = await client.get(url);
        const header = String(response.headers['cache-control'] ?? '');
        const isPublic =
          PUBLIC.has(route.path) && response.statusCode < 400 && !(route.path === '/api/feed' && who === 'admin');
        if (isPublic ? !header.startsWith('public') : header !== 'private, no-store')
          wrong.push(`${who} ${url} ${response.statusCode}: ${header || '(none)'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refusals and state changes are private too', async () => {
    const user = await t.signedIn({ name: 'Cache Writer' });
    const saved = await user.patch('/api/profile', { bio: 'cached?' });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    const refused = await t.client().get('/api/feed?q=' + 'x'.repeat(500));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });
});
