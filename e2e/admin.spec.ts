/**
 * The admin dashboard in a real browser (desktop): every tab, creators and gigs through their
 * dialogs, the impersonation round trip with its audit entry, revenue and commission from a
 * completed order made through the real order flow, and the CSV export with a formula cell.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '@gigreel/core';
import { DEMO_PASSWORD, expect, logIn, test } from './fixtures.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC', 'base64');

/** Screenshots land outside test-results, which every Playwright run empties. */
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '.tmp/screenshots';

const desktopOnly = () => test.skip(test.info().project.name !== 'desktop', 'the dashboard flows run at desktop size');

async function openAdmin(page: Page) {
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

/** A signed-in API client that sends the app's Origin like the browser does. */
async function apiAs(page: Page, email: string): Promise<APIRequestContext> {
  const base = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL!;
  const { request } = await import('@playwright/test');
  const context = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const login = await context.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  void page;
  return context;
}

test('each tab of the dashboard', async ({ page }) => {
  desktopOnly();
  const admin = await apiAs(page, 'admin@example.com');
  const gigs = (await (await admin.get('/api/admin/gigs')).json()).items as Array<{ id: string; creator: { displayName: string } }>;
  const zoeGig = gigs.find((gig) => gig.creator.displayName === 'Zoe Martin')!;
  await admin.dispose();
  const sam = await apiAs(page, 'sam@example.com');
  const text = `Hi Zoe, ${Date.now().toString(36)}: could we do the portrait session on a weekday evening? I would like two looks, one outdoors by the river and one in a studio.`;
  const sent = await sam.post('/api/messages', { data: { offerId: zoeGig.id, text } });
  expect(sent.ok(), await sent.text()).toBe(true);
  await sam.dispose();
  await openAdmin(page);
  await expect(page.getByText(/Welcome back, GigReel Admin/)).toBeVisible();
  const diagnostics = page.getByRole('region', { name: 'Diagnostics' });
  await expect(diagnostics.getByText('Approved with media')).toBeVisible();
  await expect(diagnostics.getByText(/Login attempts \(24\sh\)/)).toBeVisible();
  for (const label of ['Total Creators', 'Total Gigs', 'Total Revenue', 'Commission']) await expect(page.getByRole('list', { name: 'Totals' }).getByText(label, { exact: true })).toBeVisible();

  await expect(page.getByRole('listitem', { name: 'Maya Patel' })).toBeVisible();

  await tab(page, 'Gigs');
  await expect(page.getByRole('heading', { name: 'Gig Management' })).toBeVisible();
  const maya = page.getByRole('listitem', { name: 'A logo for your brand in 48 hours' });
  await expect(maya.getByText('by Maya Patel')).toBeVisible();
  await expect(maya.getByText('£45.00')).toBeVisible();
  await expect(maya.locator('video')).toHaveCount(1);
  await expect(maya.getByRole('link', { name: /View/ })).toHaveAttribute('target', '_blank');

  await tab(page, 'Messages');
  await expect(page.getByRole('heading', { name: /Messages/ })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByText(`${text.slice(0, 100)}…`)).toBeVisible();
  await page.getByRole('button', { name: 'View message from Sam Okafor' }).first().click();
  const overlay = page.getByRole('dialog', { name: 'Message' });
  await expect(overlay.getByText(text)).toBeVisible();
  await expect(overlay.getByText('Zoe Martin')).toBeVisible();
  await expect(overlay.getByText('Portrait session in London')).toBeVisible();
  await overlay.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(overlay).toHaveCount(0);

  await tab(page, 'Analytics');
  await expect(page.getByRole('heading', { name: 'Revenue Analytics' })).toBeVisible();
  await expect(page.getByText('Order Status Breakdown')).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  await page.getByRole('button', { name: 'Weekly' }).click();
  await expect(page.getByRole('img', { name: /Revenue per week/ })).toBeVisible();

  await tab(page, 'Testing');
  await page.getByRole('button', { name: 'Run Test' }).click();
  await expect(page.getByText('Please select a test file first')).toBeVisible();
  await page.getByLabel('Test file (image or video)').setInputFiles({ name: 'test.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Run Test' }).click();
  await expect(page.getByText('Test Successful!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Test steps' }).getByRole('listitem')).toHaveCount(4);

  await tab(page, 'Export');
  await expect(page.getByRole('heading', { name: 'Export Center' })).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('Please choose a table to export')).toBeVisible();
});

