/**
 * The feed's gestures and holds (issue 19, items 1 and 3): a video the person paused holds the
 * auto-advance until it plays again, and an offer opened from its link stays until the person moves;
 * a swipe follows the finger and springs back when it was not far enough; a double tap favourites
 * with a heart (never unfavourites); the video's position is a slider that can be dragged and moved
 * with the keys; and at 375x667 no control overlaps another.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, pauseClock, test, uniqueWord, type People } from './fixtures.ts';

test.use({ serviceWorkers: 'block' });

/** The offer on screen (neighbours kept ready are inert and hidden from assistive technology). */
const onScreen = (page: Page) => page.locator('article:not([inert])');

const countdownBar = (page: Page) => page.locator('div.origin-left.scale-x-0');
/** Polls until the countdown bar animates: the countdown's timer is set by then. */
const countdownRunning = (page: Page) =>
  expect.poll(() => countdownBar(page).evaluateAll((bars) => bars.some((bar) => bar.getAnimations().length > 0)), {
    message: 'the countdown bar animates',
  });

const seedVideo = (name: string) => ({
  name: `${name}.mp4`,
  mimeType: 'video/mp4',
  buffer: readFileSync(path.join(import.meta.dirname, '..', 'apps', 'server', 'seed-media', `${name}.mp4`)),
});

/** Two offers of the test's own under one tag: a picture, then a video (newer, so first in the feed). */
async function videoFirst(people: People) {
  const tag = uniqueWord('clip');
  const picture = await people.creator({ offer: { title: `Poster work ${tag}`, tags: [tag] } });
  const video = await people.creator({
    offer: { title: `Moving logos ${tag}`, tags: [tag], media: seedVideo('logo-design') },
  });
  return { tag, picture, video };
}

async function countIn(button: Locator): Promise<number> {
  const name = (await button.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+)$/.exec(name)?.[1] ?? NaN);
}

