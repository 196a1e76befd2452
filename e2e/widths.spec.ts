/**
 * No screen scrolls sideways: every screen, signed out, as a creator (with an offer, orders both
 * ways, messages and a private job), as the designer and as the admin, at the phone widths people
 * hold (320, 360, 375, 390, 414; the phone project) and at 1280 (the desktop project). A screen
 * passes when the document is no wider than the viewport and no visible element sticks out of it
 * (one inside a box that scrolls or clips sideways, such as the admin's tab strip, is inside that box).
 * A failure names each element that sticks out, with its classes and where it ends.
 */
import type { Page, Request } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, uniqueWord, type People, type Person } from './fixtures.ts';

const PHONE_WIDTHS = [320, 360, 375, 390, 414];
const DESKTOP_WIDTHS = [1280];
const PHONE_HEIGHT = 740;
const DESKTOP_HEIGHT = 800;

type Screen = { path: string; ready?: (page: Page) => Promise<void> };

/** Waits for the screen's requests to be answered (the live-events stream stays open by design). */
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

type Found = { scrollWidth: number; viewport: number; offenders: string[] };

/**
 * What sticks out of the viewport, run in the page: the outermost elements that do, described so a
 * failure says where to look. An element inside a box that scrolls or clips sideways (and is itself
 * inside the viewport) belongs to that box; a fixed element's own box is what counts.
 */
const SIDEWAYS = `(() => {
  const viewport = document.documentElement.clientWidth;
  const outside = (rect) => rect.right > viewport + 0.5 || rect.left < -0.5;
  const clippedByAncestor = (element) => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' && !outside(node.getBoundingClientRect())) return true;
      if (style.position === 'fixed') return false;
    }
    return false;
  };
  const offenders = new Set();
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || !outside(rect)) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    if (clippedByAncestor(element)) continue;
    offenders.add(element);
  }
  const describe = (element) => {
    const rect = element.getBoundingClientRect();
    const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
    const classes = typeof element.className === 'string' ? element.className.slice(0, 120) : '';
    return '<' + element.tagName.toLowerCase() + ' class="' + classes + '"> "' + label + '" from ' +
      Math.round(rect.left) + ' to ' + Math.round(rect.right);
  };
  // The outermost only: a child of an offender sticks out because its parent does.
  const outermost = [...offenders].filter((element) => !element.parentElement || !offenders.has(element.parentElement));
  return {
    scrollWidth: document.scrollingElement ? document.scrollingElement.scrollWidth : 0,
    viewport,
    offenders: outermost.slice(0, 12).map(describe),
  };
})()`;

