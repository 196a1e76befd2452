/**
 * The creator page (issue 18, and issue 19's way back): Back returns where the person came from (or
 * home, for a page opened from a link); the page shows the creator's stars and completed orders; Message
 * opens the Send Message dialog about their offer (a visitor is asked to log in); and their offer is a
 * large card that opens it in the feed.
 */
import { expect, test, uniqueWord } from './fixtures.ts';

test("the creator page: back where one came from, their numbers, Message about their offer, and the offer's card", async ({
  page,
  people,
}, testInfo) => {
  const tag = uniqueWord('mural');
  const creator = await people.creator({
    displayName: `Iris ${uniqueWord('i')}`,
    bio: 'Murals and shop fronts',
    offer: { title: `A mural for your shop ${tag}`, tags: [tag], price: '120' },
  });

  // From the feed: the creator's name opens their page, and Back returns to the feed as it was.
  await page.goto(`/?tag=${tag}`);
  await page.getByRole('link', { name: `@${creator.displayName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/creator/${creator.id}$`));
  await expect(page.getByRole('heading', { name: creator.displayName })).toBeVisible();
  await expect(page.getByText('Murals and shop fronts')).toBeVisible();
  await expect(page.getByText('Not rated yet')).toBeVisible();
  await expect(page.getByText('0 completed orders')).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/creator-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?tag=${tag}$`));

  // A visitor is asked to log in before writing.
  await page.goto(`/creator/${creator.id}`);
  await page.getByRole('button', { name: `Message ${creator.displayName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to send messages.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Opened from a link, Back goes home.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed in, Message writes to them about their offer.
  const fan = await people.creator({ displayName: 'Milo Messenger' });
  await people.signIn(page, fan);
  await page.goto(`/creator/${creator.id}`);
  await page.getByRole('button', { name: `Message ${creator.displayName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Message' });
  await expect(dialog.getByText(`Message ${creator.displayName} about this offer`)).toBeVisible();
  await dialog.getByRole('textbox').fill('Could you paint our café front in May?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The offer's large card opens it in the feed.
  const card = page.getByRole('link', { name: `${creator.offer.title}, open in the feed` });
  await expect(card).toContainText('£120.00');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/offer/${creator.offer.id}$`));
  await expect(page.locator('article:not([inert])')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${creator.offer.title}, 1 of`),
  );
});
