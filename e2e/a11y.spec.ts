/**
 * Accessibility: axe-core on every main screen at phone and desktop size, expecting no serious or
 * critical violation of WCAG 2.1 A/AA (contrast, names, roles, landmarks...). Each screen is its own
 * test so a report names the screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, type People, type Person } from './fixtures.ts';

/**
 * `path` may be worked out at run time (a creator's id). A screen about something the test makes
 * first (an order) is `prepared`: it makes it as people of its own and says whose screen it is.
 */
type Screen = {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  as?: string;
  prepared?: (people: People) => Promise<{ path: string; as: Person }>;
  ready?: (page: Page) => Promise<void>;
};

/** Signs in through the API (the login screen has its own test), sharing the page's cookies. */
async function signIn(page: Page, baseURL: string, email: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

const heading = (page: Page) => expect(page.getByRole('heading').first()).toBeVisible();

/** How many API requests the page has sent and not yet had answered (the live-events stream stays open by design). */
function apiInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events') open.add(sent);
  });
  const answered = (sent: Request) => open.delete(sent);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return () => open.size;
}

/** Waits for the screen's queries to be answered and its short entrance transitions to end. */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  await expect.poll(inFlight, { message: 'API requests still unanswered' }).toBe(0);
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 2000)
    .map((animation) => animation.finished.catch(() => undefined)))`);
}

/** Maya's paid offer (seeded), read from the public feed. */
async function mayasOffer(page: Page): Promise<{ id: string; creator: { id: string } }> {
  const feed = await (await page.request.get('/api/feed?tag=branding')).json();
  return feed.offers[0];
}

/** An order on a paid offer of the test's own seller, bought by its own buyer, paid when asked. */
async function ownOrder(people: People, paid: boolean): Promise<{ id: string; buyer: Person; seller: Person }> {
  const seller = await people.creator({ offer: { title: 'A poster for your gig', price: '30' } });
  const buyer = await people.person({ displayName: 'Bea Buyer' });
  const created = await buyer.api.post('/api/orders', { data: { offerId: seller.offer.id } });
  expect(created.ok(), await created.text()).toBe(true);
  const { order } = await created.json();
  if (paid) expect((await buyer.api.post(`/api/orders/${order.id}/paid`)).ok()).toBe(true);
  return { id: order.id, buyer, seller };
}

const adminTab = (name: string, title: RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'landing', path: '/landing' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'feed (anonymous)', path: '/', ready: async (page) => expect(page.getByRole('main')).toBeVisible() },
  { name: 'not found', path: '/no-such-page' },
  { name: 'faq', path: '/faq' },
  { name: 'how it works', path: '/how-it-works' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms and policies', path: '/terms-policies' },
  { name: 'company', path: '/company' },
  { name: 'program', path: '/program' },
  {
    name: 'feed (signed in)',
    path: '/',
    as: 'leo@example.com',
    ready: async (page) => expect(page.getByRole('main')).toBeVisible(),
  },
  {
    name: 'profile',
    path: '/profile',
    as: 'leo@example.com',
    ready: async (page) => expect(page.getByRole('tab', { name: 'Boost Reel' })).toBeVisible(),
  },
  {
    name: 'settings',
    path: '/settings',
    as: 'leo@example.com',
    ready: async (page) => expect(page.getByLabel('Display name')).toBeVisible(),
  },
  { name: 'post', path: '/post', as: 'leo@example.com' },
  {
    name: 'stats',
    path: '/stats',
    as: 'leo@example.com',
    ready: async (page) => expect(page.getByRole('img', { name: /^Views per day/ })).toBeVisible(),
  },
  { name: 'explore', path: '/explore', as: 'leo@example.com' },
  { name: 'boosted', path: '/boosted', as: 'leo@example.com' },
  { name: 'messages', path: '/messages', as: 'leo@example.com' },
  { name: 'notifications', path: '/notifications', as: 'leo@example.com' },
  { name: 'orders', path: '/orders', as: 'leo@example.com' },
  { name: 'private job', path: '/private-job', as: 'leo@example.com' },
  { name: 'agent jobs', path: '/agent-jobs', as: 'designer@example.com' },
  { name: 'creator page', path: async (page) => `/creator/${(await mayasOffer(page)).creator.id}` },
  {
    name: 'order (buyer)',
    path: '/order/:id',
    prepared: async (people) => {
      const order = await ownOrder(people, false);
      return { path: `/order/${order.id}`, as: order.buyer };
    },
  },
  {
    name: 'delivery upload (seller)',
    path: '/order/:id/upload',
    prepared: async (people) => {
      const order = await ownOrder(people, true);
      return { path: `/order/${order.id}/upload`, as: order.seller };
    },
    ready: async (page) => expect(page.getByLabel('Delivery file')).toBeAttached(),
  },
  {
    name: 'admin feed',
    path: '/admin/feed',
    as: 'admin@example.com',
    ready: async (page) => expect(page.getByRole('complementary', { name: 'Feed debug' })).toBeVisible(),
  },
  { name: 'admin messages', path: '/admin', as: 'admin@example.com', ready: adminTab('Messages', /^Messages/) },
  { name: 'admin testing', path: '/admin', as: 'admin@example.com', ready: adminTab('Testing', /self-test/) },
  { name: 'admin export', path: '/admin', as: 'admin@example.com', ready: adminTab('Export', /Export Center/) },
  {
    name: 'admin',
    path: '/admin',
    as: 'admin@example.com',
    ready: async (page) => expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible(),
  },
];

for (const screen of SCREENS) {
  test(`a11y: ${screen.name} has no serious or critical violations`, async ({ page, baseURL, people }) => {
    const inFlight = apiInFlight(page);
    const prepared = screen.prepared ? await screen.prepared(people) : null;
    if (prepared) await people.signIn(page, prepared.as);
    else if (screen.as) await signIn(page, baseURL!, screen.as);
    await page.goto(prepared?.path ?? (typeof screen.path === 'string' ? screen.path : await screen.path(page)));
    await (screen.ready ?? heading)(page);
    await settled(page, inFlight);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
    expect(serious, `${screen.path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  });
}

test('a11y: the Authentication Required and Get App dialogs', async ({ page, baseURL }, info) => {
  test.skip(info.project.name === 'phone', 'Get App sits in the desktop header; the dialogs are the same on the phone');
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Get App' }).click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  const check = async () => {
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  };
  await check();
  await page.keyboard.press('Escape');
  await signIn(page, baseURL!, 'leo@example.com');
  await page.goto('/settings');
  await page.getByRole('main').getByRole('button', { name: 'Get App' }).click();
  await expect(page.getByRole('dialog', { name: 'Get the GigReel app' })).toBeVisible();
  await check();
});

test('a11y: a dialog opened from the keyboard traps focus and gives it back to its opener', async ({ page }) => {
  await page.goto('/');
  const details = page.getByRole('button', { name: 'Details' }).first();
  await details.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();
});