async function sweep(page: Page, widths: number[], height: number, screens: Screen[]): Promise<void> {
  const inFlight = apiInFlight(page);
  const problems: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize({ width: widths[0]!, height });
    await page.goto(screen.path);
    await expect(page.getByRole('heading').or(page.getByRole('main')).first()).toBeVisible();
    await screen.ready?.(page);
    await expect.poll(inFlight, { message: `${screen.path}: API requests still unanswered` }).toBe(0);
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      // Two frames: the resize's layout, then anything a resize observer moved.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      const found = await page.evaluate<Found>(SIDEWAYS);
      if (found.scrollWidth > found.viewport || found.offenders.length > 0) {
        problems.push(
          `${screen.path} at ${width} px: the page is ${found.scrollWidth} px wide\n    ${found.offenders.join('\n    ')}`,
        );
      }
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

const widthsFor = (project: string) => (project === 'phone' ? PHONE_WIDTHS : DESKTOP_WIDTHS);
const heightFor = (project: string) => (project === 'phone' ? PHONE_HEIGHT : DESKTOP_HEIGHT);

const STATIC_PAGES = ['/faq', '/how-it-works', '/terms', '/privacy', '/terms-policies', '/company', '/program'];

/** A paid offer's order: `buyer` buys `seller`'s offer (and says they paid, when asked). */
async function order(buyer: Person, offerId: string, paid: boolean): Promise<string> {
  const created = await buyer.api.post('/api/orders', { data: { offerId } });
  expect(created.ok(), await created.text()).toBe(true);
  const { order: made } = (await created.json()) as { order: { id: string } };
  if (paid) expect((await buyer.api.post(`/api/orders/${made.id}/paid`)).ok()).toBe(true);
  return made.id;
}

/** A creator with everything a creator's screens show: an offer, an order each way, a conversation and a job. */
async function busyCreator(people: People) {
  const word = uniqueWord('wide');
  const creator = await people.creator({
    displayName: 'Maximilian Wolfeschlegelstein',
    offer: {
      title: `A logo, a brand book and a long title that wraps on a phone ${word}`,
      price: '45',
      tags: [`identity${word}`, 'logo'],
      description: 'Three concepts, two revisions and the source files.',
    },
  });
  const other = await people.creator({ offer: { title: `Poster ${word}`, price: '30' } });
  const bought = await order(creator, other.offer.id, false);
  const sold = await order(other, creator.offer.id, true);
  const reported = await other.api.post(`/api/orders/${sold}/problem`, {
    data: { reason: 'not_delivered', details: 'Nothing arrived after the agreed time.' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  const message = await other.api.post('/api/messages', {
    data: { offerId: creator.offer.id, text: `Hello! Could you do a version with ${'a'.repeat(60)}? ${word}` },
  });
  expect(message.ok(), await message.text()).toBe(true);
  const job = await creator.api.post('/api/jobs', {
    multipart: {
      title: `Business cards for ${word}`,
      deliveryTime: '2 Days',
      budget: '30',
      description: 'Front and back.',
    },
  });
  expect(job.ok(), await job.text()).toBe(true);
  const { orderId: jobOrder } = (await job.json()) as { orderId: string };
  return { creator, other, bought, sold, jobOrder };
}

test('signed out: no screen scrolls sideways', async ({ page, people }, info) => {
  test.setTimeout(180_000);
  const creator = await people.creator({ offer: { title: `Signed-out sweep ${uniqueWord('s')}` } });
  await sweep(page, widthsFor(info.project.name), heightFor(info.project.name), [
    { path: '/' },
    { path: `/offer/${creator.offer.id}` },
    { path: `/creator/${creator.id}` },
    { path: '/landing' },
    { path: '/login' },
    { path: '/signup' },
    { path: '/password-reset?type=recovery&token=not-a-real-token' },
    { path: '/no-such-page' },
    { path: '/appeal/not-a-real-link' },
    ...STATIC_PAGES.map((path) => ({ path })),
  ]);
});

test('as a creator: no screen scrolls sideways', async ({ page, people }, info) => {
  test.setTimeout(240_000);
  const { creator, other, bought, sold } = await busyCreator(people);
  await people.signIn(page, creator);
  await sweep(page, widthsFor(info.project.name), heightFor(info.project.name), [
    { path: '/' },
    { path: `/?q=${encodeURIComponent('logo')}` },
    { path: `/offer/${creator.offer.id}` },
    { path: '/explore' },
    { path: '/boosted' },
    { path: '/post' },
    { path: '/profile' },
    { path: `/creator/${creator.id}` },
    { path: `/creator/${other.id}` },
    { path: '/messages' },
    { path: `/messages?with=${other.id}` },
    { path: '/notifications' },
    { path: '/settings' },
    { path: '/orders' },
    { path: '/orders?tab=sales' },
    { path: '/orders?tab=jobs' },
    { path: `/order/${bought}` },
    { path: `/order/${sold}` },
    { path: '/private-job' },
    { path: '/agent-jobs' },
    ...STATIC_PAGES.map((path) => ({ path })),
  ]);
});

test('as the designer: no screen scrolls sideways', async ({ page, people }, info) => {
  test.setTimeout(180_000);
  const { jobOrder } = await busyCreator(people);
  await people.signIn(page, { email: 'designer@example.com', password: DEMO_PASSWORD });
  await sweep(page, widthsFor(info.project.name), heightFor(info.project.name), [
    { path: '/agent-jobs' },
    { path: '/orders?tab=sales' },
    { path: `/order/${jobOrder}` },
    { path: '/profile' },
    { path: '/settings' },
  ]);
});

test('as the admin: no screen or tab of the dashboard scrolls sideways', async ({ page, people }, info) => {
  test.setTimeout(240_000);
  const { creator, other } = await busyCreator(people);
  const reported = await creator.api.post('/api/reports', {
    data: { kind: 'offer', id: other.offer.id, reason: 'misleading', note: 'The picture is not the work.' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  // An offer awaiting approval, so the gigs tab shows its badge and the faded card.
  await creator.api.put('/api/offers/mine', {
    multipart: {
      title: `Edited and awaiting approval ${uniqueWord('e')}`,
      link: '',
      isPaidOffer: 'true',
      price: '45',
      paypalLink: 'paypal.me/wide',
      purchaseNote: 'Pay, then send me your brief.',
      tags: '',
      description: '',
      musicTrackName: '',
      musicCreditLink: '',
    },
  });
  const admin = await people.admin();
  await people.signIn(page, admin);
  const tab = (name: string) => ({
    path: '/admin',
    ready: async (shown: Page) => {
      await shown.getByRole('tab', { name }).click();
      await expect(shown.getByRole('tabpanel')).toBeVisible();
    },
  });
  await sweep(page, widthsFor(info.project.name), heightFor(info.project.name), [
    { path: '/admin' },
    ...['Gigs', 'Messages', 'Disputes', 'Reports', 'Analytics', 'Testing', 'Export', 'Audit log'].map(tab),
    { path: '/admin/feed' },
  ]);
});
