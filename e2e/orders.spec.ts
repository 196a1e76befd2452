/**
 * Orders and private jobs in the browser: two people, two browser contexts.
 * The order pages are opened directly; the feed screen (and its Buy button) is another feature's.
 * Buyers and sellers are the test's own people; the designer is the one account DESIGNER_EMAIL names,
 * and acts only on the job the test sent.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, hold, logIn, mailsTo, test, uniqueWord, withLock, type People } from './fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function personIn(
  browser: Browser,
  who: { email: string; password?: string },
  viewport: { width: number; height: number } | null,
): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: viewport ?? { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, who.email, who.password);
  return Object.assign(page, { errors });
}

/** A seller of the test's own with a paid offer (paid through their own PayPal.me page) in the feed. */
async function sellerWithPaidOffer(people: People, tag = uniqueWord('t')) {
  const handle = uniqueWord('pay');
  const seller = await people.creator({
    offer: {
      title: `Sticker pack ${tag}`,
      tags: [tag],
      price: '45',
      paypalLink: `https://www.paypal.com/paypalme/${handle}`,
    },
  });
  return { ...seller, tag, payLink: new RegExp(`^https://www\\.paypal\\.com/paypalme/${handle}`) };
}

async function done(page: Page & { errors: string[] }) {
  expect(page.errors, 'console errors of the second person').toEqual([]);
  await page.context().close();
}

