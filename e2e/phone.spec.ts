/**
 * The phone experience of issue 19: every screen reachable (hiring the designer, the jobs a person
 * sent, the designer's own inbox), one status palette, words that say what they mean, landing on the
 * offer's state after posting, one back arrow in a thread, and search that suggests and counts.
 * Run at phone size (and desktop where the layout differs); the width sweep is widths.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, logIn, test, uniqueWord, type People, type Person } from './fixtures.ts';

/** The page's own getComputedStyle (the browser tests are typed without the DOM's names). */
type Styles = { getComputedStyle(node: unknown): { backgroundColor: string; opacity: string } };

/**
 * The computed background colour of an element, as the person sees it. A node React has just
 * replaced (a list refreshed by a live update) computes to "", so this waits for a drawn one.
 */
async function background(element: Locator): Promise<string> {
  let colour = '';
  await expect
    .poll(async () => {
      colour = await element.evaluate(
        (node) => (globalThis as unknown as Styles).getComputedStyle(node).backgroundColor,
      );
      return colour;
    })
    .not.toBe('');
  return colour;
}

/** A job sent by `person` to the designer through the API; its order waits for the designer. */
async function sendJob(person: Person, title: string): Promise<string> {
  const sent = await person.api.post('/api/jobs', {
    multipart: { title, deliveryTime: '2 Days', budget: '30', description: 'Front and back.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { orderId: string }).orderId;
}

async function signedInPerson(page: Page, people: People, displayName = 'Pia Phone'): Promise<Person> {
  const person = await people.person({ displayName });
  await people.signIn(page, person);
  return person;
}

test.describe('every screen has a way in', () => {
  test('"Hire our designer" is in the avatar menu, on the profile and in How It Works, each leading to the job form', async ({
    page,
    people,
  }) => {
    await signedInPerson(page, people);
    const form = page.getByRole('heading', { name: 'Send a Job to My Designer' });
    await page.goto('/orders');
    const menu = page.getByRole('button', { name: /^Account menu for/ });
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Job requests' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Hire our designer' }).click();
    await expect(form).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('region', { name: 'Hire our designer' }).getByRole('link', { name: 'Send a job' }).click();
    await expect(form).toBeVisible();

    await page.goto('/how-it-works');
    await page.getByRole('region', { name: 'Hire our designer' }).getByRole('link', { name: 'Send a job' }).click();
    await expect(form).toBeVisible();
  });

  test('the jobs a person sent are under their orders, each with its status, opening its order', async ({
    page,
    people,
  }) => {
    const person = await signedInPerson(page, people);
    const title = `Menu cards ${uniqueWord('j')}`;
    const orderId = await sendJob(person, title);
    await page.goto('/orders');
    await page.getByRole('tab', { name: 'Jobs I sent' }).click();
    await expect(page).toHaveURL(/\/orders\?tab=jobs$/);
    const job = page.getByRole('list', { name: 'Jobs I sent' }).getByRole('link', { name: new RegExp(title) });
    await expect(job.getByText('Pending', { exact: true })).toBeVisible();
    await job.click();
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  test('the designer lands in their inbox after logging in; it is named "Job requests", and only they have it in the menu', async ({
    page,
  }) => {
    await logIn(page, 'designer@example.com', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/agent-jobs$/);
    await expect(page.getByRole('heading', { name: 'Job requests' })).toBeVisible();
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Hire our designer' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Job requests' }).click();
    await expect(page).toHaveURL(/\/agent-jobs$/);
  });

  test('someone else opening /agent-jobs is told who receives jobs there, and where theirs are', async ({
    page,
    people,
  }) => {
    await signedInPerson(page, people);
    await page.goto('/agent-jobs');
    await expect(page.getByText('No jobs submitted yet.')).toBeVisible();
    await expect(page.getByText(/Only our in-house designer receives jobs here/)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Jobs I sent' }).click();
    await expect(page).toHaveURL(/\/orders\?tab=jobs$/);
    await expect(page.getByText('You have not sent a job yet.')).toBeVisible();
  });
});

test.describe('one status palette, and words that say what they mean', () => {
  test('an order status has one colour on the orders list and the order page, and its pill never wraps', async ({
    page,
    people,
  }) => {
    const seller = await people.creator({ offer: { title: `Poster ${uniqueWord('p')}`, price: '30' } });
    const other = await people.creator({ offer: { title: `Sticker ${uniqueWord('s')}`, price: '20' } });
    const buyer = await people.person({ displayName: 'Bo Buyer' });
    const waiting = await buyer.api.post('/api/orders', { data: { offerId: seller.offer.id } });
    const paid = await buyer.api.post('/api/orders', { data: { offerId: other.offer.id } });
    const paidId = ((await paid.json()) as { order: { id: string } }).order.id;
    expect(waiting.ok() && (await buyer.api.post(`/api/orders/${paidId}/paid`)).ok()).toBe(true);
    await people.signIn(page, buyer);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/orders');
    const awaiting = page.getByRole('link', { name: new RegExp(seller.offer.title) }).getByText('Awaiting payment');
    const underWay = page.getByRole('link', { name: new RegExp(other.offer.title) }).getByText('Paid', { exact: true });
    await expect(awaiting).toBeVisible();
    const [amber, blue] = [await background(awaiting), await background(underWay)];
    expect(amber).not.toBe(blue);
    // one line: no taller than the text's own line and padding
    expect((await awaiting.boundingBox())!.height).toBeLessThan(26);
    await page.getByRole('link', { name: new RegExp(other.offer.title) }).click();
    const onPage = page.getByRole('main').getByText('Paid', { exact: true }).first();
    await expect(onPage).toBeVisible();
    await expect(onPage).toHaveCSS('background-color', blue);
  });

  test('an unapproved gig card in the admin fades its picture, never its Approve button', async ({ page, people }) => {
    const creator = await people.person({ displayName: 'Gina Gig' });
    const title = `Awaiting gig ${uniqueWord('g')}`;
    const saved = await creator.api.put('/api/offers/mine', {
      multipart: {
        title,
        link: 'example.com/gig',
        isPaidOffer: 'false',
        price: '',
        paypalLink: '',
        purchaseNote: '',
        tags: '',
        description: '',
        musicTrackName: '',
        musicCreditLink: '',
        media: {
          name: 'gig.png',
          mimeType: 'image/png',
          buffer: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
            'base64',
          ),
        },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await people.signIn(page, await people.admin());
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Gigs' }).click();
    const approve = page.getByRole('button', { name: `Approve ${title}` });
    await expect(approve).toBeVisible();
    // the opacity the person sees: the button's own times every box around it
    const seen = await approve.evaluate((node) => {
      let opacity = 1;
      for (let at: { parentElement: unknown } | null = node; at; at = at.parentElement as typeof at)
        opacity *= Number((globalThis as unknown as Styles).getComputedStyle(at).opacity);
      return opacity;
    });
    expect(seen).toBe(1);
  });

  test('the link hint shows the domain as the person typed it, never URL-encoded', async ({ page, people }) => {
    await signedInPerson(page, people);
    await page.goto('/post');
    const link = page.getByLabel('Link', { exact: true });
    await link.fill('not a link.com');
    await link.blur();
    await expect(page.getByText('Please enter a valid domain (e.g., notalink.com)', { exact: true })).toBeVisible();
    await expect(page.getByText(/%20/)).toHaveCount(0);
  });

  test('"Sign Up Required" is a notice, not a success', async ({ page }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/signup$/);
    const notice = page.locator('[data-sonner-toast]', { hasText: 'Sign Up Required' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-type', 'info');
  });

  test('a visitor on a static page goes back where they came from, or home when it was their first page', async ({
    page,
  }) => {
    await page.goto('/landing');
    await page.getByRole('link', { name: 'How It Works' }).click();
    await expect(page.getByRole('link', { name: 'Back to Settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await page.goto('/terms');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an offer awaiting approval is called that everywhere its owner looks', async ({ page, people }) => {
    // approved, then edited: back to awaiting approval
    const creator = await people.creator({ offer: { title: `Waiting offer ${uniqueWord('w')}` } });
    const edited = await creator.api.put('/api/offers/mine', {
      multipart: {
        title: `${creator.offer.title} again`,
        link: 'example.com/w',
        isPaidOffer: 'false',
        price: '',
        paypalLink: '',
        purchaseNote: '',
        tags: '',
        description: '',
        musicTrackName: '',
        musicCreditLink: '',
      },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    await people.signIn(page, creator);
    for (const path of ['/profile', '/post']) {
      await page.goto(path);
      await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
      await expect(page.getByText('In review', { exact: true })).toHaveCount(0);
    }
  });
});

test('a phone thread has one back arrow, which leads to the conversations', async ({ page, people }, info) => {
  test.skip(info.project.name !== 'phone', 'the thread sits beside the list on a desktop');
  const creator = await people.creator({ offer: { title: `Mugs ${uniqueWord('m')}` } });
  const fan = await people.person({ displayName: 'Flo Fan' });
  const sent = await fan.api.post('/api/messages', { data: { offerId: creator.offer.id, text: 'Hello there!' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  await people.signIn(page, creator);
  await page.goto(`/messages?with=${fan.id}`);
  await expect(page.getByRole('region', { name: 'Conversation with Flo Fan' })).toBeVisible();
  const back = page.getByRole('link', { name: /^Back/ });
  await expect(back).toHaveCount(1);
  await back.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
});

test.describe('search that answers', () => {
  /** The search box of the layout: the phone opens it with its Search button; the desktop's sits in the sidebar. */
  async function searchBox(page: Page, phone: boolean): Promise<Locator> {
    if (phone) await page.getByRole('button', { name: 'Search', exact: true }).click();
    return page.getByRole('combobox', { name: 'Search offers' });
  }

  test('typing suggests creators and tags; the arrow keys choose one and Enter opens it', async ({
    page,
    people,
    isMobile,
  }) => {
    const name = `Quilla ${uniqueWord('q')}`;
    const creator = await people.creator({ displayName: name, offer: { title: `Quilts ${uniqueWord('t')}` } });
    await page.goto('/faq');
    const box = await searchBox(page, isMobile);
    await box.fill(name.slice(0, 10));
    const list = page.getByRole('listbox', { name: 'Search offers' });
    const suggested = list.getByRole('option', { name, exact: true });
    await expect(suggested).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // the first option searches the offers for the text; the creator comes next
    await box.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true })).toHaveAccessibleName(/^Search offers for/);
    await box.press('ArrowDown');
    await expect(suggested).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/creator/${creator.id}$`));
    await expect(list).toBeHidden();
  });

  test('a tag is suggested with its offers, and Escape closes the list', async ({ page, isMobile }) => {
    await page.goto('/faq');
    const box = await searchBox(page, isMobile);
    await box.fill('#bran');
    const tag = page.getByRole('option', { name: '#branding' });
    await expect(tag).toBeVisible();
    await expect(tag).toContainText(/\d+ offers?/);
    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Search offers' })).toBeHidden();
    await box.press('ArrowDown');
    await tag.click();
    await expect(page).toHaveURL(/\/\?tag=branding$/);
  });

  test('the results say how many offers matched', async ({ page, people }) => {
    const word = uniqueWord('k');
    await people.creator({ offer: { title: `Kites ${word}` } });
    await people.creator({ offer: { title: `More kites ${word}` } });
    await page.goto(`/?q=${word}`);
    await expect(page.getByRole('status').filter({ hasText: '2 offers' })).toBeVisible();
  });
});
