/**
 * The feed on a phone and a desktop: it advances by itself every 10 s and wraps, holds still
 * while a dialog is open, moves with keys, swipes and the wheel; boosts, favourites, reactions and
 * shares change the numbers at once and survive a reload; tags, search, /explore and /boosted.
 */
import type { Locator, Page } from '@playwright/test';
import type { BoostedOffer, FeedPage } from '@gigreel/core';
import { expect, pauseClock, test, uniqueWord } from './fixtures.ts';

// The app's service worker would take requests past page.route(), which one test uses to fail a boost.
test.use({ serviceWorkers: 'block' });

/** The offer on screen (neighbours kept ready are inert and hidden from assistive technology). */
const onScreen = (page: Page) => page.locator('article:not([inert])');

async function countIn(button: Locator): Promise<number> {
  const name = (await button.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+)$/.exec(name)?.[1] ?? NaN);
}

test('the feed advances every 10 s and wraps, holds still while a dialog is open, and follows keys, swipes and the wheel', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  // Two demo offers carry #design: Maya's logo and Kai's website audit.
  await page.goto('/?tag=design');
  await expect(page.getByRole('button', { name: 'Clear tag filter' })).toBeVisible();
  const current = onScreen(page);
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  const first = await current.getAttribute('aria-label');

  await page.clock.runFor(10_000);
  await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
  await page.clock.runFor(10_000);
  await expect(current).toHaveAttribute('aria-label', first!);

  // The details dialog holds the feed; closing it starts a fresh 10 s.
  await current.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('heading', { name: 'Delivery' })).toBeVisible();
  await page.clock.runFor(25_000);
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.clock.runFor(9_000);
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  await page.clock.runFor(1_500);
  await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);

  // Auto-advance can be turned off.
  const auto = page.getByRole('button', { name: 'Auto-advance' });
  await auto.click();
  await expect(auto).toHaveAttribute('aria-pressed', 'false');
  await page.clock.runFor(30_000);
  await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
  await auto.click();

  // Arrow keys, and wrapping backwards from the first.
  await page.keyboard.press('ArrowUp');
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  await page.keyboard.press('ArrowUp');
  await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
  await page.keyboard.press('ArrowDown');
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);

  const stage = page.getByRole('region', { name: 'Offers' });
  const box = (await stage.boundingBox())!;
  const x = box.x + box.width / 2;
  if (testInfo.project.name === 'phone') {
    // A real swipe up through the touch screen moves to the next offer, a swipe down back.
    const touch = await page.context().newCDPSession(page);
    const swipe = async (fromY: number, toY: number) => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: (fromY + toY) / 2 }] });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: toY }] });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(box.y + box.height * 0.7, box.y + box.height * 0.3);
    await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
    await swipe(box.y + box.height * 0.3, box.y + box.height * 0.7);
    await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  } else {
    // One wheel notch, one offer; and the buttons beside the frame.
    await page.mouse.move(x, box.y + box.height / 3);
    await page.mouse.wheel(0, 100);
    await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
    await page.getByRole('button', { name: 'Previous offer' }).click();
    await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  }

  // Anonymous visitors are asked to sign in before boosting, favouriting, reacting, messaging or buying.
  await current.getByRole('button', { name: /^Boost, \d+$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  await page.keyboard.press('Escape');
  await current.getByRole('button', { name: /^React, \d+$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  await page.keyboard.press('Escape');
  await current.getByRole('button', { name: 'Message' }).click();
  await expect(page.getByText('Please log in to send messages.')).toBeVisible();
  await page.keyboard.press('Escape');

  // People who ask for reduced motion get no sliding between offers.
  await expect(current.locator('xpath=..')).not.toHaveCSS('transition-property', 'none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(current.locator('xpath=..')).toHaveCSS('transition-property', 'none');

  // The tag chip's close control clears the filter.
  await page.getByRole('button', { name: 'Clear tag filter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Clear tag filter' })).toHaveCount(0);
});

test('boost, favourite, react and share change at once and survive a reload; tags, search, explore and boosted', async ({
  page,
  context,
  baseURL,
  people,
}, testInfo) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // Desktop Chromium has no share sheet here; make sure neither project has one, so the link is copied.
  await page.addInitScript({
    content: "Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });",
  });
  // An offer of the test's own, so its numbers move only with this test's taps, tagged with a word of its own.
  const tag = uniqueWord('beat');
  const creator = await people.creator({
    displayName: `Lee Producer ${uniqueWord('n')}`,
    offer: { title: `Fresh loops ${tag}`, tags: [tag] },
  });
  const title = creator.offer.title;
  // A person of the test's own: nothing boosted, favourited or reacted yet, and a first share today.
  await people.signUpVerified(page, { displayName: 'Feed Fan' });
  // The person's own boost, favourite and reaction arrive beside the shared page; wait for them.
  const viewerState = () =>
    page.waitForResponse((response) => response.url().includes('/api/feed/state') && response.ok());
  let stateLoaded = viewerState();
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await stateLoaded;
  const offer = page.getByRole('article', { name: new RegExp(title) });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();

  // Boost: pressed and counted at once, and still so after a reload.
  const boost = offer.getByRole('button', { name: /^Boost, \d+$/ });
  await expect(boost).toHaveAttribute('aria-pressed', 'false');
  const boosts = await countIn(boost);
  await boost.click();
  await expect(boost).toHaveAttribute('aria-pressed', 'true');
  await expect(boost).toHaveAttribute('aria-label', `Boost, ${boosts + 1}`);

  const favourite = offer.getByRole('button', { name: /^Favourite, \d+$/ });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  const favourites = await countIn(favourite);
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites + 1}`);

  // One reaction per person, changeable.
  const react = offer.getByRole('button', { name: /^React, \d+$/ });
  await react.click();
  const picker = offer.getByRole('group', { name: 'Reactions' });
  await expect(picker.getByRole('button', { pressed: true })).toHaveCount(0);
  const reactions = await countIn(react);
  await picker.getByRole('button', { name: 'Hype' }).click();
  await expect(react).toHaveAttribute('aria-label', `React, ${reactions + 1}`);
  await react.click();
  await picker.getByRole('button', { name: 'Smart' }).click();
  await expect(react).toHaveAttribute('aria-label', `React, ${reactions + 1}`);

  // Share copies the offer's link and counts.
  const share = offer.getByRole('button', { name: /^Share, \d+$/ });
  const shares = await countIn(share);
  // the count shows at once; the reload below must come after the server has it
  const shareSaved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/share$/.test(r.url()));
  await share.click();
  await expect(page.getByText('Link copied')).toBeVisible();
  await expect(share).toHaveAttribute('aria-label', `Share, ${shares + 1}`);
  expect((await shareSaved).ok()).toBe(true);
  const link = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(link).toMatch(new RegExp(`^${baseURL}/offer/[0-9a-f-]{36}$`));

  stateLoaded = viewerState();
  await page.reload();
  await stateLoaded;
  await expect(boost).toHaveAttribute('aria-label', `Boost, ${boosts + 1}`);
  await expect(boost).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites + 1}`);
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(react).toHaveAttribute('aria-label', `React, ${reactions + 1}`);
  await expect(share).toHaveAttribute('aria-label', `Share, ${shares + 1}`);
  await react.click();
  await expect(picker.getByRole('button', { name: 'Smart' })).toHaveAttribute('aria-pressed', 'true');
  await picker.getByRole('button', { name: 'Smart' }).click();
  await expect(react).toHaveAttribute('aria-label', `React, ${reactions}`);

  // The boosted page lists it; its tile opens the offer in the feed.
  await page.goto('/boosted');
  const tile = page.getByRole('link', { name: new RegExp(title) });
  await expect(tile).toContainText(`by ${creator.displayName}`);
  await tile.click();
  await expect(page).toHaveURL(/\/offer\//);
  await expect(onScreen(page)).toHaveAttribute('aria-label', new RegExp(`^${title}, 1 of`));

  // The shared link opens that offer first.
  stateLoaded = viewerState();
  await page.goto(link);
  await stateLoaded;
  await expect(onScreen(page)).toHaveAttribute('aria-label', new RegExp(`^${title}, 1 of`));
  // Undo, so the next run starts from the same numbers.
  await expect(boost).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await boost.click();
  await expect(boost).toHaveAttribute('aria-label', `Boost, ${boosts}`);
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites}`);

  // A tag on the offer filters the feed, with a chip that clears it.
  await offer.getByRole('button', { name: `Show offers tagged ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?tag=${tag}$`));
  await page.getByRole('button', { name: 'Clear tag filter' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Search from the app's search box.
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search offers' }).fill('fitness');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/\?q=fitness$/);
  await expect(onScreen(page)).toHaveAttribute('aria-label', /^A 4-week home fitness plan, 1 of 1$/);

  // Explore ranks hashtags; one opens the feed filtered by it.
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Popular Hashtags' })).toBeVisible();
  await page.getByRole('link', { name: /#music/ }).click();
  await expect(page).toHaveURL(/\/\?tag=music$/);
  await expect(onScreen(page)).toHaveAttribute('aria-label', /^Custom beats for your next reel, 1 of 1$/);

  // A failed boost puts the number back, with the SPEC's message.
  await page.goto('/?tag=branding');
  await page.route('**/api/offers/*/boost', (route) =>
    route.fulfill({ status: 409, json: { error: { code: 'conflict', message: 'Try again' } } }),
  );
  const paidBoost = onScreen(page).getByRole('button', { name: /^Boost, \d+$/ });
  const paidBoosts = await countIn(paidBoost);
  await paidBoost.click();
  await expect(page.getByText('Failed to update boost')).toBeVisible();
  await expect(paidBoost).toHaveAttribute('aria-label', `Boost, ${paidBoosts}`);
  await page.unroute('**/api/offers/*/boost');

  // A paid offer's Buy and any offer's Message open their dialogs.
  await onScreen(page).getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await onScreen(page).getByRole('button', { name: 'Message' }).click();
  await expect(page.getByRole('dialog', { name: 'Send Message' })).toBeVisible();
});

test('empty states and the phone share sheet', async ({ page, people }) => {
  // An offer of the test's own to share, so its count moves only with this test's share.
  const tag = uniqueWord('share');
  const { offer: own } = await people.creator({ offer: { title: `Sharable reel ${tag}`, tags: [tag] } });
  // A search that matches nothing says so, with a way back to the whole feed.
  await page.goto(`/?q=${encodeURIComponent('no offer is called this')}`);
  await expect(page.getByRole('heading', { name: 'No offers found' })).toBeVisible();
  await expect(page.getByText('Nothing matches this filter yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Feed' }).click();
  await expect(onScreen(page)).toBeVisible();

  // Where the device has a share sheet, Share hands it the offer's link.
  await page.addInitScript({
    content:
      'window.__shared = []; Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => { window.__shared.push(data); } });',
  });
  await page.goto(`/?tag=${tag}`);
  const offer = onScreen(page);
  const share = offer.getByRole('button', { name: /^Share, \d+$/ });
  const shares = await countIn(share);
  await share.click();
  await expect(share).toHaveAttribute('aria-label', `Share, ${shares + 1}`);
  const shared = await page.evaluate<Array<{ title: string; url: string }>>('window.__shared');
  expect(shared).toHaveLength(1);
  expect(shared[0]!.title).toBe(own.title);
  expect(shared[0]!.url).toMatch(/\/offer\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Link copied')).toHaveCount(0);

  // Someone who has boosted nothing yet.
  await people.signUpVerified(page);
  await page.goto('/boosted');
  await expect(page.getByRole('heading', { name: 'No Boosts Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Feed' })).toBeVisible();
});

test('a long boosted list shows 30 offers, then "Show more boosted offers" loads the older ones', async ({
  page,
  people,
}) => {
  // A test cannot boost 30 offers of its own, so the list's pages are served here with the demo offers'
  // media; the server's paging (cursor, order, who sees what) has its own API tests.
  const feed = (await (await page.request.get('/api/feed')).json()) as FeedPage;
  const media = feed.offers.filter((offer) => offer.mediaUrl);
  const boosted = (n: number): BoostedOffer => {
    const from = media[n % media.length]!;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Boosted offer ${n}`,
      mediaUrl: from.mediaUrl,
      mediaKind: from.mediaKind,
      posterUrl: from.posterUrl,
      createdAt: from.createdAt,
      creatorName: from.creator.displayName,
    };
  };
  let secondPageFails = true;
  let releaseSecondPage = () => {};
  const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  await page.route(
    (url) => url.pathname === '/api/boosted',
    async (route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      if (!cursor) {
        return route.fulfill({
          json: { offers: Array.from({ length: 30 }, (_, i) => boosted(i + 1)), nextCursor: 'second-page' },
        });
      }
      expect(cursor).toBe('second-page');
      if (secondPageFails)
        return route.fulfill({ status: 429, json: { error: { code: 'rate_limited', message: 'Too many requests' } } });
      await secondPageHeld;
      return route.fulfill({
        json: { offers: Array.from({ length: 5 }, (_, i) => boosted(i + 31)), nextCursor: null },
      });
    },
  );
  await people.signIn(page, await people.person());
  await page.goto('/boosted');
  const list = page.getByRole('list', { name: 'Boosted offers' });
  await expect(list.getByRole('listitem')).toHaveCount(30);
  await expect(list.getByRole('link', { name: /Boosted offer 31\b/ })).toHaveCount(0);

  // a page that cannot load keeps the offers shown and says so; the button tries again
  await page.getByRole('button', { name: 'Show more boosted offers' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load offers' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(30);
  secondPageFails = false;
  await page.getByRole('button', { name: 'Show more boosted offers' }).click();
  await expect(page.getByRole('button', { name: 'Loading more boosted offers…' })).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load offers' })).toHaveCount(0);
  releaseSecondPage();
  await expect(list.getByRole('listitem')).toHaveCount(35);
  await expect(list.getByRole('listitem').first()).toContainText('Boosted offer 1');
  await expect(list.getByRole('listitem').nth(30)).toContainText('Boosted offer 31');
  await expect(list.getByRole('listitem').last()).toContainText('Boosted offer 35');
  await expect(page.getByRole('button', { name: /Show more boosted offers|Loading more boosted offers/ })).toHaveCount(
    0,
  );

  // The profile's Boost Reel reads the same list: its first page, the newest boosts.
  await page.goto('/profile');
  const reel = page.getByRole('tabpanel', { name: 'Boost Reel' });
  await expect(reel.getByRole('listitem')).toHaveCount(30);
  await expect(reel.getByRole('listitem').first()).toContainText('Boosted offer 1');
  await reel.getByRole('link', { name: 'See all boosted offers' }).click();
  await expect(page).toHaveURL(/\/boosted$/);
});