test('creators and gigs through their dialogs', async ({ page }) => {
  desktopOnly();
  await openAdmin(page);
  const name = `Nova ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create Creator' }).click();
  const creatorDialog = page.getByRole('dialog', { name: 'Create Creator' });
  await creatorDialog.getByRole('button', { name: 'Create Creator' }).click();
  await expect(creatorDialog.getByText('Display name is required')).toBeVisible();
  await creatorDialog.getByLabel('Display name').fill(name);
  await creatorDialog.getByRole('button', { name: 'Create Creator' }).click();
  await expect(page.getByText('Creator created successfully')).toBeVisible();
  await expect(page.getByRole('listitem', { name })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('dialog', { name: 'Edit Creator' }).getByLabel('Location').fill('Bristol');
  await page.getByRole('dialog', { name: 'Edit Creator' }).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('listitem', { name }).getByText(/Bristol/)).toBeVisible();

  await tab(page, 'Gigs');
  await page.getByRole('button', { name: 'Create Gig' }).click();
  const gigDialog = page.getByRole('dialog', { name: 'Create Gig' });
  await gigDialog.getByLabel('Find a creator without a gig').fill(name);
  await expect(gigDialog.getByLabel('Creator', { exact: true }).locator('option', { hasText: name })).toHaveCount(1);
  await gigDialog.getByLabel('Creator', { exact: true }).selectOption({ label: name });
  const title = `Mural design ${Date.now().toString(36)}`;
  await gigDialog.getByLabel('Title', { exact: true }).fill(title);
  await gigDialog.getByLabel('Link', { exact: true }).fill('example.com/mural');
  await gigDialog.getByLabel('Description').fill('Walls that talk');
  await expect(gigDialog.getByText('15/500')).toBeVisible();
  await gigDialog.getByLabel('Hashtags').fill('#mural #art');
  await expect(gigDialog.getByLabel('Price (£)')).toHaveCount(0);
  await gigDialog.getByLabel('Paid Offer').check();
  await gigDialog.getByLabel('Price (£)').fill('30');
  await gigDialog.getByLabel(/^Media/).setInputFiles({ name: 'mural.png', mimeType: 'image/png', buffer: PNG });
  await gigDialog.getByRole('button', { name: 'Create Gig' }).click();
  await expect(page.getByText('Gig created successfully')).toBeVisible();
  const card = page.getByRole('listitem', { name: title });
  await expect(card.getByText(`by ${name}`)).toBeVisible();
  await expect(card.getByText('£30.00')).toBeVisible();
  await expect(card.getByRole('img', { name: title })).toBeVisible();

  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Gig' });
  await expect(edit.getByLabel('Hashtags')).toHaveValue('#art #mural');
  await edit.getByLabel('Music track name').fill('Brush Strokes');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Gig updated successfully')).toBeVisible();

  await card.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText(`Are you sure you want to delete "${title}"?`)).toBeVisible();
  await page.getByRole('dialog', { name: 'Delete gig' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Gig deleted successfully')).toBeVisible();
  await expect(page.getByRole('listitem', { name: title })).toHaveCount(0);

  await tab(page, 'Creators');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete creator' });
  await expect(confirm.getByText(`Are you sure you want to delete "${name}"?`)).toBeVisible();
  await expect(confirm.getByText(/Orders and messages stay for the other person/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Creator deleted successfully')).toBeVisible();
  await expect(page.getByRole('listitem', { name })).toHaveCount(0);
});

test('impersonation round trip, recorded in the audit log', async ({ page }) => {
  desktopOnly();
  await openAdmin(page);
  await page.getByLabel('Search creators').fill('Leo');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Impersonate Leo Carter' }).click();
  await expect(page).toHaveURL(/\/(post)?$/);
  await expect(page.getByText('Impersonating User')).toBeVisible();
  // A write as Leo: editing his offer sends it back for review, and the audit log records it.
  const origin = new URL(page.url()).origin;
  const edit = await page.request.put('/api/offers/mine', {
    headers: { origin },
    multipart: { title: 'Custom beats for your next reel', link: 'https://example.com/leo-beats', isPaidOffer: 'false', price: '', paypalLink: '', purchaseNote: '', tags: 'music, beats', description: 'Royalty-free beats made for short video, now with stems.', musicTrackName: 'Leo Carter - Night Drive', musicCreditLink: '' },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('Impersonating User')).toBeVisible();
  await page.getByRole('button', { name: 'Stop Impersonation' }).click();
  await expect(page.getByText('Impersonation Stopped')).toBeVisible();
  await expect(page.getByText('You are now back to admin view')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Impersonating User')).toHaveCount(0);
  await page.getByText('Impersonation audit log').click();
  await expect(page.getByText('POST /api/admin/impersonation/stop → 200').first()).toBeVisible();
  await expect(page.getByText('PUT /api/offers/mine → 200')).toBeVisible();
  await expect(page.getByText(/GigReel Admin as Leo Carter/).first()).toBeVisible();

  await tab(page, 'Gigs');
  const leo = page.getByRole('listitem', { name: 'Custom beats for your next reel' });
  await expect(leo.getByText('Needs Re-Approval')).toBeVisible();
  await leo.getByRole('button', { name: 'Approve Custom beats for your next reel' }).click();
  await expect(page.getByText('Gig approved successfully')).toBeVisible();
  await expect(leo.getByText('Needs Re-Approval')).toHaveCount(0);
});

test('revenue and commission from a completed order', async ({ page }) => {
  desktopOnly();
  const admin = await apiAs(page, 'admin@example.com');
  const before = await (await admin.get('/api/admin/analytics')).json();
  const gigs = (await (await admin.get('/api/admin/gigs')).json()).items as Array<{ id: string; creator: { displayName: string } }>;
  const mayaGig = gigs.find((gig) => gig.creator.displayName === 'Maya Patel')!;
  const priced = await admin.patch(`/api/admin/gigs/${mayaGig.id}`, { multipart: { title: 'A logo for your brand in 48 hours', link: 'example.com/maya', isPaidOffer: 'true', price: '12.50', paypalLink: 'paypal.me/maya' } });
  expect(priced.ok(), await priced.text()).toBe(true);

  const buyer = await apiAs(page, 'ava@example.com');
  const created = await buyer.post('/api/orders', { data: { offerId: mayaGig.id } });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = (await created.json()).order.id as string;
  expect((await buyer.post(`/api/orders/${orderId}/paid`, { data: {} })).ok()).toBe(true);
  const seller = await apiAs(page, 'maya@example.com');
  const delivered = await seller.post(`/api/orders/${orderId}/delivery`, { multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } } });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  expect((await buyer.post(`/api/orders/${orderId}/complete`, { data: {} })).ok()).toBe(true);

  const revenue = before.totalRevenuePence + 1250;
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const commission = Math.round((revenue * 15) / 100);
  await openAdmin(page);
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByText(pounds(revenue))).toBeVisible();
  await expect(totals.getByText(pounds(commission))).toBeVisible();
  await tab(page, 'Analytics');
  const analytics = page.getByRole('region', { name: 'Revenue Analytics' });
  await expect(analytics.getByText('Platform Commission').locator('..').getByText(pounds(commission))).toBeVisible();
  await expect(analytics.getByText('Total Revenue').locator('..').getByText(pounds(revenue))).toBeVisible();
  await expect(analytics.getByText('Top Creators by Revenue').locator('..').getByText('Maya Patel')).toBeVisible();
  if (before.totalRevenuePence === 0) {
    await expect(analytics.getByText('Total Revenue').locator('..').getByText('£12.50')).toBeVisible();
    await expect(analytics.getByText('Platform Commission').locator('..').getByText('£1.88')).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /Revenue per day over the last 30 days: £/ })).toBeVisible();
  await Promise.all([admin.dispose(), buyer.dispose(), seller.dispose()]);
});

test('CSV export, with a formula cell neutralised', async ({ page }) => {
  desktopOnly();
  const admin = await apiAs(page, 'admin@example.com');
  const evil = `=HYPERLINK("http://evil.example","x${Date.now().toString(36)}")`;
  expect((await admin.post('/api/admin/creators', { data: { displayName: evil.slice(0, 50) } })).ok()).toBe(true);
  await admin.dispose();
  await openAdmin(page);
  await tab(page, 'Export');
  await page.getByLabel('Table').selectOption('users');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  await expect(page.getByText('Export Successful')).toBeVisible();
  await expect(page.getByText('Users data exported successfully')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^gigreel-users-\d{4}-\d\d-\d\d\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(rows[0]).toEqual(['id', 'display_name', 'email', 'email_verified', 'is_admin', 'bio', 'location', 'paypal_link', 'profile_image', 'created_at', 'updated_at']);
  expect(rows.some((row) => row[2] === 'maya@example.com')).toBe(true);
  expect(rows.find((row) => row[1]?.includes('evil.example'))?.[1]).toBe(`'${evil.slice(0, 50)}`);

  const [offers] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Offers', exact: true }).click()]);
  const offerRows = parseCsv(readFileSync((await offers.path())!, 'utf8'));
  expect(offerRows.length).toBeGreaterThan(7);
});

test('the dashboard at phone and desktop size', async ({ page }) => {
  await logIn(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Maya Patel' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-${test.info().project.name}.png`, fullPage: false });
  await expectNoAxeViolations(page);
  await tab(page, 'Gigs');
  await expect(page.getByRole('heading', { name: 'Gig Management' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/admin-gigs-${test.info().project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create Gig' }).click();
  await page.getByRole('dialog', { name: 'Create Gig' }).getByLabel('Paid Offer').check();
  await page.screenshot({ path: `${SHOTS}/admin-gig-dialog-${test.info().project.name}.png` });
  await page.keyboard.press('Escape');
  await tab(page, 'Analytics');
  await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-analytics-${test.info().project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});
