/**
 * "Resend email" on the "Check your email" screen (issue 19): the verification link again, a minute
 * apart and three an hour per address, ten an hour per client address, the same answer whether or
 * not the address has an account waiting, and a 429 saying when to try again.
 */
import { accountTexts, waitText } from '@gigreel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const resend = (client: TestClient, email: string) => client.post('/api/auth/resend-verification', { email });

async function signUp(client: TestClient, email: string) {
  const response = await client.post('/api/auth/sign-up/email', {
    displayName: 'Vera Verify',
    email,
    password: 'Password123',
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('resending the verification mail', () => {
  it('mails a new link that verifies, and says when the next may be asked for', async () => {
    const client = t.client('198.51.100.90');
    await signUp(client, 'vera@example.com');
    expect(await t.mails('vera@example.com')).toHaveLength(1);
    const answer = await resend(client, 'Vera@Example.com');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      title: accountTexts.resend.sent,
      message: accountTexts.resend.sentBody('vera@example.com'),
      retryAfterSeconds: 60,
    });
    const mails = await t.mails('vera@example.com');
    expect(mails).toHaveLength(2);
    const verified = await t
      .client('198.51.100.91')
      .get(new URL(mails[1]!.link!).pathname + new URL(mails[1]!.link!).search);
    expect(verified.headers.location).toBe('/login?verified=1');
  });

  it('a minute apart and three an hour per address; the refusal says when', async () => {
    const client = t.client('198.51.100.92');
    await signUp(client, 'wren@example.com');
    expect((await resend(client, 'wren@example.com')).statusCode).toBe(200);
    const tooSoon = await resend(client, 'wren@example.com');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toEqual({
      code: 'too_many_mails',
      message: accountTexts.resend.tooMany('in 1 minute'),
    });
    t.clock.advance(61_000);
    expect((await resend(client, 'wren@example.com')).json().retryAfterSeconds).toBe(60);
    t.clock.advance(61_000);
    // the third of the hour: the next may come when the hour of the first has passed
    const third = await resend(client, 'wren@example.com');
    expect(third.json().retryAfterSeconds).toBe(3600 - 122);
    t.clock.advance(61_000);
    const fourth = await resend(client, 'wren@example.com');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(accountTexts.resend.tooMany(waitText(3600 - 183)));
    expect(await t.mails('wren@example.com')).toHaveLength(4);
    t.clock.advance(3600_000);
    expect((await resend(client, 'wren@example.com')).statusCode).toBe(200);
  });

  it('answers the same for an address without an account, or one verified already, and mails neither', async () => {
    const client = t.client('198.51.100.93');
    const verified = await t.createUser();
    for (const email of ['nobody-here@example.com', verified.email]) {
      const answer = await resend(client, email);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        title: accountTexts.resend.sent,
        message: accountTexts.resend.sentBody(email),
        retryAfterSeconds: 60,
      });
      expect(await t.mails(email)).toHaveLength(0);
      // and is limited the same way, so the limit tells nothing either
      expect((await resend(client, email)).statusCode).toBe(429);
    }
  });

  it('ten an hour from one client address, whatever the addresses asked about', async () => {
    const client = t.client('198.51.100.94');
    for (let i = 0; i < 10; i++) expect((await resend(client, `many-${i}@example.com`)).statusCode).toBe(200);
    expect((await resend(client, 'many-10@example.com')).statusCode).toBe(429);
    expect((await resend(t.client('198.51.100.95'), 'many-10@example.com')).statusCode).toBe(200);
  });

  it('a burst for one address sends one mail', async () => {
    const client = t.client('198.51.100.96');
    await signUp(client, 'burst-resend@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(client, 'burst-resend@example.com')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await t.mails('burst-resend@example.com')).toHaveLength(2);
  });

  it('refuses what is not an email', async () => {
    expect((await resend(t.client(), 'not an email')).statusCode).toBe(400);
  });
});
