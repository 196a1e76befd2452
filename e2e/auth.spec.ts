/** Sign-up, verification, log in and out, the limiter, password reset and inactivity: through the real screens. */
import type { Page } from '@playwright/test';
import { NEW_PASSWORD, expect, hold, logIn, mailedLink, signUpHeaders, test, uniqueEmail } from './fixtures.ts';

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

test('sign up, verify by mail, log out and log in again', async ({ page, people }) => {
  const email = uniqueEmail('signup');
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Where offers get seen' })).toBeVisible();
  await expect(page.getByText('No spam. Just value.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Join Community/ })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/login');
  await page.getByRole('link', { name: /^Get Started/ }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Display name').fill('Nina Maker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await expect(
    page.getByText('Password must be at least 8 characters with uppercase, lowercase, and number'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Logging in before verifying is refused with a fresh link on its way.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Please verify your email first.', { exact: false })).toBeVisible();

  await page.goto(await mailedLink(email));
  await expect(page.getByText('Email verified. Welcome to GigReel!')).toBeVisible();
  // A new person has no offer yet: the post-login check opens /post.
  await expect(page).toHaveURL(/\/post$/);
  people.track(((await (await page.request.get('/api/me')).json()) as { viewer: { id: string } }).viewer.id);

  await logOut(page);
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/post$/);
});

test('a verification link opened in another browser verifies but does not sign in: it asks to log in', async ({
  page,
  playwright,
  baseURL,
  people,
}) => {
  const email = uniqueEmail('elsewhere');
  // Signed up from another browser (its own cookie jar), then the link is opened in this one.
  const otherBrowser = await playwright.request.newContext({ baseURL });
  const response = await otherBrowser.post('/api/auth/sign-up/email', {
    data: { displayName: 'Far Away', email, password: NEW_PASSWORD },
    headers: signUpHeaders(baseURL!),
  });
  expect(response.status()).toBe(201);
  await otherBrowser.dispose();

  await page.goto(await mailedLink(email));
  await expect(page.getByText('Email verified. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(((await (await page.request.get('/api/me')).json()) as { viewer: unknown }).viewer).toBeNull();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/post$/);
  people.track(((await (await page.request.get('/api/me')).json()) as { viewer: { id: string } }).viewer.id);
});

test('sign-up checks its fields and refuses a taken email', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Display name must be between 2 and 50 characters')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters with uppercase' }),
  ).toBeVisible();

  await page.getByLabel('Display name').fill('Maya Again');
  await page.getByLabel('Email').fill('MAYA@example.com');
  await page.getByLabel('Password').fill('Another-pass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('An account with this email already exists. Please try logging in instead.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password is refused, and five failures close the door', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const email = uniqueEmail('limited');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-pass1');
  const attempt = async () => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
      page.getByRole('button', { name: 'Log In' }).click(),
    ]);
    return response.status();
  };
  for (let failure = 1; failure <= 5; failure += 1) expect(await attempt()).toBe(401);
  await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
  expect(await attempt()).toBe(429);
  await expect(page.getByText('Too many login attempts. Please try again later.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a real account with the wrong password gets the same answer', async ({ page, people }) => {
  // An account of the test's own: a failed login counts against the account.
  const person = await people.person();
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(`${person.password}x`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
});

test('forgot password: the mailed link sets a new password once and signs in', async ({ page, people }) => {
  const { email } = await people.signUpVerified(page, { displayName: 'Reset Person' });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Email Required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password Reset Email Sent')).toBeVisible();

  const link = await mailedLink(email, 2);
  expect(link).toContain('/password-reset?token=');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Short1');
  await page.getByLabel('Confirm password').fill('Short1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password too short').first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass2');
  await page.getByLabel('Confirm password').fill('Brand-new-pass3');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Brand-new-pass2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/(post)?$/);
  await expect(page.getByRole('button', { name: /^Account menu for Reset Person/ })).toBeVisible();

  // The link works once.
  await logOut(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-pass4');
  await page.getByLabel('Confirm password').fill('Another-pass4');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();

  await logIn(page, email, 'Brand-new-pass2');
});

test('the reset screen without a token sends the person to log in', async ({ page }) => {
  await page.goto('/password-reset');
  await expect(page.getByText('Invalid Reset Link')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a broken verification link says so', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2F%3Fverified%3D1');
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('thirty minutes without activity sign the person out', async ({ page }) => {
  await page.clock.install();
  await logIn(page, 'leo@example.com');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await page.clock.fastForward('29:00');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page.getByText('Session Expired')).toBeVisible();
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect((await me.json()) as unknown).toEqual({ viewer: null });
});

test('a "who is signed in" answer that arrives after the inactivity sign-out does not sign the tab back in', async ({
  page,
}) => {
  await page.clock.install();
  await logIn(page, 'leo@example.com');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  // Activity after five quiet minutes asks the server who is signed in; the server answers while the
  // session lives, and the answer is held on the way back until the tab has signed out.
  const { held, release } = await hold(page, '**/api/me', { answers: true });
  await page.clock.fastForward('06:00');
  await page.mouse.move(200, 200);
  const question = await held;
  await page.clock.fastForward('30:01');
  await expect(page.getByText('Session Expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  release();
  await question.response();
  await page.unroute('**/api/me');
  // the page has read the late answer once a later one, asked after it, is back
  await page.evaluate(() => fetch('/api/me').then((answer) => answer.text()));
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
});
