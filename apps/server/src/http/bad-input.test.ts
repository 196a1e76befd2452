/**
 * Bad input on every route that exists in the foundation: always a 4xx in the one error shape with a
 * clear message, never a 5xx, and nothing stored that could break a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@gigreel/core';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Every JSON route of the foundation with a valid body, so each test can spoil one thing. */
const ROUTES: Array<{ url: string; body: Record<string, unknown> }> = [
  {
    url: '/api/auth/sign-up/email',
    body: { displayName: 'Good Name', email: 'good@example.com', password: 'Abcdefg1' },
  },
  { url: '/api/auth/sign-in/email', body: { email: 'good@example.com', password: 'Abcdefg1' } },
  { url: '/api/auth/forgot-password', body: { email: 'good@example.com' } },
  { url: '/api/auth/reset-password', body: { token: 'some-token', password: 'Abcdefg1' } },
  { url: '/api/auth/sign-out', body: {} },
];

const HOSTILE = [
  '<script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1'; DROP TABLE users; --",
  "Robert'); DELETE FROM sessions;--",
  '${7*7}{{7*7}}',
  '\u202Egnp.exe',
  'x'.repeat(10_000),
];

function expectErrorShape(response: { statusCode: number; json(): unknown }, status?: number) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  if (status) expect(response.statusCode).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(3);
  expect(body.error.message).not.toMatch(/FST_|SyntaxError|at \w+ \(|postgres|drizzle|zod/i);
  return body.error;
}

