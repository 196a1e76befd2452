/**
 * Reporting in the browser (issue 17): a person reports an offer from the feed's details, an admin
 * reads the case in the Reports tab and hides the offer with a reason, the creator reads why and
 * appeals, and the admin undoes it: the offer is back in the feed.
 */
import { expect, logIn, mailsTo, test, uniqueWord } from './fixtures.ts';

test('an offer reported from the feed is hidden by an admin with a reason; the creator appeals and the admin restores it', async ({
  page,
  browser,
  people,
}, testInfo) => {
  const tag = uniqueWord('r');
  const creator = await people.creator({ offer: { title: `Followers pack ${tag}`, tags: [tag] } });
  const reporter = await people.person({ displayName: 'Rae Reporter' });
  const admin = await people.admin();

  // The reporter opens the offer's details in the feed and reports it
  // signed in through the API; the first visit to the feed sends a person without an offer on to /post
  // once (the guard's post-login check), so that happens before the feed is opened
  await people.signIn(page, reporter);
  await page.goto('/');
  await expect(page).toHaveURL(/\/post$/);
  await page.goto(`/?tag=${tag}`);
  await page.getByRole('button', { name: 'Details' }).first().click();
  const details = page.getByRole('dialog', { name: creator.offer.title });
  await details.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this offer' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel('Anything else we should know? (optional)').fill('Sells fake followers.');
  await page.screenshot({ path: `.tmp/screens/report-offer-${testInfo.project.name}.png` });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at your report.')).toBeVisible();

  // The admin finds the case in the Reports tab and hides the offer with a reason
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  const adminPage = await context.newPage();
  await logIn(adminPage, admin.email, admin.password);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Reports' }).click();
  const item = adminPage.getByRole('listitem', { name: new RegExp(creator.offer.title) });
  await expect(item.getByText('Sells fake followers.')).toBeVisible();
  await item.getByRole('button', { name: 'Hide offer' }).click();
  const hide = adminPage.getByRole('dialog', { name: 'Hide offer' });
  await hide.getByLabel('Why (the creator reads this)').fill('Selling fake followers breaks our rules.');
  await adminPage.screenshot({ path: `.tmp/screens/admin-hide-offer-${testInfo.project.name}.png` });
  await hide.getByRole('button', { name: 'Hide offer' }).click();
  await expect(adminPage.getByText('Offer hidden. The creator and the reporters have been told.')).toBeVisible();

  // The offer is out of the feed, and the creator reads which rule it broke and why
  await page.goto(`/?tag=${tag}`);
  await expect(page.getByText(creator.offer.title)).toHaveCount(0);
  await expect
    .poll(() => mailsTo(creator.email).some((mail) => mail.text.includes('Selling fake followers breaks our rules.')))
    .toBe(true);
  await page.context().clearCookies();
  await people.signIn(page, creator);
  await page.goto('/notifications');
  await expect(page.getByText(`Your offer was hidden: ${creator.offer.title}`)).toBeVisible();
  await expect(
    page.getByText(/It broke the rule "Scam or fraud": Selling fake followers breaks our rules\./),
  ).toBeVisible();

  // The creator follows the notice to the appeal page and appeals once
  await page.getByText(`Your offer was hidden: ${creator.offer.title}`).click();
  await expect(page).toHaveURL(/\/appeal\/[0-9]+\./);
  await expect(page.getByRole('heading', { name: 'Appeal a decision' })).toBeVisible();
  await expect(page.getByText('Selling fake followers breaks our rules.')).toBeVisible();
  await page.getByLabel('Why should this decision be changed?').fill('These are real fans from my live shows.');
  await page.screenshot({ path: `.tmp/screens/appeal-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText('Your appeal was sent. We will tell you the outcome.').first()).toBeVisible();

  // The admin reads the appeal at the top of the Reports tab and undoes the decision
  await adminPage.reload();
  await adminPage.getByRole('tab', { name: 'Reports' }).click();
  const appeal = adminPage.getByRole('listitem', { name: `${creator.displayName}: Offer hidden` });
  await expect(appeal.getByText('These are real fans from my live shows.')).toBeVisible();
  await appeal.getByRole('button', { name: `Decide the appeal from ${creator.displayName}` }).click();
  const decide = adminPage.getByRole('dialog', { name: 'Decide the appeal' });
  await decide.getByRole('radio', { name: 'Undo it' }).check();
  await decide.getByLabel('Answer to the person').fill('Thank you, the show recordings settle it.');
  await adminPage.screenshot({ path: `.tmp/screens/admin-decide-appeal-${testInfo.project.name}.png` });
  await decide.getByRole('button', { name: 'Send decision' }).click();
  await expect(adminPage.getByText('Decision undone. The person has been told.')).toBeVisible();
  await context.close();

  // The creator is told, and the offer is back in the feed
  await page.goto('/notifications');
  await expect(page.getByText('Your appeal was accepted')).toBeVisible();
  await page.goto(`/?tag=${tag}`);
  await expect(page.getByText(creator.offer.title).first()).toBeVisible();
});
