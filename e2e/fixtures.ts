/**
 * Browser-test fixtures: a page that fails the test on any console error, the local mail outbox,
 * and helpers that sign people in through the real screens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'GigReel-demo1';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // The browser logs every 4xx response it receives; the tests assert on those themselves.
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Mails in the local outbox addressed to `to`, oldest first, with the first link of each. */
export function mailsTo(to: string): Array<{ subject: string; link: string | null; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((raw) => (/^To: (.*)$/m.exec(raw)?.[1] ?? '').toLowerCase().includes(to.toLowerCase()))
    .map((raw) => {
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const body = text.split(/\r?\n\r?\n/).slice(1).join('\n');
      return { subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', link: /(https?:\/\/[^\s"<>]+)/.exec(body)?.[1] ?? null, text };
    });
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

export const NEW_PASSWORD = 'Fresh-pass1';

/** The newest mailed link for `to`, waiting for it to arrive (the server writes mail after it answers). */
export async function mailedLink(to: string, count = 1): Promise<string> {
  await expect.poll(() => mailsTo(to).length, { message: `mail number ${count} to ${to}` }).toBeGreaterThanOrEqual(count);
  const link = mailsTo(to)[count - 1]?.link;
  if (!link) throw new Error(`the mail to ${to} has no link`);
  return link;
}

/**
 * Headers for a sign-up through the API: the server allows 10 sign-ups an hour per address, and every
 * test talks to it from 127.0.0.1, a trusted proxy (TRUST_PROXY=loopback) whose X-Forwarded-For it
 * believes; so each sign-up says it comes from an address of its own.
 */
export function signUpHeaders(origin: string): Record<string, string> {
  return { origin, 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}` };
}

/** A new account, signed up through the API and verified through its mailed link: the page ends signed in. */
export async function signUpVerified(page: Page, options: { email?: string; displayName?: string; password?: string } = {}): Promise<{ email: string; password: string; displayName: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? NEW_PASSWORD;
  const displayName = options.displayName ?? 'New Person';
  const origin = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:4173').origin;
  const response = await page.request.post('/api/auth/sign-up/email', { data: { displayName, email, password }, headers: signUpHeaders(origin) });
  expect(response.status()).toBe(201);
  await page.goto(await mailedLink(email));
  await expect(page.getByText('Email verified. Welcome to GigReel!')).toBeVisible();
  return { email, password, displayName };
}

/**
 * Stops the page's clock a second ahead of the page's own time (after `page.clock.install()`), so the
 * time the checks take on a busy machine cannot move timers on. The page's time keeps running between
 * reading it and pausing; when it has already passed the target, read it again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate<number>('Date.now()');
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