describe.each(ROUTES)('POST $url', ({ url, body }) => {
  it('malformed JSON -> 400 "The request could not be read."', async () => {
    const response = await t.client().request({
      method: 'POST',
      url,
      payload: '{"email": "a@b.co",',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectErrorShape(response, 400).message).toBe(texts.generic.badRequest);
  });

  it('an empty JSON body -> 400', async () => {
    const response = await t
      .client()
      .request({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/json' } });
    expectErrorShape(response, 400);
  });

  it('a body over 64 KB -> 413 "The request is too large."', async () => {
    const response = await t.client().post(url, { ...body, padding: 'x'.repeat(70 * 1024) });
    expect(expectErrorShape(response, 413)).toEqual({ code: 'too_large', message: texts.generic.tooLarge });
  });

  it('a form post or plain text -> 4xx', async () => {
    const form = await t.client().request({
      method: 'POST',
      url,
      payload: 'email=a%40b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(expectErrorShape(form, 415).message).toBe(texts.generic.unsupportedType);
    const text = await t
      .client()
      .request({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'text/plain' } });
    expectErrorShape(text);
  });

  it('an unknown field -> 400 "Unknown field: ..."', async () => {
    const response = await t.client().post(url, { ...body, isAdmin: true });
    expect(expectErrorShape(response, 400).message).toBe(texts.generic.unknownField('isAdmin'));
  });

  it('a JSON array, string, number or null instead of an object -> 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
      const response = await t
        .client()
        .request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('sign-out') && payload === 'null') continue; // no body at all is fine for sign-out
      expectErrorShape(response, 400);
    }
  });

  it('a prototype-poisoning body -> 400', async () => {
    const response = await t.client().request({
      method: 'POST',
      url,
      payload: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(body).slice(1, -1) || '"a":1'}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectErrorShape(response, 400);
  });

  it.each(Object.keys(body))('wrong types in %s -> 400', async (field) => {
    for (const value of [123, true, null, ['a'], { nested: 'x' }]) {
      const response = await t.client().post(url, { ...body, [field]: value });
      expectErrorShape(response, 400);
    }
  });

  it.each(Object.keys(body))('HTML, SQL and a NUL byte in %s never cause a 5xx', async (field) => {
    for (const value of [...HOSTILE, 'nul\u0000byte', `${String(body[field])}\u0000`]) {
      const response = await t.client('198.51.100.50').post(url, { ...body, [field]: value });
      expect(response.statusCode, `${field}=${JSON.stringify(value).slice(0, 40)} -> ${response.body}`).toBeLessThan(
        500,
      );
      if (response.statusCode >= 400) expectErrorShape(response);
    }
  });
});

describe('what gets stored', () => {
  it('a display name with HTML is stored sanitised', async () => {
    const response = await t.client().post('/api/auth/sign-up/email', {
      displayName: '  <b>Eve</b> <img src=x onerror=alert(1)><script>alert(1)</script>Smith ',
      email: 'eve@example.com',
      password: 'Abcdefg1',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.database.query<{ display_name: string }>(
      "select display_name from users where email = 'eve@example.com'",
    );
    expect(row?.display_name).toBe('Eve Smith');
  });

  it('a display name that is only markup is refused with the spec text', async () => {
    const response = await t.client().post('/api/auth/sign-up/email', {
      displayName: '<script>alert("x")</script>',
      email: 'mallory@example.com',
      password: 'Abcdefg1',
    });
    expect(expectErrorShape(response, 400)).toEqual({
      code: 'bad_request',
      message: texts.validation.displayName,
      field: 'displayName',
    });
  });

  it('SQL in a display name is stored as plain text, and the tables are still there', async () => {
    const name = "Bobby'); DROP TABLE users;--";
    const response = await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: name, email: 'bobby@example.com', password: 'Abcdefg1' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.database.query<{ display_name: string }>(
      "select display_name from users where email = 'bobby@example.com'",
    );
    expect(row?.display_name).toBe(name);
  });

  it('the sanitised name reaches /api/me and the mail as text, never as markup', async () => {
    const c = t.client();
    await c.post('/api/auth/sign-up/email', {
      displayName: '<i>Zed</i> "&" <u>Co</u>',
      email: 'zed@example.com',
      password: 'Abcdefg1',
    });
    const [mail] = await t.mails('zed@example.com');
    expect(mail!.text).not.toMatch(/<i>|<u>/);
    await c.get(new URL(mail!.link!).pathname + new URL(mail!.link!).search);
    expect((await c.get('/api/me')).json().viewer.displayName).toBe('Zed "&" Co');
  });

  it('a failed sign-up leaves no account behind', async () => {
    await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: 'X', email: 'half@example.com', password: 'Abcdefg1' });
    await t
      .client()
      .post('/api/auth/sign-up/email', { displayName: 'Half Done', email: 'half@example.com', password: 'weak' });
    expect(await t.deps.database.query("select id from users where email = 'half@example.com'")).toEqual([]);
  });
});

describe('cross-site requests', () => {
  it('a foreign Origin on a state-changing request is refused', async () => {
    const c = await t.signedIn();
    const response = await c.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(expectErrorShape(response, 403)).toEqual({ code: 'forbidden', message: texts.generic.crossSite });
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
  });

  it('a missing Origin, or "null", is refused', async () => {
    const user = await t.createUser();
    for (const origin of [undefined, 'null', 'not a url']) {
      const headers: Record<string, string> = { host: 'localhost:3000', 'content-type': 'application/json' };
      if (origin) headers.origin = origin;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: JSON.stringify({ email: user.email, password: user.password }),
        headers,
      });
      expectErrorShape(response, 403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a foreign Origin cannot slip past with an encoded path or an odd method', async () => {
    const user = await t.createUser();
    const headers = { origin: 'https://evil.example', host: 'localhost:3000' };
    for (const url of [
      '/%61pi/auth/sign-in/email',
      '/api/auth/sign-in/email?x=1',
      '/api//auth/sign-in/email',
      '/API/auth/sign-in/email',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: user.email, password: user.password },
        headers,
      });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/auth/sign-out', headers });
      expect(response.statusCode).toBe(403);
    }
  });

  it('the app origin and the Host it was reached on are accepted', async () => {
    const user = await t.createUser();
    const viaPublicUrl = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { origin: PUBLIC_URL, host: '10.0.0.5:3000' },
    });
    expect(viaPublicUrl.statusCode).toBe(200);
    const viaHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' },
    });
    expect(viaHost.statusCode).toBe(200);
  });

  it('safe methods need no Origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
  });
});

