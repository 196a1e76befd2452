/**
 * Web Push and notification settings (issue 18) in the browser: the service worker shows a push it
 * receives as a system notification that opens its page; a person turns push on and off for the
 * device from Settings, and switches a topic off for one channel in the grid, saved at once.
 *
 * A headless browser has no push service to subscribe with, so where a test turns push on, the
 * browser's PushManager answers with a subscription of the test's own (its endpoint on this machine,
 * which the server takes outside production). Everything past the browser is the product's own.
 */
import { expect, mailsTo, test } from './fixtures.ts';

/** Delivers a push to the page's service worker as the browser's push service would (a trusted push event). */
async function deliverPush(page: import('@playwright/test').Page, data: object) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => {
      const mine = found.find((registration) => !registration.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(data),
  });
}

/**
 * Notes each notification the page's service worker asks the browser to show, once the browser has
 * taken it (showNotification resolved). Read from there rather than from getNotifications(): headless
 * Chromium on Linux now and then drops a notification it has just shown from that list (about 1 run in
 * 100: the worker's push handler ran, showNotification resolved, the list stayed empty).
 */
async function watchNotifications(context: import('@playwright/test').BrowserContext) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(`(() => {
    self.shownForTest = [];
    const show = self.registration.showNotification.bind(self.registration);
    self.registration.showNotification = (title, options = {}) =>
      show(title, options).then(() => {
        self.shownForTest.push({ title, body: options.body, tag: options.tag, data: options.data });
      });
  })()`);
  /** The first notification shown since, or null. */
  return () => worker.evaluate('self.shownForTest[0] ?? null');
}

/**
 * PushManager answering with a subscription of the test's own (an endpoint on this machine, valid
 * keys), kept across page loads as a browser keeps its subscription.
 */
const FAKE_PUSH_SERVICE = `(() => {
  const key = (bytes, first) => {
    const raw = new Uint8Array(bytes).fill(7);
    if (first !== undefined) raw[0] = first;
    return btoa(String.fromCharCode(...raw)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  };
  const subscription = ({ endpoint, keys }) => ({
    endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => ((current = null), localStorage.removeItem('test-push-subscription'), true),
  });
  const kept = localStorage.getItem('test-push-subscription');
  let current = kept ? subscription(JSON.parse(kept)) : null;
  PushManager.prototype.subscribe = async function () {
    const endpoint = 'http://127.0.0.1:9/push/' + crypto.randomUUID();
    const keys = { p256dh: key(65, 4), auth: key(16) };
    localStorage.setItem('test-push-subscription', JSON.stringify({ endpoint, keys }));
    current = subscription({ endpoint, keys });
    return current;
  };
  PushManager.prototype.getSubscription = async function () {
    return current;
  };
})();`;

test('the service worker shows a push it receives as a notification with its text and page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/faq');
  // the production build registers the worker once the page has loaded
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  const shown = await watchNotifications(context);

  await deliverPush(page, {
    title: 'New message from Leo',
    body: 'Is the logo still available?',
    link: '/messages?with=leo',
    tag: '/messages?with=leo',
  });
  await expect.poll(shown).toEqual({
    title: 'New message from Leo',
    body: 'Is the logo still available?',
    tag: '/messages?with=leo',
    data: { link: '/messages?with=leo' },
  });
});

test('a push whose link leads outside GigReel opens the notification centre instead', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/faq');
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  const shown = await watchNotifications(context);
  await deliverPush(page, { title: 'Odd', body: '', link: 'https://evil.example/', tag: '' });
  await expect.poll(shown).toMatchObject({ data: { link: '/notifications' } });
});

