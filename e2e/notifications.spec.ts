/**
 * The notification centre pages: a person with more notifications than one page sees the newest
 * first and the older ones after "Show more notifications". The notifications are real ones: messages
 * about the person's offer from two people of the test's own (each stays under the per-minute limit).
 */
import { notificationTexts } from '@gigreel/core';
import { expect, test, uniqueWord } from './fixtures.ts';

const PAGE_SIZE = 30;
const SHOW_MORE = 'Show more notifications';

test('a person with more notifications than a page shows the older ones on request', async ({ page, people }) => {
  const seller = await people.creator();
  const senders = [
    await people.person({ displayName: 'Ava Pager' }),
    await people.person({ displayName: 'Leo Pager' }),
  ];
  const word = uniqueWord('n');
  const texts: string[] = [];
  // 32 notifications, oldest first: 16 from each sender, sent one after the other.
  for (const sender of senders)
    for (let i = 1; i <= 16; i++) {
      const text = `${word} ${texts.length + 1}`;
      const sent = await sender.api.post('/api/messages', { data: { offerId: seller.offer.id, text } });
      expect(sent.status(), await sent.text()).toBe(201);
      texts.push(text);
    }

  // Every one of the seller's notifications (the approval of their offer among them), all unread.
  const unread = (await (await seller.api.get('/api/unread')).json()) as { notifications: number };
  const total = unread.notifications;
  expect(total).toBeGreaterThan(PAGE_SIZE);

  await people.signIn(page, seller);
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  const newest = texts[texts.length - 1]!;
  const oldest = texts[0]!;
  await expect(list.getByText(newest, { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(PAGE_SIZE);
  await expect(list.getByText(oldest, { exact: true })).toHaveCount(0);
  await expect(page.getByText(`${total} ${notificationTexts.unread.toLowerCase()}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: SHOW_MORE }).click();
  await expect(list.getByText(oldest, { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(total);
  await expect(page.getByRole('button', { name: SHOW_MORE })).toHaveCount(0);
  // All loaded pages in order, newest first.
  await expect(list.getByText(new RegExp(`^${word} \\d+$`))).toHaveText([...texts].reverse());

  await page.getByRole('button', { name: notificationTexts.markAllRead }).click();
  await expect(page.getByText(notificationTexts.allRead)).toBeVisible();
  await expect(list.getByText(`${notificationTexts.unread}:`)).toHaveCount(0);
});

test('on a narrow phone the page title and "Mark all as read" never cover each other', async ({ page, people }) => {
  test.skip(test.info().project.name !== 'phone', 'a phone-sized question; the test sets its own narrow width');
  await page.setViewportSize({ width: 320, height: 640 });
  await people.signIn(page, await people.person());
  await page.goto('/notifications');
  const title = page.getByRole('heading', { level: 1, name: notificationTexts.pageTitle });
  const button = page.getByRole('button', { name: notificationTexts.markAllRead });
  await expect(button).toBeVisible();
  // the title's text fits its box (it was squeezed to the room left beside the button and ran under it)
  expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
  const [a, b] = [(await title.boundingBox())!, (await button.boundingBox())!];
  const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart).toBe(true);
  await page.screenshot({ path: `.tmp/screens/notifications-narrow-${test.info().project.name}.png` });
});