test('a paused video holds the auto-advance until it plays again; an offer from its link stays until the person moves', async ({
  page,
  people,
}) => {
  const { tag, video, picture } = await videoFirst(people);
  await page.clock.install();
  await page.goto(`/?tag=${tag}`);
  const current = onScreen(page);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${video.offer.title}, 1 of 2$`));
  await expect(current.locator('video')).toHaveAttribute('data-playing', 'true');
  await pauseClock(page);
  await countdownRunning(page).toBe(true);

  // A tap pauses (once no second tap follows): the countdown stops, and the feed stays however long.
  await current.getByRole('button', { name: 'Pause video' }).click();
  await page.clock.runFor(350);
  await expect(current.locator('video')).toHaveAttribute('data-playing', 'false');
  await expect(countdownBar(page)).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${video.offer.title}, 1 of 2$`));

  // Playing again starts a fresh 10 s.
  await current.getByRole('button', { name: 'Play video' }).click();
  await page.clock.runFor(350);
  await expect(current.locator('video')).toHaveAttribute('data-playing', 'true');
  await countdownRunning(page).toBe(true);
  await page.clock.runFor(9_000);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${video.offer.title}, 1 of 2$`));
  await page.clock.runFor(1_500);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${picture.offer.title}, 2 of 2$`));

  // Opened from its link, an offer stays until the person moves; then the feed runs as usual.
  await page.clock.resume();
  await page.goto(`/offer/${picture.offer.id}`);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${picture.offer.title}, 1 of \\d+\\+?$`));
  await pauseClock(page);
  await expect(countdownBar(page)).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(current).toHaveAttribute('aria-label', new RegExp(`^${picture.offer.title}, 1 of \\d+\\+?$`));
  await page.keyboard.press('ArrowDown');
  await expect(current).toHaveAttribute('aria-label', /, 2 of \d+\+?$/);
  await countdownRunning(page).toBe(true);
  await page.clock.runFor(10_500);
  await expect(current).toHaveAttribute('aria-label', /, 3 of \d+\+?$/);
});

test('a swipe follows the finger and springs back when it was not far enough, and moves on when it was', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'swipes are for the touch screen');
  await page.goto('/?tag=design');
  const current = onScreen(page);
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);
  // No auto-advance meanwhile: only the finger moves the feed here.
  await page.getByRole('button', { name: 'Auto-advance' }).click();
  const stage = page.getByRole('region', { name: 'Offers' });
  const box = (await stage.boundingBox())!;
  const x = box.x + box.width / 2;
  const from = box.y + box.height * 0.6;
  const touch = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
    touch.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x, y }] });
  const top = async () => (await current.boundingBox())!.y;

  // The offer rides the finger up...
  await send('touchStart', from);
  await send('touchMove', from - 20);
  await send('touchMove', from - 100);
  await expect.poll(top).toBeLessThan(box.y - 80);
  // ...and let go after coming back most of the way, it springs back to its place.
  await send('touchMove', from - 30);
  await send('touchEnd');
  await expect.poll(top).toBeCloseTo(box.y, 0);
  await expect(current).toHaveAttribute('aria-label', /, 1 of 2$/);

  // Carried far enough, it moves on.
  await send('touchStart', from);
  await send('touchMove', from - 60);
  await send('touchMove', from - box.height * 0.35);
  await send('touchEnd');
  await expect(current).toHaveAttribute('aria-label', /, 2 of 2$/);
  await expect.poll(top).toBeCloseTo(box.y, 0);
});

test('a double tap favourites with a heart and never unfavourites; reduced motion keeps the heart still', async ({
  page,
  people,
  isMobile,
}) => {
  const tag = uniqueWord('heart');
  const creator = await people.creator({ offer: { title: `Hand lettering ${tag}`, tags: [tag] } });
  await people.signIn(page, await people.creator());
  const stateLoaded = page.waitForResponse((response) => response.url().includes('/api/feed/state') && response.ok());
  await page.goto(`/?tag=${tag}`);
  await stateLoaded;
  const slide = onScreen(page);
  await expect(slide).toHaveAttribute('aria-label', new RegExp(`^${creator.offer.title}, 1 of 1$`));
  const favourite = slide.getByRole('button', { name: /^Favourite, \d+$/ });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  const favourites = await countIn(favourite);

  const box = (await slide.boundingBox())!;
  const point = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.35 };
  const doubleTap = async () => {
    if (isMobile) {
      await page.touchscreen.tap(point.x, point.y);
      await page.touchscreen.tap(point.x, point.y);
    } else await page.mouse.dblclick(point.x, point.y);
  };
  // Each heart lives 800 ms; the page notes every one as it appears (with its animation), so a slow
  // machine polling less often than that still sees it.
  await page.evaluate(
    `window.heartsSeen = [];
     new MutationObserver((records) => {
       for (const added of records.flatMap((record) => [...record.addedNodes]))
         if (added instanceof Element && added.matches('[data-heart-burst]'))
           window.heartsSeen.push(getComputedStyle(added).animationName);
     }).observe(document.body, { childList: true, subtree: true });`,
  );
  const heartsSeen = () => page.evaluate<string[]>('window.heartsSeen');
  const heart = slide.locator('[data-heart-burst]');
  await doubleTap();
  await expect.poll(heartsSeen).toEqual(['heart-burst']);
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites + 1}`);
  await expect(heart).toHaveCount(0);

  // Again: a heart, and still favourited once.
  await doubleTap();
  await expect.poll(heartsSeen).toEqual(['heart-burst', 'heart-burst']);
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites + 1}`);
  await expect(heart).toHaveCount(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await doubleTap();
  await expect.poll(heartsSeen).toEqual(['heart-burst', 'heart-burst', 'none']);
  await expect(heart).toHaveCount(0);
  await page.reload();
  await expect(favourite).toHaveAttribute('aria-label', `Favourite, ${favourites + 1}`);
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
});

test("the video's position is a slider: it follows the video, and a drag or the keys move the video", async ({
  page,
  people,
  isMobile,
}) => {
  const { tag, video } = await videoFirst(people);
  await page.goto(`/?tag=${tag}`);
  const slide = onScreen(page);
  await expect(slide).toHaveAttribute('aria-label', new RegExp(`^${video.offer.title}, 1 of 2$`));
  await page.getByRole('button', { name: 'Auto-advance' }).click();
  const player = slide.locator('video');
  const time = () => player.evaluate((element) => (element as unknown as { currentTime: number }).currentTime);
  const duration = await player.evaluate((element) => (element as unknown as { duration: number }).duration);
  const slider = slide.getByRole('slider', { name: 'Video position' });
  await expect(slider).toHaveAttribute('max', String(duration));
  await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(0);

  // Held still for the checks; the keys: End, Home, then a step.
  await player.evaluate((element) => (element as unknown as { pause(): void }).pause());
  await slider.focus();
  await page.keyboard.press('End');
  await expect.poll(time).toBeGreaterThan(duration - 0.2);
  await page.keyboard.press('Home');
  await expect.poll(time).toBe(0);
  await expect(slider).toHaveAttribute('aria-valuetext', `0:00 of 0:0${Math.floor(duration)}`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(time).toBeCloseTo(0.1, 5);

  // A pointer (or a finger) put down three quarters along moves the video there.
  const box = (await slider.boundingBox())!;
  const point = { x: box.x + box.width * 0.75, y: box.y + box.height / 2 };
  if (isMobile) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
  await expect.poll(time).toBeGreaterThan(duration * 0.6);
  expect(await time()).toBeLessThan(duration * 0.9);
});

test('at 375x667 no control of the feed overlaps another', async ({ page, people }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 667 });
  // Signed in (so the follow badge shows) on Maya's demo offer: a paid video with tags and music, under a filter chip.
  await people.signIn(page, await people.creator());
  const stateLoaded = page.waitForResponse((response) => response.url().includes('/api/feed/state') && response.ok());
  await page.goto('/?tag=branding');
  await stateLoaded;
  const slide = onScreen(page);
  await expect(slide.getByRole('slider', { name: 'Video position' })).toBeAttached();
  await expect(slide.getByRole('button', { name: /^Follow / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear tag filter' })).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/feed-375x667-${testInfo.project.name}.png` });

  // Every control on screen, but the video's own tap surface, which lies under all of them by design.
  type Box = { name: string; left: number; top: number; right: number; bottom: number };
  const boxes = await page.evaluate<Box[]>(`(() => {
    const seen = [];
    for (const control of document.querySelectorAll('a, button, input, [role="tab"], [role="slider"]')) {
      if (control.closest('[inert]') || control.closest('[aria-hidden="true"]')) continue;
      const name = control.getAttribute('aria-label') || control.textContent.trim() || control.tagName;
      if (name === 'Pause video' || name === 'Play video') continue;
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) continue;
      seen.push({ name, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    }
    return seen;
  })()`);
  expect(boxes.length).toBeGreaterThan(12);
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (width > 0.5 && height > 0.5) overlaps.push(`${a.name} overlaps ${b.name}`);
    }
  expect(overlaps).toEqual([]);
});
