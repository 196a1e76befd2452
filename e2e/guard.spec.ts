/** Every redirect of the route guard (SPEC section 2), the 404 page and the layouts' auth entry points. */
import { expect, logIn, test } from './fixtures.ts';

const LOGIN_ONLY = [
  '/boosted',
  '/explore',
  '/post',
  '/profile',
  '/messages',
  '/notifications',
  '/settings',
  '/orders',
  '/order/some-order',
  '/order/some-order/upload',
  '/private-job',
  '/agent-jobs',
];
const PUBLIC = [
  '/',
  '/landing',
  '/login',
  '/signup',
  '/faq',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/terms-policies',
  '/company',
  '/program',
];

test('anonymous visitors see the public pages and are sent to /signup from the others', async ({ page }) => {
  for (const path of PUBLIC) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`));
  }
  for (const path of LOGIN_ONLY) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }
  await expect(page.getByText('Sign Up Required').first()).toBeVisible();
  await expect(page.getByText('Please sign up to access this feature.').first()).toBeVisible();
});

test('anonymous on /admin logs in as admin and comes back to the same admin page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in to access the admin panel.')).toBeVisible();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('GigReel-demo1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('an admin is kept on /admin', async ({ page }) => {
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  for (const path of ['/', '/profile', '/landing', '/faq', '/login', '/signup']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin$/);
  }
  await page.goto('/password-reset?token=abc');
  await expect(page).toHaveURL(/\/password-reset\?token=abc$/);
});

test('a signed-in non-admin is turned away from /admin with "Access Denied"', async ({ page }) => {
  await logIn(page, 'maya@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/creators');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('You do not have permission to access the admin panel.')).toBeVisible();
});

test('signed-in people on /login or /signup go to / with an offer, /post without', async ({ page, people }) => {
  await logIn(page, 'leo@example.com');
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);

  await page.context().clearCookies();
  await people.signUpVerified(page, { displayName: 'No Offer Yet' });
  await expect(page).toHaveURL(/\/post$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/post$/);
  // The check runs once: afterwards the feed stays open to them.
  await page.getByRole('link', { name: 'GigReel home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('a recovery link opens /password-reset with the same query', async ({ page }) => {
  await page.goto('/?token=abc123&type=recovery');
  await expect(page).toHaveURL(/\/password-reset\?token=abc123&type=recovery$/);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.goto('/profile?access_token=a&refresh_token=r&type=recovery');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Invalid Reset Link')).toBeVisible();
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('anonymous entry points: tab bar or top-right buttons', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) {
    await expect(page.getByRole('button', { name: 'Get Coins' })).toBeHidden();
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    for (const name of ['Messages', 'Notifications', 'Profile'])
      await expect(tabs.getByRole('link', { name })).toHaveAttribute('href', '/signup');
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  } else {
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
    await page.getByRole('button', { name: 'Get Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication Required' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search offers' }).fill('logo');
    await page.getByRole('combobox', { name: 'Search offers' }).press('Enter');
    await expect(page).toHaveURL(/\/\?q=logo$/);
  }
});

test('the account menu leads everywhere it promises, and back arrows lead back', async ({ page }) => {
  await logIn(page, 'leo@example.com');
  const menu = page.getByRole('button', { name: /^Account menu for/ });
  for (const [name, path] of [
    ['Profile', '/profile'],
    ['Messages', '/messages'],
    ['My Orders', '/orders'],
    ['Hire our designer', '/private-job'],
    ['Settings', '/settings'],
  ] as const) {
    await menu.click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.getByRole('banner').getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('banner').getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the layout: a tab bar on a phone; on a desktop the sidebar, its search box and a 375x667 phone frame', async ({
  page,
  isMobile,
}) => {
  await logIn(page, 'leo@example.com');
  await page.goto('/');
  const frame = page.getByRole('region', { name: 'Offers' });
  await expect(frame).toBeVisible();
  if (isMobile) {
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    for (const [name, path] of [
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
      ['Profile', '/profile'],
      ['Home', '/'],
    ] as const) {
      await tabs.getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    }
    // The offer fills the width between the header and the tab bar.
    const box = (await frame.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
  } else {
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
    const box = (await frame.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([375, 667]);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const [name, path] of [
      ['Explore', '/explore'],
      ['Boosted', '/boosted'],
      ['Post', '/post'],
      ['Profile', '/profile'],
      ['For You', '/'],
    ] as const) {
      await sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    }
    for (const [name, path] of [
      ['Company', '/company'],
      ['Program', '/program'],
      ['Terms & Policies', '/terms-policies'],
    ] as const) {
      await sidebar.getByRole('navigation', { name: 'About' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await sidebar.getByRole('combobox', { name: 'Search offers' }).fill('beats');
    await sidebar.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/\/\?q=beats$/);
  }
});