test('when the boosted list cannot load, /boosted says so and "Try again" loads it', async ({ page, people }) => {
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/boosted',
    (route) =>
      failing
        ? route.fulfill({ status: 429, json: { error: { code: 'rate_limited', message: 'Too many requests' } } })
        : route.continue(),
  );
  await people.signIn(page, await people.person());
  await page.goto('/boosted');
  await expect(page.getByRole('heading', { name: 'Failed to load offers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Boosts Yet' })).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'No Boosts Yet' })).toBeVisible();
});

/** The bar that fills while the auto-advance countdown runs (absent while the countdown is held). */
const countdownBar = (page: Page) => page.locator('div.origin-left.scale-x-0');

/** Polls until the countdown bar is on screen and animating: the countdown's timer is set by then. */
const countdownRunning = (page: Page) =>
  expect.poll(() => countdownBar(page).evaluateAll((bars) => bars.some((bar) => bar.getAnimations().length > 0)), {
    message: 'the countdown bar animates',
  });

test('a scroll holds the auto-advance, and the next offer is preloaded', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const current = onScreen(page);
  await expect(current).toHaveAttribute('aria-label', /, 1 of \d+$/);
  // The page's clock stops here, so the time the checks take on a busy machine cannot move the feed on.
  await pauseClock(page);

  // The neighbours are mounted ahead, a video's poster and metadata loading.
  const neighbour = page.locator('article[inert] video').first();
  await expect(neighbour).toHaveAttribute('preload', 'metadata');
  await expect(neighbour).toHaveAttribute('poster', /\/media\//);

  // A scroll holds the countdown until 10 s after it, then a fresh 10 s starts. React renders each
  // change on the real clock, so the test waits for the countdown bar to go and to come back (its
  // animation starts in the same commit as the countdown's timer) before moving the page's clock.
  await countdownRunning(page).toBe(true);
  await page.clock.runFor(5_000);
  await page.evaluate('window.dispatchEvent(new Event("scroll"))');
  await expect(countdownBar(page)).toHaveCount(0);
  await page.clock.runFor(10_500);
  await countdownRunning(page).toBe(true);
  await page.clock.runFor(5_000);
  await expect(current).toHaveAttribute('aria-label', /, 1 of \d+$/);
  await page.clock.runFor(5_000);
  await expect(current).toHaveAttribute('aria-label', /, 2 of \d+$/);
});

test('a video plays only while 60% of it shows, and rewinds when it stops showing', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the phone layout always shows the whole slide; the desktop frame can be cut by a short window');
  await page.goto('/?tag=branding');
  const video = onScreen(page).locator('video');
  await expect(video).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(() => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime))
    .toBeGreaterThan(0.2);
  // A window too short for 60% of the 667 px frame: paused and back at the start.
  await page.setViewportSize({ width: 1280, height: 420 });
  await expect(video).toHaveAttribute('data-playing', 'false');
  await expect
    .poll(() =>
      video.evaluate(
        (element) =>
          (element as unknown as { paused: boolean }).paused &&
          (element as unknown as { currentTime: number }).currentTime === 0,
      ),
    )
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(video).toHaveAttribute('data-playing', 'true');
});
