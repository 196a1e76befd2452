/**
 * Hostile text, stored through the real API, shown on every screen that shows it: the feed and the
 * offer's own page (whose Open Graph tags the server writes into HTML), the creator page, the profile,
 * messages, notifications and the admin dashboard. Whatever the API keeps is shown as the very text
 * it kept, no script runs (no dialog, no marker set, no Content-Security-Policy violation), and
 * nothing breaks the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures.ts';

const base = () => process.env.E2E_BASE_URL!;
const IMAGE = path.resolve(import.meta.dirname, '../apps/server/seed-media/logo-design.poster.jpg');

// Each would run script if a screen put it into HTML (after the server's sanitising, as entities or quotes).
const MARK = 'window.__pwned=1';
const HOSTILE = {
  name: `Eve "'><b onmouseover=${MARK}>x`,
  title: `Logo "'>&lt;img src=x onerror=${MARK}&gt; {{7*7}} \${x}`,
  description: `&lt;script&gt;${MARK}&lt;/script&gt; "quoted" 'single' </textarea></title> <!-- done`,
  tags: `&lt;svg&gt;, "'>bad`,
  bio: `&lt;iframe src=javascript:${MARK}&gt; \u202Eevil`,
  // Messages refuse event handlers and script outright ("Invalid Message"); this is what gets through.
  message: `Hi &lt;b&gt;not bold&lt;/b&gt; "'>< {{constructor.constructor}} \${x} &amp;`,
};

async function watch(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript({
    content:
      'window.__violations = []; document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));',
  });
  return { dialogs };
}

async function expectNothingRan(page: Page, seen: { dialogs: string[] }, where: string): Promise<void> {
  expect(seen.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(await page.evaluate('window.__pwned'), `script ran on ${where}`).toBeUndefined();
  expect(await page.evaluate('window.__violations'), `CSP violations on ${where}`).toEqual([]);
}

test('hostile text is shown as text on every screen, and no script runs', async ({ page, browser, people }) => {
  test.setTimeout(90_000);
  const seen = await watch(page);
  await people.signUpVerified(page, { displayName: HOSTILE.name });
  const origin = { origin: base() };

  // What the API keeps of each value (sanitised or refused) is what the screens must show.
  const me = await (await page.request.get('/api/me')).json();
  const name: string = me.viewer.displayName;
  expect(name).not.toContain('<');
  const saved = await page.request.put('/api/offers/mine', {
    headers: origin,
    multipart: {
      title: HOSTILE.title,
      link: 'example.com/eve',
      tags: HOSTILE.tags,
      description: HOSTILE.description,
      musicTrackName: HOSTILE.title,
      media: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: readFileSync(IMAGE) },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const offer = (await saved.json()).offer as { id: string; title: string; description: string; tags: string[] };
  expect(offer.title).toContain('&lt;img');
  const profile = await page.request.patch('/api/profile', { headers: origin, data: { bio: HOSTILE.bio } });
  expect(profile.ok(), await profile.text()).toBe(true);
  const bio = (await profile.json()).profile.bio as string;
  expect(bio).toContain('&lt;iframe');

  // The test's own admin approves it, and a person of its own writes to its creator.
  const admin = await people.admin();
  const { items: gigs } = (await (await admin.api.get('/api/admin/gigs')).json()) as {
    items: Array<{ id: string; version: number }>;
  };
  const version = gigs.find((gig) => gig.id === offer.id)?.version;
  expect((await admin.api.post(`/api/admin/offers/${offer.id}/approve`, { data: { version } })).ok()).toBe(true);
  const writer = await people.person({ displayName: 'Wes Writer' });
  const sent = await writer.api.post('/api/messages', { data: { offerId: offer.id, text: HOSTILE.message } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const message: string = (await sent.json()).message.text;

  // The offer's own page: server-written meta tags, then the feed showing it first.
  await page.goto(`/offer/${offer.id}`);
  const slide = page.locator('article:not([inert])');
  await expect(slide).toHaveAttribute('aria-label', new RegExp(`^${escape(offer.title)}, 1 of`));
  await expect(slide.getByText(offer.title, { exact: true }).first()).toBeVisible();
  await expect(slide.getByRole('link', { name: `@${name}`, exact: true })).toBeVisible();
  await slide.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog').getByText(offer.description, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNothingRan(page, seen, 'the feed');

  await page.goto(`/creator/${me.viewer.id}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText(bio, { exact: true })).toBeVisible();
  await expectNothingRan(page, seen, 'the creator page');

  await page.goto('/profile');
  await expect(page.getByText(offer.title, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(bio, { exact: true })).toBeVisible();
  await expectNothingRan(page, seen, 'the profile');

  await page.goto('/messages');
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(writer.displayName) })
    .click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(message, { exact: true })).toBeVisible();
  await expect(thread.getByText(`Re: ${offer.title}`, { exact: true })).toBeVisible();
  await expectNothingRan(page, seen, 'a message thread');

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingRan(page, seen, 'the notifications');

  // The admin's screens list every creator, gig and message.
  const adminPage = await (await browser.newContext({ baseURL: base() })).newPage();
  const adminSeen = await watch(adminPage);
  await logIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByRole('tab', { name: /Gigs/ }).click();
  await expect(adminPage.getByText(offer.title, { exact: true }).first()).toBeVisible();
  await adminPage.getByRole('tab', { name: /Messages/ }).click();
  await expect(adminPage.getByText(message, { exact: true }).first()).toBeVisible();
  await adminPage.getByRole('tab', { name: /Creators/ }).click();
  await expect(adminPage.getByText(name, { exact: true }).first()).toBeVisible();
  await expectNothingRan(adminPage, adminSeen, 'the admin dashboard');

  // The people fixture removes the person and their offer once the test ends.
  await adminPage.context().close();
});

/** The text as a literal inside a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
