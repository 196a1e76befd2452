/**
 * The Following feed (issue 18) and following from the feed: a person follows a creator with the badge
 * on their avatar, finds their offer under the Following tab (in the address, so it survives a reload)
 * and unfollows the same way; the empty Following tab says how to fill it; a visitor is asked to sign
 * up for it and for following; on a phone the feed's header leads to Explore and Boosted (issue 19).
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueWord } from './fixtures.ts';

/** The offer on screen (neighbours kept ready are inert and hidden from assistive technology). */
const onScreen = (page: Page) => page.locator('article:not([inert])');

/**
 * Signs in a person without an offer through the API; their first visit to the feed sends them on to
 * /post once (the guard's post-login check), so that happens before the test opens the feed.
 */
async function signInWithoutOffer(page: Page, signIn: () => Promise<void>) {
  await signIn();
  await page.goto('/');
  await expect(page).toHaveURL(/\/post$/);
}

test('a person follows a creator from the feed, finds their offer under Following, and unfollows there', async ({
  page,
  people,
}, testInfo) => {
  const tag = uniqueWord('follow');
  const creator = await people.creator({
    displayName: `Nora ${uniqueWord('n')}`,
    offer: { title: `Murals to order ${tag}`, tags: [tag] },
  });
  const fan = await people.person({ displayName: 'Finn Fan' });
  await signInWithoutOffer(page, () => people.signIn(page, fan));

  // Nobody followed yet: the tab says how to fill it, with the ways to find creators.
  await page.goto('/?feed=following');
  await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Follow creators to see their offers here' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore creators' })).toHaveAttribute('href', '/explore');
  await page.screenshot({ path: `.tmp/screens/feed-following-empty-${testInfo.project.name}.png` });

  await page.goto(`/?tag=${tag}`);
  const slide = onScreen(page);
  await expect(slide).toHaveAttribute('aria-label', new RegExp(`^${creator.offer.title}, 1 of 1$`));
  await slide.getByRole('button', { name: `Follow ${creator.displayName}` }).click();
  await expect(page.getByText(`You follow ${creator.displayName}.`)).toBeVisible();
  await expect(slide.getByRole('button', { name: `Unfollow ${creator.displayName}` })).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/feed-followed-${testInfo.project.name}.png` });

  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page).toHaveURL(/\/\?feed=following$/);
  await expect(onScreen(page)).toHaveAttribute('aria-label', new RegExp(`^${creator.offer.title}, 1 of 1$`));
  await page.screenshot({ path: `.tmp/screens/feed-following-${testInfo.project.name}.png` });

  // The tab is in the address: a reload stays on it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  // Unfollowed there, the offer stays on screen (with "+" again) until the tab is read again.
  await onScreen(page)
    .getByRole('button', { name: `Unfollow ${creator.displayName}` })
    .click();
  await expect(page.getByText(`You no longer follow ${creator.displayName}.`)).toBeVisible();
  await expect(onScreen(page).getByRole('button', { name: `Follow ${creator.displayName}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Follow creators to see their offers here' })).toBeVisible();

  // For You is a tab away, with the keyboard too.
  await page.getByRole('tab', { name: 'Following' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'For You' })).toBeFocused();
  await expect(onScreen(page)).toBeVisible();
});

test('a visitor is asked to sign up for Following and for following; nobody follows their own offer', async ({
  page,
  people,
}) => {
  const tag = uniqueWord('own');
  const creator = await people.creator({ offer: { title: `Own reel ${tag}`, tags: [tag] } });
  await page.goto('/?feed=following');
  await expect(page.getByText('Sign up to see offers from the creators you follow.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

  await page.goto(`/?tag=${tag}`);
  await onScreen(page)
    .getByRole('button', { name: `Follow ${creator.displayName}` })
    .click();
  await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Sign up to follow creators.')).toBeVisible();
  await page.keyboard.press('Escape');

  await people.signIn(page, creator);
  await page.goto(`/?tag=${tag}`);
  await expect(onScreen(page).getByRole('link', { name: `@${creator.displayName}` })).toBeVisible();
  await expect(
    onScreen(page).getByRole('button', { name: new RegExp(`follow ${creator.displayName}`, 'i') }),
  ).toHaveCount(0);
});

test("the feed's header leads to Explore and Boosted on a phone; the desktop has them in its sidebar", async ({
  page,
  people,
}, testInfo) => {
  const person = await people.person();
  await signInWithoutOffer(page, () => people.signIn(page, person));
  await page.goto('/');
  const discover = page.getByRole('navigation', { name: 'Discover' });
  if (testInfo.project.name === 'phone') {
    await discover.getByRole('link', { name: 'Boosted' }).click();
    await expect(page).toHaveURL(/\/boosted$/);
    await page.goBack();
    await discover.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { name: 'Popular Hashtags' })).toBeVisible();
  } else {
    await expect(onScreen(page)).toBeVisible();
    await expect(discover).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' })).toBeVisible();
  }
});
