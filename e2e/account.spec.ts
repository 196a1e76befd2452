/**
 * An account people control (issue 19), from Settings: change the password (another device is signed
 * out), change the email (the mailed link, the old address told), sign out another device, download
 * one's data, delete the account; and on "Check your email", resend the verification mail.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { NEW_PASSWORD, expect, mailedLink, mailsTo, test, uniqueEmail, type Person } from './fixtures.ts';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** The page as a person sees it: the whole page, or what is on screen (an open dialog). */
async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: `.tmp/screens/account/${name}-${info.project.name}.png`, fullPage });
}

/** axe-core on what is on screen (an open dialog, the resend button): no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** Settings, signed in as the person, with the Account section loaded. */
async function openSettings(page: Page, person: Person, signIn: (page: Page, who: Person) => Promise<void>) {
  await signIn(page, person);
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Account' }).getByText(person.email)).toBeVisible();
}

/** The person signed in on a phone of their own: another device, in its own browser context. */
async function phoneOf(browser: Browser, baseURL: string | undefined, person: Person) {
  const context = await browser.newContext({ baseURL, userAgent: PHONE_UA });
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: person.password },
    headers: { origin: baseURL ?? '' },
  });
  expect(response.status()).toBe(200);
  return context;
}

const viewerOf = async (request: { get(url: string): Promise<{ json(): Promise<unknown> }> }) =>
  ((await (await request.get('/api/me')).json()) as { viewer: { email: string } | null }).viewer;

test('changing the password signs every other device out and keeps this one', async ({ page, people }, info) => {
  const person = await people.person({ displayName: 'Pat Password' });
  await openSettings(page, person, people.signIn);
  expect(await viewerOf(person.api)).not.toBeNull();

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password' });
  await dialog.getByLabel('Current password').fill('Not-the-one1');
  await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-pass1');
  await dialog.getByLabel('Confirm new password').fill('Brand-new-pass1');
  await shot(page, info, 'change-password', false);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();

  await dialog.getByLabel('Current password').fill(person.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. Every other device is signed out.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await viewerOf(person.api)).toBeNull();
  expect(await viewerOf(page.request)).toMatchObject({ email: person.email });
});

test('changing the email waits for the mailed link, then the new address is the login and the old one is told', async ({
  page,
  people,
}, info) => {
  const person = await people.person({ displayName: 'Eli Email' });
  const newEmail = uniqueEmail('moved');
  await openSettings(page, person, people.signIn);

  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email' });
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').fill(person.password);
  await shot(page, info, 'change-email', false);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(`Waiting for you to confirm ${newEmail}`)).toBeVisible();
  await expect(account.getByText(person.email)).toBeVisible();
  await shot(page, info, 'email-pending');

  await page.goto(await mailedLink(newEmail));
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await expect(account.getByText(newEmail)).toBeVisible();
  await expect(account.getByText('Waiting for you to confirm')).toHaveCount(0);
  await expect
    .poll(() => mailsTo(person.email).map((mail) => mail.subject))
    .toContain('Your GigReel email was changed');
});

test('a signed-in device is listed by browser and system, and signed out from Settings', async ({
  page,
  people,
  browser,
  baseURL,
}, info) => {
  const person = await people.person({ displayName: 'Dev Devices' });
  const phone = await phoneOf(browser, baseURL, person);
  try {
    await openSettings(page, person, people.signIn);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByText('Chrome on Android')).toBeVisible();
    await expect(devices.getByText('This device')).toBeVisible();
    await shot(page, info, 'devices');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
    await expect(page.getByText('Chrome on Android is signed out.')).toBeVisible();
    await expect(devices.getByText('Chrome on Android')).toHaveCount(0);
    expect(await viewerOf(phone.request)).toBeNull();
    expect(await viewerOf(page.request)).not.toBeNull();
  } finally {
    await phone.close();
  }
});

test('"Download my data" saves a JSON file with the person\'s profile and messages', async ({ page, people }) => {
  const creator = await people.creator({ displayName: 'Cass Creator' });
  const person = await people.person({ displayName: 'Dana Download' });
  const sent = await person.api.post('/api/messages', {
    data: { offerId: creator.offer.id, text: 'Is the logo still available?' },
  });
  expect(sent.status()).toBe(201);
  await openSettings(page, person, people.signIn);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gigreel-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { email: string; displayName: string };
    messages: Array<{ direction: string; message: string; with: { displayName: string } }>;
  };
  expect(data.profile).toMatchObject({ email: person.email, displayName: 'Dana Download' });
  expect(data.messages).toEqual([
    expect.objectContaining({
      direction: 'sent',
      message: 'Is the logo still available?',
      with: expect.objectContaining({ displayName: 'Cass Creator' }),
    }),
  ]);
});

test('deleting the account says what happens first, needs the password and DELETE, then the person is gone', async ({
  page,
  people,
}, info) => {
  const person = await people.person({ displayName: 'Lou Leaving' });
  await openSettings(page, person, people.signIn);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(
    dialog.getByText('Orders and messages stay for the other person, shown as from "Unknown".'),
  ).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Delete my account for good' });
  await dialog.getByLabel('Your password').fill(person.password);
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await shot(page, info, 'delete-account', false);
  await expectAccessible(page);
  await submit.click();

  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
});

/** Signs up through the screen, from an address of its own (the sign-up and resend limits count addresses). */
async function signUpOnScreen(page: Page, email: string) {
  const address = `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  await page.route('**/api/auth/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  await page.goto('/signup');
  await page.getByLabel('Display name').fill('Vera Verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test('"Check your email" counts down, then resends a link that verifies', async ({ page, people }, info) => {
  const email = uniqueEmail('resend');
  await page.clock.install();
  await signUpOnScreen(page, email);
  const resend = page.getByRole('button', { name: /^Resend/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend in [01]:\d\d$/);
  await shot(page, info, 'check-email-countdown');
  await expectAccessible(page);

  await page.clock.fastForward(61_000);
  await expect(resend).toHaveText('Resend email');
  await resend.click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect.poll(() => mailsTo(email).length).toBe(2);

  await page.goto(await mailedLink(email, 2));
  await expect(page.getByText('Email verified. Welcome to GigReel!')).toBeVisible();
  people.track(((await (await page.request.get('/api/me')).json()) as { viewer: { id: string } }).viewer.id);
});

test('"Check your email" refuses a resend the server has not allowed yet, saying when to try again', async ({
  page,
}) => {
  const email = uniqueEmail('resend-limit');
  await page.clock.install();
  await signUpOnScreen(page, email);
  const resend = page.getByRole('button', { name: /^Resend/ });
  await page.clock.fastForward(61_000);
  await resend.click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  // The page's clock runs ahead; the server's minute between two mails has not passed.
  await page.clock.fastForward(61_000);
  await resend.click();
  await expect(page.getByRole('alert').filter({ hasText: 'You have asked for several emails.' })).toHaveText(
    /^You have asked for several emails\. You can ask for another in (\d+ seconds|1 minute)\.$/,
  );
  expect(mailsTo(email)).toHaveLength(2);
});
