/** Saved offers (issue 19): what a person favourited is on their profile's Saved tab, newest first, each opening in the feed. */
import { expect, test } from './fixtures.ts';

test("a person's favourites are listed in the profile's Saved tab, and one opens in the feed", async ({
  page,
  people,
}, info) => {
  const [older, newer] = [await people.creator(), await people.creator()];
  const fan = await people.person({ displayName: 'Sam Saver' });
  for (const creator of [older, newer]) {
    const saved = await fan.api.post(`/api/offers/${creator.offer.id}/favorite`, { data: { active: true } });
    expect(saved.ok()).toBe(true);
  }
  await people.signIn(page, fan);
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Boost Reel', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=saved$/);
  const saved = page.getByRole('tabpanel', { name: 'Saved' }).getByRole('list', { name: 'Saved' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByRole('listitem').first()).toContainText(newer.offer.title);
  await expect(saved.getByRole('listitem').last()).toContainText(older.offer.title);
  await page.screenshot({ path: `.tmp/screens/account/saved-tab-${info.project.name}.png`, fullPage: true });

  await saved.getByRole('link', { name: new RegExp(older.offer.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/offer/${older.offer.id}$`));
  const offer = page.getByRole('article', { name: new RegExp(older.offer.title) });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: /^Favourite, \d+$/ })).toHaveAttribute('aria-pressed', 'true');
});
