/**
 * /post: a new creator posts an offer with a small video, sees every rule the form checks,
 * the admin approves it through the API, and it plays in the feed.
 */
import path from 'node:path';
import { expect, hold, test, type Person } from './fixtures.ts';

const VIDEO = path.resolve(import.meta.dirname, '../apps/server/seed-media/logo-design.mp4');

/** Approves an offer through the API as the test's own admin. */
async function approveAsAdmin(admin: Person, offerId: string): Promise<void> {
  const { items: gigs } = (await (await admin.api.get('/api/admin/gigs')).json()) as {
    items: Array<{ id: string; version: number }>;
  };
  const approved = await admin.api.post(`/api/admin/offers/${offerId}/approve`, {
    data: { version: gigs.find((gig) => gig.id === offerId)?.version },
  });
  expect(approved.status()).toBe(200);
}

test('a new creator posts a video offer; once approved it plays in the feed', async ({ page, people }, testInfo) => {
  test.setTimeout(90_000);
  await people.signUpVerified(page, { displayName: 'Reel Poster', password: 'Poster-pass1' });
  await page.goto('/post');
  await expect(page.getByRole('heading', { name: 'Post your offer' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Post offer' });
  await expect(submit).toBeDisabled();
  await expect(page.getByText(/Still needed: .*Media required/)).toBeVisible();

  // Every rule answers in the SPEC's words as the person goes.
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('x');
  await title.fill('');
  await title.blur();
  await expect(page.getByText('Title required', { exact: true })).toBeVisible();
  const link = page.getByLabel('Link', { exact: true });
  await link.fill('');
  await link.blur();
  await expect(page.getByText('Link required', { exact: true })).toBeVisible();
  await link.fill('example');
  await expect(page.getByText('Please enter a valid domain (e.g., example.com)', { exact: true })).toBeVisible();

  const media = page.getByLabel('Media');
  await media.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await media.setInputFiles({ name: 'huge.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(page.getByText('File too large', { exact: true })).toBeVisible();

  // Paid offers need a price, a payment link and a purchase note (up to 100, counted).
  await page.getByRole('radio', { name: 'Paid offer' }).click();
  const price = page.getByLabel('Price (£)');
  await price.fill('');
  await price.blur();
  await expect(page.getByText('Missing paid offer fields', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Purchase note').fill('Send me your brief');
  await expect(page.getByText('18/100')).toBeVisible();
  await page.getByRole('radio', { name: 'Free offer' }).click();

  const offerTitle = `Motion logos ${testInfo.project.name} ${Date.now().toString(36)}`;
  await title.fill(offerTitle);
  await link.fill('example.com/motion');
  await page.getByLabel('Tags').fill(' Motion, LOGO ,, animation ');
  await page.getByLabel('Description (optional)').fill('A five second animated logo.');
  await page.getByLabel('Music credit (optional)').fill('Loop Lab - Bright');
  await media.setInputFiles(VIDEO);
  await expect(page.getByLabel('Media preview')).toBeVisible();
  await expect(submit).toBeEnabled();
  // The upload shows its progress (the answer is held back a moment to see it).
  const { release } = await hold(page, '**/api/offers/mine', { method: 'PUT' });
  await submit.click();
  await expect(page.getByRole('progressbar', { name: 'Uploading media' })).toBeVisible();
  release();
  await expect(page.getByText('Your offer has been posted!')).toBeVisible();
  await page.unroute('**/api/offers/mine');

  // The person lands on the feed (SPEC), which says where their offer stands: awaiting approval, what
  // happens next, and a preview of it as the feed will show it.
  await expect(page).toHaveURL(/\/$/);
  const yours = page.getByRole('region', { name: 'Your offer', exact: true });
  await expect(yours.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(
    yours.getByText(/usually within a day\. You will get a notification as soon as it is live\./),
  ).toBeVisible();
  await yours.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview in the feed' });
  await expect(preview.getByRole('img', { name: `${offerTitle}, as the feed shows it` })).toBeVisible();
  await expect(preview.getByText(offerTitle, { exact: true })).toBeVisible();
  await expect(preview.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  await page.screenshot({ path: `.tmp/screens/feed-after-posting-${testInfo.project.name}.png` });
  await yours.getByRole('button', { name: 'Dismiss' }).click();
  await expect(yours).toBeHidden();

  // Awaiting approval until the admin approves it; never in the feed before.
  const own = await page.request.get('/api/offers/mine');
  const { offer } = (await own.json()) as { offer: { id: string; isApproved: boolean; tags: string[]; link: string } };
  expect(offer.isApproved).toBe(false);
  expect(offer.tags.sort()).toEqual(['animation', 'logo', 'motion']);
  expect(offer.link).toBe('https://example.com/motion');
  await page.goto('/post');
  await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(offerTitle);

  await approveAsAdmin(await people.admin(), offer.id);
  await page.goto(`/?q=${encodeURIComponent(offerTitle)}`);
  const slide = page.getByRole('article', { name: new RegExp(offerTitle) });
  await expect(slide).toBeVisible();
  await expect(slide.getByText('Free')).toBeVisible();
  await expect(slide.getByRole('button', { name: 'Show offers tagged motion' })).toBeVisible();
  await expect(slide.getByText('Loop Lab - Bright')).toBeVisible();
  // It plays: muted at first (browsers allow that), moving forward.
  await expect(slide.locator('video')).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(() => slide.locator('video').evaluate((video) => (video as unknown as { currentTime: number }).currentTime))
    .toBeGreaterThan(0.2);
  // A tap pauses and plays again; being the first gesture it also brings the sound on.
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await slide.getByRole('button', { name: 'Pause video' }).click();
  await expect(slide.locator('video')).toHaveAttribute('data-playing', 'false');
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  await slide.getByRole('button', { name: 'Play video' }).click();
  await expect(slide.locator('video')).toHaveAttribute('data-playing', 'true');
  expect(await slide.locator('video').evaluate((video) => (video as unknown as { muted: boolean }).muted)).toBe(false);
  // The creator's own offer: no boost of one's own, no message button.
  await expect(slide.getByRole('button', { name: /^Boost/ })).toBeDisabled();
  await expect(slide.getByRole('button', { name: 'Message' })).toHaveCount(0);
});