describe('other odd requests', () => {
  it('an unknown API route -> 404 in the one error shape', async () => {
    expect(expectErrorShape(await t.client().get('/api/nothing-here'), 404).code).toBe('not_found');
    expect(expectErrorShape(await t.client().post('/api/nothing-here', {}), 404).code).toBe('not_found');
  });

  it('a NUL byte in a query string -> 400', async () => {
    const response = await t.client().get('/api/auth/verify-email?token=%00');
    expect(response.statusCode).toBe(400);
  });

  it('a malformed Host or cookie header does not cause a 5xx', async () => {
    const user = await t.createUser();
    const weird = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'gigreel.session_token=%E0%A4%A; other=%%%' },
    });
    expect(weird.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'gigreel.session_token=forged.signature' },
    });
    expect(forged.json()).toEqual({ viewer: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'http://a b', host: 'a b' },
    });
    expect(login.statusCode).toBeLessThan(500);
  });

  it('pages of the route table get the app, any other path the app with status 404', async () => {
    for (const url of ['/', '/landing', '/login', '/admin/creators', '/order/abc/upload', '/offer/xyz?ref=1']) {
      const page = await t.client().get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
    for (const url of ['/nope', '/admin-panel', '/offer/1/2']) {
      const page = await t.client().get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await t.client().request({ method: 'HEAD', url: '/landing' })).statusCode).toBe(200);
    expectErrorShape(await t.client().post('/landing', {}), 404);
  });

  it('the health check answers', async () => {
    const response = await t.client().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });
});

describe('display names', () => {
  /** Control characters (C0, DEL, C1) and the marks that change the direction of text around them. */
  const HIDDEN = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u0007',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u009B',
    '\n',
  ];
  const named = (char: string) => `Ann${char}Lee`;

  it('sign-up refuses a name holding a control or direction character, and creates no account', async () => {
    for (const [index, char] of HIDDEN.entries()) {
      const email = `hidden${index}@example.com`;
      const response = await t
        .client(`10.7.0.${index + 1}`)
        .post('/api/auth/sign-up/email', { displayName: named(char), email, password: 'Abcdefg1' });
      expect(expectErrorShape(response, 400).message, JSON.stringify(char)).toBe(
        texts.validation.displayNameCharacters,
      );
      const rows = await t.deps.database.query('select 1 from users where email = $1', [email]);
      expect(rows).toHaveLength(0);
    }
  });

  it('the profile refuses one too, and the name stays as it was', async () => {
    const person = await t.signedIn({ name: 'Plain Name' });
    for (const char of HIDDEN) {
      const response = await person.patch('/api/profile', { displayName: named(char) });
      expect(expectErrorShape(response, 400).message, JSON.stringify(char)).toBe(
        texts.validation.displayNameCharacters,
      );
    }
    expect((await person.get('/api/profile')).json().profile.displayName).toBe('Plain Name');
  });

  it('the admin creator form refuses one too, when creating and when editing', async () => {
    const admin = await t.signedIn({ name: 'Name Admin', admin: true });
    const creator = await t.createUser({ name: 'Kept Creator' });
    for (const char of HIDDEN) {
      const created = await admin.post('/api/admin/creators', { displayName: named(char) });
      expect(expectErrorShape(created, 400).message, JSON.stringify(char)).toBe(texts.validation.displayNameCharacters);
      const edited = await admin.patch(`/api/admin/creators/${creator.id}`, { displayName: named(char) });
      expect(expectErrorShape(edited, 400).message, JSON.stringify(char)).toBe(texts.validation.displayNameCharacters);
    }
    const rows = await t.deps.database.query<{ name: string }>('select display_name as name from users where id = $1', [
      creator.id,
    ]);
    expect(rows).toEqual([{ name: 'Kept Creator' }]);
  });

  it('names in any script, with accents and emoji, are still welcome', async () => {
    const person = await t.signedIn({ name: 'Plain Again' });
    for (const name of ['Zoë Ahmed-Lee', '李小龍', 'محمد علي', 'Ana 🎨']) {
      const response = await person.patch('/api/profile', { displayName: name });
      expect(response.statusCode, name).toBe(200);
    }
  });
});