/** Calls the API as the page's signed-in person, with the Origin a browser would send. */
async function apiAs<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const base = process.env.E2E_BASE_URL!;
  const response = await page.request.fetch(url, {
    method,
    headers: { origin: base },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Screens to look at, in .tmp/screens (not committed). */
async function shot(page: Page, name: string, project: string) {
  mkdirSync('.tmp/screens', { recursive: true });
  await page.screenshot({ path: `.tmp/screens/${name}-${project}.png`, fullPage: project === 'phone' });
}

test('payment not received, paid again and received; delivered, changes asked, delivered again, accepted', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  // the whole life of an order, two people in two pages, fifteen screenshots: 54 s on desktop in a
  // loaded CI run, and a phone's full-page screenshots on top ran past the default minute
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // the buyer, in the test's own page (its console errors fail the test)
  const buyer = await people.person({ displayName: 'Bo Buyer' });
  const buyerEmail = buyer.email;
  const sellerPerson = await sellerWithPaidOffer(people);
  await logIn(page, buyer.email, buyer.password);
  const seller = await personIn(browser, sellerPerson, viewport);
  const { offer } = await apiAs<{ offer: { id: string; title: string } | null }>(seller, 'GET', '/api/offers/mine');
  expect(offer).not.toBeNull();

  // Buy: the order exists, unpaid, and the buyer pays through the seller's page
  const { order } = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer!.id });
  await page.goto(`/order/${order.id}`);
  await expect(page.getByRole('heading', { name: offer!.title })).toBeVisible();
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  // before leaving, the buyer reads where the money goes, and that GigReel does not hold it
  await expect(page.getByText(/You are going to paypal\.com to pay Creator .* £45\.00/)).toBeVisible();
  await expect(page.getByText("paypal.com is PayPal's payment page.")).toBeVisible();
  await expect(page.getByText(/GigReel does not hold the money/)).toBeVisible();
  await shot(page, 'order-payment-step', project);
  const payLink = page.getByRole('link', { name: /Open payment page/ });
  await expect(payLink).toHaveAttribute('target', '_blank');
  await expect(payLink).toHaveAttribute('href', sellerPerson.payLink);
  await page.getByRole('button', { name: "I've paid" }).click();
  await expect(page.getByText('Payment confirmed. The seller has been told.')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  // the mail leaves through the outbox once the change commits
  await expect
    .poll(() => mailsTo(sellerPerson.email).some((mail) => mail.subject.includes('You have a paid order')))
    .toBe(true);

  // The buyer cannot open the upload screen
  await page.goto(`/order/${order.id}/upload`);
  await expect(page.getByText("Failed to fetch order or you don't have permission")).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);

  // The seller has not seen the money: the order goes back to the buyer with the seller's note
  await seller.goto(`/order/${order.id}`);
  await expect(seller.getByText(/The buyer says they paid £45\.00 on /)).toBeVisible();
  await seller.getByRole('button', { name: 'Payment not received' }).click();
  const notReceived = seller.getByRole('dialog', { name: 'Payment not received' });
  await notReceived.getByLabel('Note for the buyer (optional)').fill('Nothing has arrived in my PayPal yet.');
  await shot(seller, 'order-payment-not-received', project);
  await notReceived.getByRole('button', { name: 'Payment not received' }).click();
  await expect(seller.getByText('The buyer has been told the payment has not arrived.')).toBeVisible();
  await expect(seller.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await page.goto(`/order/${order.id}`);
  await expect(page.getByText('Nothing has arrived in my PayPal yet.').first()).toBeVisible();
  await shot(page, 'order-pay-again', project);
  await page.getByRole('button', { name: "I've paid" }).click();
  await expect(page.getByText('Payment confirmed. The seller has been told.')).toBeVisible();
  await seller.reload();
  await seller.getByRole('button', { name: 'Payment received' }).click();
  await expect(seller.getByText('Payment confirmed. The buyer has been told.')).toBeVisible();
  await expect(seller.getByText('Payment confirmed by the seller')).toBeVisible();

  // Deliver: the seller uploads a file with a progress bar
  await seller.getByRole('link', { name: 'Upload delivery' }).click();
  await expect(seller).toHaveURL(new RegExp(`/order/${order.id}/upload$`));
  // a file is judged by its bytes, not its name
  await seller.getByLabel('Delivery file').setInputFiles({
    name: 'logo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
  });
  await seller.getByRole('button', { name: 'Upload delivery' }).click();
  await expect(seller.getByRole('alert').filter({ hasText: 'Invalid file type' })).toBeVisible();
  await seller
    .getByLabel('Delivery file')
    .setInputFiles({ name: 'logo-final.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(seller.getByText('logo-final.pdf')).toBeVisible();
  await shot(seller, 'order-upload', project);
  await seller.getByRole('button', { name: 'Upload delivery' }).click();
  await expect(seller.getByText('Delivery uploaded. The buyer has been told.')).toBeVisible();
  await expect(seller).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(seller.getByText('Delivered', { exact: true })).toBeVisible();
  await seller.getByRole('button', { name: 'Your order has been delivered' }).click();
  await expect(
    seller.getByRole('list', { name: 'Message log' }).getByText('📦 Your order has been delivered'),
  ).toBeVisible();
  await expect
    .poll(() => mailsTo(buyerEmail).some((mail) => mail.subject.includes('Your order has been delivered')))
    .toBe(true);

  // Download and complete
  await page.goto(`/order/${order.id}`);
  await expect(
    page.getByRole('list', { name: 'Message log' }).getByText('📦 Your order has been delivered'),
  ).toBeVisible();
  // the quick messages fit a delivered order: no "Still waiting on delivery" any more
  await expect(page.getByRole('button', { name: 'All good, thank you!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Still waiting on delivery' })).toHaveCount(0);
  await shot(page, 'order', project);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('logo-final.pdf');

  // The buyer asks for changes (the offer includes one revision); the seller reads the note and delivers again
  await page.getByRole('button', { name: 'Request changes' }).click();
  const changes = page.getByRole('dialog', { name: 'Request changes' });
  await expect(changes.getByText('1 revision left')).toBeVisible();
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(changes.getByText('Please say what you would like changed.')).toBeVisible();
  await changes.getByLabel('What would you like changed?').fill('Please make the blue darker.');
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByText('Your request has been sent to the seller.').first()).toBeVisible();
  await seller.goto(`/order/${order.id}`);
  await expect(seller.getByText('Please make the blue darker.').first()).toBeVisible();
  await shot(seller, 'order-changes-requested', project);
  await seller.getByRole('link', { name: 'Upload delivery' }).click();
  await seller.getByLabel('Delivery file').setInputFiles({ name: 'logo-v2.png', mimeType: 'image/png', buffer: PNG });
  await seller.getByRole('button', { name: 'Upload delivery' }).click();
  await expect(seller.getByText('Delivery uploaded. The buyer has been told.')).toBeVisible();

  // Both files stay on the order; accepting asks first and says what it means
  await page.reload();
  await expect(page.getByRole('button', { name: 'Download logo-final.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download logo-v2.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request changes' })).toHaveCount(0);
  await expect(page.getByText('No revisions left')).toBeVisible();
  await shot(page, 'order-delivered-again', project);
  // Completing adds to the site's revenue, which the admin's revenue test reads around its own order.
  await withLock('revenue', async () => {
    await page.getByRole('button', { name: 'Accept & Complete Order' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept this delivery?' });
    await expect(accept.getByText(/you can no longer ask for changes/)).toBeVisible();
    await accept.getByRole('button', { name: 'Accept & Complete Order' }).click();
    await expect(page.getByText('Order completed. Thank you!')).toBeVisible();
  });
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Buyer said they've paid/,
    /Seller has not received the payment.*Nothing has arrived in my PayPal yet\./,
    /Buyer said they've paid/,
    /Seller confirmed the payment/,
    /Seller delivered/,
    /Buyer asked for changes.*Please make the blue darker\./,
    /Seller delivered/,
    /Buyer accepted the delivery/,
  ]);
  await shot(page, 'order-completed', project);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept & Complete Order' })).toHaveCount(0);

  // The buyer reviews the completed order: stars are asked for first, then the review is posted
  await expect(page.getByRole('heading', { name: 'Leave a review' })).toBeVisible();
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Please choose 1 to 5 stars.')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Review (optional)').fill('Quick, friendly and exactly the logo I wanted.');
  await shot(page, 'order-review-form', project);
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you! Your review is posted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // The seller reads it on the order and replies once
  await seller.goto(`/order/${order.id}`);
  await expect(seller.getByText('Quick, friendly and exactly the logo I wanted.')).toBeVisible();
  await seller.getByLabel('Your reply (shown under the review)').fill('Thank you, Bo!');
  await seller.getByRole('button', { name: 'Post reply' }).click();
  await expect(seller.getByText('Your reply is posted.')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Post reply' })).toHaveCount(0);

  // The stars show on the offer in the feed, and the review on the creator page
  await page.goto(`/?tag=${sellerPerson.tag}`);
  await expect(page.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).first()).toBeVisible();
  await expect(page.getByText('5.0 ★ (1)').first()).toBeVisible();
  await shot(page, 'feed-rating', project);
  await page.getByRole('button', { name: 'Details' }).first().click();
  const details = page.getByRole('dialog', { name: offer!.title });
  await expect(details.getByRole('heading', { name: 'Latest reviews' })).toBeVisible();
  await expect(details.getByText('Quick, friendly and exactly the logo I wanted.')).toBeVisible();
  await shot(page, 'offer-details-reviews', project);
  await page.keyboard.press('Escape');
  await page.goto(`/creator/${sellerPerson.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Quick, friendly and exactly the logo I wanted.')).toBeVisible();
  await expect(reviews.getByText('Thank you, Bo!')).toBeVisible();
  await shot(page, 'creator-reviews', project);

  // The lists: My Orders for the buyer, My Sales for the seller, with counts
  await page.goto('/orders');
  await expect(page.getByRole('tab', { name: /My Orders \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(offer!.title) }).first()).toBeVisible();
  await shot(page, 'orders', project);
  await seller.goto('/orders');
  await seller.getByRole('tab', { name: /My Sales/ }).click();
  await expect(seller.getByRole('link', { name: new RegExp(offer!.title) }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await done(seller);
});

test('a problem reported by the buyer stops the order; an admin reads it in Disputes and sends it back for delivery', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  // three people in three pages, a mail awaited, four screenshots: past the default minute on a slow
  // machine's phone run (1.1 min when it failed there), like the order's whole life above
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const buyer = await people.person({ displayName: 'Pia Buyer' });
  const sellerPerson = await sellerWithPaidOffer(people);
  const admin = await people.admin();
  await logIn(page, buyer.email, buyer.password);
  const seller = await personIn(browser, sellerPerson, viewport);
  const { offer } = await apiAs<{ offer: { id: string; title: string } }>(seller, 'GET', '/api/offers/mine');
  const { order } = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer.id });
  await apiAs(page, 'POST', `/api/orders/${order.id}/paid`);

  // The buyer reports a problem on the paid order: a reason and what happened are both asked for
  await page.goto(`/order/${order.id}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this order' });
  await dialog.getByRole('button', { name: 'Report problem' }).click();
  await expect(dialog.getByText('Please choose what went wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'The order was not delivered' }).check();
  await dialog.getByLabel('What happened?').fill('I paid a week ago and nothing has arrived.');
  await shot(page, 'order-report-problem', project);
  await dialog.getByRole('button', { name: 'Report problem' }).click();
  await expect(
    page.getByText('Problem reported. An admin will look at it and both of you will be told.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A problem has been reported' })).toBeVisible();
  await expect(page.getByText('Problem reported', { exact: true }).first()).toBeVisible();
  await shot(page, 'order-disputed', project);

  // The seller is told and can no longer deliver until an admin decides
  await seller.goto(`/order/${order.id}`);
  await expect(seller.getByText('I paid a week ago and nothing has arrived.').first()).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Upload delivery' })).toHaveCount(0);
  await expect
    .poll(() => mailsTo(sellerPerson.email).some((mail) => mail.subject.includes('A problem was reported')))
    .toBe(true);

  // The admin opens the dispute, reads the timeline and sends the order back for delivery with a note
  const adminPage = await personIn(browser, admin, viewport);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Disputes' }).click();
  await adminPage.getByRole('button', { name: `Open dispute on ${offer.title}` }).click();
  const disputeDialog = adminPage.getByRole('dialog', { name: 'Dispute' });
  await expect(disputeDialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(disputeDialog.getByText("Buyer said they've paid")).toBeVisible();
  await disputeDialog.getByRole('radio', { name: 'Send back for delivery' }).check();
  await disputeDialog.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(disputeDialog.getByText('Please write a note for both sides.')).toBeVisible();
  await disputeDialog
    .getByLabel('Note for both sides')
    .fill('The seller confirmed the payment arrived and will deliver this week.');
  await shot(adminPage, 'admin-dispute', project);
  await disputeDialog.getByRole('button', { name: 'Resolve dispute' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Send back for delivery?' });
  await confirm.getByRole('button', { name: 'Send back for delivery' }).click();
  await expect(adminPage.getByText('Resolved. Both sides have been told.')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: `Open dispute on ${offer.title}` })).toHaveCount(0);

  // Both sides read the note; the seller can deliver again
  await seller.reload();
  await expect(seller.getByRole('link', { name: 'Upload delivery' })).toBeVisible();
  await expect(
    seller.getByRole('list', { name: 'History' }).getByText(/back to the seller for delivery.*deliver this week/),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect.poll(() => mailsTo(buyer.email).some((mail) => mail.text.includes('will deliver this week'))).toBe(true);
  await done(adminPage);
  await done(seller);
});

test('the seller replaces a wrong file before the buyer acts; the buyer sees only the new one', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  const buyer = await people.person({ displayName: 'Rae Buyer' });
  const sellerPerson = await sellerWithPaidOffer(people);
  await logIn(page, buyer.email, buyer.password);
  const seller = await personIn(browser, sellerPerson, viewport);
  const { offer } = await apiAs<{ offer: { id: string } | null }>(seller, 'GET', '/api/offers/mine');
  const { order } = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer!.id });
  await apiAs(page, 'POST', `/api/orders/${order.id}/paid`);
  const wrong = await seller.request.post(`/api/orders/${order.id}/delivery`, {
    headers: { origin: process.env.E2E_BASE_URL! },
    multipart: { file: { name: 'wrong-client.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(wrong.ok(), await wrong.text()).toBe(true);

  await seller.goto(`/order/${order.id}`);
  await seller.getByRole('link', { name: 'Replace file' }).click();
  await expect(seller.getByRole('heading', { name: 'Replace file' })).toBeVisible();
  await expect(seller.getByText('wrong-client.pdf')).toBeVisible();
  await seller
    .getByLabel('Replacement file')
    .setInputFiles({ name: 'right-client.png', mimeType: 'image/png', buffer: PNG });
  await shot(seller, 'order-replace', testInfo.project.name);
  await seller.getByRole('button', { name: 'Replace file' }).click();
  await expect(seller.getByText('Delivery replaced. The buyer has been told.')).toBeVisible();
  await expect(seller).toHaveURL(new RegExp(`/order/${order.id}$`));

  await page.goto(`/order/${order.id}`);
  await expect(page.getByRole('button', { name: 'Download right-client.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download wrong-client.pdf' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Seller replaced the delivery');

  // The seller writes in the order; the buyer's open page shows it without a reload
  await seller.getByLabel('Write a message').fill('Sorry, <b>here</b> is the right file!');
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(seller.getByLabel('Write a message')).toHaveValue('');
  await expect(
    page.getByRole('list', { name: 'Message log' }).getByText('Sorry, here is the right file!'),
  ).toBeVisible();
  await shot(page, 'order-chat', testInfo.project.name);
  await done(seller);
});

test('before the work starts: the seller declines with a reason the buyer reads; the buyer cancels another', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  const project = testInfo.project.name;
  const buyer = await people.person({ displayName: 'Cal Buyer' });
  const sellerPerson = await sellerWithPaidOffer(people);
  await logIn(page, buyer.email, buyer.password);
  const seller = await personIn(browser, sellerPerson, viewport);
  const { offer } = await apiAs<{ offer: { id: string } | null }>(seller, 'GET', '/api/offers/mine');
  const { order } = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer!.id });
  await apiAs(page, 'POST', `/api/orders/${order.id}/paid`);

  await seller.goto(`/order/${order.id}`);
  await seller.getByRole('button', { name: 'Decline order' }).click();
  const decline = seller.getByRole('dialog', { name: 'Decline order' });
  await decline.getByLabel('Reason (the buyer sees it)').fill('I am fully booked until March, sorry.');
  await decline.getByRole('button', { name: 'Decline order' }).click();
  await expect(seller.getByText('Order declined. The buyer has been told.')).toBeVisible();

  await page.goto(`/order/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Declined by the seller' })).toBeVisible();
  await expect(page.getByText('I am fully booked until March, sorry.').first()).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: "I've paid" })).toHaveCount(0);
  await shot(page, 'order-declined', project);

  // A new order of the same offer, cancelled by the buyer before paying
  const again = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer!.id });
  expect(again.order.id).not.toBe(order.id);
  await page.goto(`/order/${again.order.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(cancel.getByText(/nothing is to be paid/)).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancelled by the buyer' })).toBeVisible();
  await done(seller);
});

test('a private job waits for the designer, who accepts it; then it is paid and the payment confirmed', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  const project = testInfo.project.name;
  const sender = await people.person({ displayName: 'Jo Sender' });
  const title = `Gig poster ${project} ${Date.now().toString(36)}`;
  await logIn(page, sender.email, sender.password);
  await page.goto('/private-job');
  await expect(page.getByRole('heading', { name: 'Send a Job to My Designer' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Job' }).click();
  await expect(page.getByText('Job title is required')).toBeVisible();
  await page.getByLabel('Job Title *').fill(title);
  await page.getByLabel('Description').fill('A3 poster for Friday night, bold colours.');
  await page.getByText('2 Days', { exact: true }).click();
  await page.getByLabel('Budget (optional)').fill('30');
  await page.getByLabel('Attach files').setInputFiles([
    { name: 'reference.png', mimeType: 'image/png', buffer: PNG },
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'wrong.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await page.getByRole('button', { name: 'Remove wrong.pdf' }).click();
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(2);
  await shot(page, 'private-job', project);
  await page.getByRole('button', { name: 'Submit Job' }).click();
  await expect(
    page.getByText('Job submitted! Your job has been sent to the designer and a transaction has been created.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const ordered = page.getByRole('link', { name: new RegExp(title) });
  await expect(ordered.getByText('Waiting for the designer')).toBeVisible();
  await ordered.click();
  await expect(
    page.getByText('The designer has not accepted this job yet. You can pay once they accept it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: "I've paid" })).toHaveCount(0);
  await page.goBack();

  const designer = await personIn(browser, { email: 'designer@example.com' }, viewport);
  await designer.goto('/agent-jobs');
  const card = designer.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('2 files attached')).toBeVisible();
  await card.getByRole('button', { name: /View Details/ }).click();
  const dialog = designer.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('link', { name: /reference\.png/ })).toBeVisible();
  const [file] = await Promise.all([
    designer.waitForEvent('download'),
    dialog.getByRole('link', { name: /brief\.pdf/ }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('brief.pdf');
  await dialog.getByRole('button', { name: 'Accept Job' }).click();
  await expect(designer.getByText('Job accepted.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accept Job' })).toHaveCount(0);
  await designer.keyboard.press('Escape');
  await expect(card.getByText('Accepted')).toBeVisible();

  // the sender pays through the order; the designer checks the money arrived, then sees the paid note
  await page.reload();
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await page.getByRole('button', { name: "I've paid" }).click();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await designer.reload();
  const job = designer.getByRole('listitem').filter({ hasText: title });
  await expect(
    job.getByText('The sender says they have paid. Check it arrived and confirm it on the order.'),
  ).toBeVisible();
  await designer.goto(page.url());
  await designer.getByRole('button', { name: 'Payment received' }).click();
  await expect(designer.getByText('Payment confirmed. The buyer has been told.')).toBeVisible();
  await designer.goto('/agent-jobs');
  await expect(job.getByText('Payment confirmed. You can now deliver this job from the Orders page.')).toBeVisible();
  await shot(designer, 'agent-jobs', project);
  await done(designer);
});

test('a declined private job: its order is cancelled, both lists say Declined, and there is nothing to pay', async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  const sender = await people.person({ displayName: 'Di Sender' });
  const title = `Menu card ${testInfo.project.name} ${Date.now().toString(36)}`;
  await logIn(page, sender.email, sender.password);
  const sent = await page.request.post('/api/jobs', {
    headers: { origin: process.env.E2E_BASE_URL! },
    multipart: { title, deliveryTime: '1 Day' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const designer = await personIn(browser, { email: 'designer@example.com' }, viewport);
  await designer.goto('/agent-jobs');
  const card = designer.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: /View Details/ }).click();
  await designer.getByRole('dialog', { name: title }).getByRole('button', { name: 'Decline' }).click();
  await expect(designer.getByText('Job declined.')).toBeVisible();
  await designer.keyboard.press('Escape');
  await expect(card.getByText('Declined', { exact: true })).toBeVisible();

  await page.goto('/orders');
  const ordered = page.getByRole('link', { name: new RegExp(title) });
  await expect(ordered.getByText('Declined')).toBeVisible();
  await ordered.click();
  await expect(page.getByRole('heading', { name: 'Declined by the seller' })).toBeVisible();
  await expect(page.getByText('The designer declined this job.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: "I've paid" })).toHaveCount(0);
  await done(designer);
});

test('Buy on a paid offer in the feed: the seller\'s payment page, then "I\'ve paid" records the order', async ({
  page,
  people,
}, testInfo) => {
  const seller = await sellerWithPaidOffer(people);
  await people.signUpVerified(page, { displayName: 'Feed Buyer' });
  await page.goto(`/?tag=${seller.tag}`);
  const offer = page.locator('article:not([inert])');
  await expect(offer).toHaveAttribute('aria-label', new RegExp(`^${seller.offer.title}`));

  // When the server cannot record it, the buyer is told and nothing is half done.
  await page.route('**/api/orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { error: { code: 'conflict', message: 'Please try again in a moment.' } } })
      : route.fallback(),
  );
  await offer.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await expect(dialog.getByRole('link', { name: /Open payment page/ })).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('link', { name: /Open payment page/ })).toHaveAttribute('href', seller.payLink);
  await dialog.getByRole('button', { name: "I've paid" }).click();
  await expect(page.getByText('Failed to confirm payment')).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/orders');

  await dialog.getByRole('button', { name: "I've paid" }).click();
  await expect(page.getByText('Payment confirmed. The seller has been told.')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: seller.offer.title })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await shot(page, 'bought-from-feed', testInfo.project.name);
  await page.goto('/orders');
  await expect(page.getByRole('tab', { name: 'My Orders (1)' })).toBeVisible();
});

test('a long orders list shows 30 orders, then "Show more orders" loads the older ones', async ({ page, people }) => {
  // Quotas keep a test person far below 30 real orders, so the list's pages are served here; the
  // server's paging (cursor, order, who sees what) has its own API tests.
  const person = await people.person({ displayName: 'Pat Pages' });
  const order = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status: 'completed',
    title: `Paged order ${n}`,
    pricePence: 1000,
    createdAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
    buyer: { id: person.id, displayName: person.displayName },
    seller: { id: 'someone', displayName: 'Sam Seller' },
    jobId: null,
    jobStatus: null,
  });
  const counts = { buyer: 35, seller: 0 };
  let releaseSecondPage = () => {};
  const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  await page.route(
    (url) => url.pathname === '/api/orders',
    async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() !== 'GET' || url.searchParams.get('role') !== 'buyer') return route.fallback();
      if (!url.searchParams.get('cursor')) {
        return route.fulfill({
          json: { orders: Array.from({ length: 30 }, (_, i) => order(i + 1)), counts, nextCursor: 'second-page' },
        });
      }
      expect(url.searchParams.get('cursor')).toBe('second-page');
      await secondPageHeld;
      return route.fulfill({
        json: { orders: Array.from({ length: 5 }, (_, i) => order(i + 31)), counts, nextCursor: null },
      });
    },
  );
  await people.signIn(page, person);
  await page.goto('/orders');
  await expect(page.getByRole('tab', { name: 'My Orders (35)' })).toBeVisible();
  const list = page.getByRole('tabpanel').getByRole('list');
  await expect(list.getByRole('listitem')).toHaveCount(30);
  await expect(page.getByRole('link', { name: /Paged order 31\b/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show more orders' }).click();
  const busy = page.getByRole('button', { name: 'Loading more orders…' });
  await expect(busy).toBeDisabled();
  releaseSecondPage();
  await expect(list.getByRole('listitem')).toHaveCount(35);
  await expect(list.getByRole('listitem').nth(30)).toContainText('Paged order 31');
  await expect(list.getByRole('listitem').last()).toContainText('Paged order 35');
  await expect(list.getByRole('listitem').first()).toContainText('Paged order 1');
  await expect(page.getByRole('button', { name: /Show more orders|Loading more orders/ })).toHaveCount(0);
});

test("the buyer reports the seller from the order page, under the order's details", async ({
  page,
  browser,
  viewport,
  people,
}, testInfo) => {
  const buyer = await people.person({ displayName: 'Ria Buyer' });
  const sellerPerson = await sellerWithPaidOffer(people);
  await logIn(page, buyer.email, buyer.password);
  const seller = await personIn(browser, sellerPerson, viewport);
  const { offer } = await apiAs<{ offer: { id: string } | null }>(seller, 'GET', '/api/offers/mine');
  const { order } = await apiAs<{ order: { id: string } }>(page, 'POST', '/api/orders', { offerId: offer!.id });

  await page.goto(`/order/${order.id}`);
  await page.getByRole('button', { name: `Report ${sellerPerson.displayName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this creator' });
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel('Anything else we should know? (optional)').fill('Asked me to pay twice.');
  await shot(page, 'order-report-counterpart', testInfo.project.name);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at your report.')).toBeVisible();
  await done(seller);
});

test('a message just sent stays in the log when an older read of the order answers after it', async ({
  page,
  people,
}) => {
  const buyer = await people.person({ displayName: 'Mo Messenger' });
  const seller = await sellerWithPaidOffer(people);
  const created = await buyer.api.post('/api/orders', { data: { offerId: seller.offer.id } });
  const { order } = (await created.json()) as { order: { id: string } };
  await logIn(page, buyer.email, buyer.password);
  await page.goto(`/order/${order.id}`);
  await expect(page.getByText('No messages yet.', { exact: false })).toBeVisible();

  // A read of the order (here: coming back to the tab) is answered by the server before the message is
  // written, and that answer is held on its way back until the message shows in the log.
  const orderUrl = `**/api/orders/${order.id}`;
  const { held, release } = await hold(page, orderUrl, { answers: true, times: 1 });
  await page.evaluate('window.dispatchEvent(new Event("visibilitychange"))');
  await held;

  await page.getByLabel('Write a message').fill('Is the A5 size possible?');
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('list', { name: 'Message log' });
  await expect(log.getByText('Is the A5 size possible?')).toBeVisible();

  release();
  // the page has had the late answer once a read asked after it is back
  await page.evaluate(async (id) => (await fetch(`/api/orders/${id}`)).text(), order.id);
  await expect(log.getByText('Is the A5 size possible?')).toBeVisible();
});