test('a person turns push on for this device from Settings and off again', async ({
  page,
  context,
  people,
}, testInfo) => {
  await context.grantPermissions(['notifications']);
  // The browser's own push service, played by the test: a subscription with an endpoint on this machine.
  await page.addInitScript({ content: FAKE_PUSH_SERVICE });
  const person = await people.person({ displayName: 'Pia Push' });
  await people.signIn(page, person);
  // the notifications page offers push while it is off
  await page.goto('/notifications');
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toBeVisible();
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 375, height: 667 });
  await page.screenshot({ path: `.tmp/screens/notifications-push-offer-${testInfo.project.name}.png` });
  await page.goto('/settings');
  const push = page.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(push).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Off for this device', { exact: true })).toBeVisible();
  await push.click();
  await expect(page.getByText('Push notifications are on for this device.')).toBeVisible();
  await expect(push).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('On for this device', { exact: true })).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/settings-push-on-${testInfo.project.name}.png`, fullPage: true });

  await push.click();
  await expect(page.getByText('Push notifications are off for this device.')).toBeVisible();
  await expect(push).toHaveAttribute('aria-checked', 'false');
});

test('the settings grid turns one topic off for one channel at once, and it stays off', async ({
  page,
  people,
}, testInfo) => {
  const person = await people.person({ displayName: 'Gus Grid' });
  await people.signIn(page, person);
  await page.goto('/settings');
  const grid = page.getByRole('table', { name: 'Notifications' });
  await expect(grid.getByRole('switch')).toHaveCount(12);
  // topics never mailed have no email switch
  await expect(grid.getByRole('row', { name: /Messages/ }).getByText('Not sent by email')).toBeAttached();
  const ordersByEmail = grid.getByRole('switch', { name: 'Emails about orders' });
  await expect(ordersByEmail).toHaveAttribute('aria-checked', 'true');
  await ordersByEmail.click();
  await expect(page.getByText('Emails about orders off.')).toBeVisible();
  await expect(ordersByEmail).toHaveAttribute('aria-checked', 'false');
  await page
    .getByRole('region', { name: 'Notifications', exact: true })
    .screenshot({ path: `.tmp/screens/settings-notifications-${testInfo.project.name}.png` });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Emails about orders' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Push notifications about orders' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a mail’s unsubscribe link asks first, then turns emails about orders off, signed out', async ({
  page,
  people,
}, testInfo) => {
  const seller = await people.creator({
    displayName: 'Sia Seller',
    offer: { price: '12.50', paypalLink: 'https://www.paypal.com/paypalme/sia' },
  });
  const buyer = await people.person({ displayName: 'Ben Buyer' });
  const placed = await buyer.api.post('/api/orders', { data: { offerId: seller.offer.id } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string } };
  expect((await buyer.api.post(`/api/orders/${order.id}/paid`)).status()).toBe(200);
  // the sign-up's verification mail, then the order's
  await expect.poll(() => mailsTo(seller.email).length).toBe(2);
  const link = /(http:\/\/localhost:\d+\/unsubscribe\/[^\s"<>]+)/.exec(mailsTo(seller.email)[1]!.text)?.[1];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Stop emails about orders?' })).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/unsubscribe-${testInfo.project.name}.png` });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You will no longer get emails about orders.' }),
  ).toBeVisible();
  const settings = await seller.api.get('/api/notifications/settings');
  expect(((await settings.json()) as { settings: { orders: { email: boolean } } }).settings.orders.email).toBe(false);
});

test('with push on, the notifications page shows no push card and nothing in its place', async ({
  page,
  context,
  people,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript({ content: FAKE_PUSH_SERVICE });
  const person = await people.person({ displayName: 'Pim Push' });
  await people.signIn(page, person);
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Push notifications on this device' }).click();
  await expect(page.getByText('Push notifications are on for this device.')).toBeVisible();

  await page.goto('/notifications');
  const empty = page.getByRole('heading', { name: 'No notifications yet' });
  await expect(empty).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toHaveCount(0);
  // The empty state's own top padding (64 px) is all that lies between the header and its heading:
  // the invitation's spacing went with it (it left a 12 px band before).
  const header = await page
    .getByRole('heading', { level: 1, name: 'Notifications' })
    .locator('xpath=ancestor::header')
    .boundingBox();
  const heading = await empty.boundingBox();
  expect(Math.round(heading!.y - (header!.y + header!.height))).toBe(64);
});
