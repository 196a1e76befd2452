/**
 * Following a creator (issue 18): a visitor is asked to sign up; a signed-in person follows from the
 * creator page, sees the count move and their own following count on their profile, and unfollows.
 */
import { expect, test } from './fixtures.ts';

test('a person follows a creator from their page and unfollows again; a visitor is asked to sign up', async ({
  page,
  people,
}, testInfo) => {
  const creator = await people.creator({ displayName: 'Maya Follow' });
  await page.goto(`/creator/${creator.id}`);
  await expect(page.getByText('0 followers')).toBeVisible();
  await page.getByRole('button', { name: 'Follow Maya Follow' }).click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Sign up to follow creators.')).toBeVisible();

  const fan = await people.person({ displayName: 'Finn Fan' });
  await people.signIn(page, fan);
  await page.goto(`/creator/${creator.id}`);
  await page.getByRole('button', { name: 'Follow Maya Follow' }).click();
  await expect(page.getByText('You follow Maya Follow.')).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  const unfollow = page.getByRole('button', { name: 'Unfollow Maya Follow' });
  await expect(unfollow).toHaveText('Following');
  await page.screenshot({ path: `.tmp/screens/creator-following-${testInfo.project.name}.png`, fullPage: true });

  await page.goto('/profile');
  await expect(page.getByText('1 following')).toBeVisible();

  await page.goto(`/creator/${creator.id}`);
  await page.getByRole('button', { name: 'Unfollow Maya Follow' }).click();
  await expect(page.getByText('You no longer follow Maya Follow.')).toBeVisible();
  await expect(page.getByText('0 followers')).toBeVisible();
});
