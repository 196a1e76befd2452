/**
 * Profile, settings, static pages and the installable app, on phone and desktop.
 * What a test changes (boosts, reactions, the profile, the photo) it changes as people of its own;
 * the demo accounts are only looked at.
 */
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, expect, hold, test, uniqueWord } from './fixtures.ts';

/** Signs in through the API (the login screen has its own tests); the page shares the cookie. */
async function logIn(page: Page, email: string) {
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(response.status()).toBe(200);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `.tmp/screens/issue6/${name}-${info.project.name}.png`, fullPage: true });
}

const tinyPng = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

test('profile: who you are, the counts of your offer, the offer card and the Boost Reel', async ({
  page,
  baseURL,
  people,
}, info) => {
  // The owner and the booster each have an offer of their own in the feed.
  const owner = await people.creator({
    displayName: `Oona Owner ${uniqueWord('n')}`,
    bio: 'Motion designer. Loops that last.',
  });
  const boosterPerson = await people.creator({ displayName: `Bram Booster ${uniqueWord('n')}` });
  await people.signIn(page, owner);
  const own = (await (await page.request.get('/api/offers/mine')).json()).offer as { id: string; title: string };
  const before = (await (await page.request.get('/api/profile')).json()).profile as {
    displayName: string;
    bio: string;
  };

  // someone else boosts and reacts to the offer (from no boost and no reaction, so each adds one)
  const booster = boosterPerson.api;
  const boosterState = (await (await booster.get(`/api/feed/state?ids=${own.id}`)).json()).states[0];
  if (boosterState?.boosted) await booster.post(`/api/offers/${own.id}/boost`);
  if (boosterState?.reaction) await booster.put(`/api/offers/${own.id}/reaction`, { data: { emoji: null } });
  const start = (await (await page.request.get('/api/profile')).json()).profile as {
    boostCount: number;
    reactionCount: number;
  };
  const boosted = await booster.post(`/api/offers/${own.id}/boost`);
  expect(boosted.status()).toBe(200);
  expect((await boosted.json()).boostCount).toBe(start.boostCount + 1);
  const reacted = await booster.put(`/api/offers/${own.id}/reaction`, { data: { emoji: 'Hype' } });
  expect(reacted.status()).toBe(200);
  expect((await reacted.json()).reactionCount).toBe(start.reactionCount + 1);

  // the owner boosts another offer (the booster's), which joins their Boost Reel
  const other = (await (await page.request.get(`/api/offers/${boosterPerson.offer.id}`)).json()) as {
    id: string;
    title: string;
    creator: { displayName: string };
  };
  const state = (await (await page.request.get(`/api/feed/state?ids=${other.id}`)).json()).states[0];
  if (!state?.boosted)
    expect((await page.request.post(`/api/offers/${other.id}/boost`, { headers: { origin: baseURL! } })).status()).toBe(
      200,
    );

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: before.displayName })).toBeVisible();
  await expect(page.getByText(before.bio)).toBeVisible();
  await expect(page.getByText(/^Joined [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  const boosts = start.boostCount + 1;
  const reactions = start.reactionCount + 1;
  await expect(page.getByRole('term').filter({ hasText: boosts === 1 ? 'Boost' : 'Boosts' })).toBeVisible();
  await expect(page.locator('dl')).toContainText(`${boosts}${boosts === 1 ? 'Boost' : 'Boosts'}`);
  await expect(page.locator('dl')).toContainText(`${reactions}${reactions === 1 ? 'Reaction' : 'Reactions'}`);

  const offerSection = page.getByRole('region', { name: 'Your Offer' });
  await expect(offerSection.getByRole('heading', { name: own.title })).toBeVisible();
  await expect(offerSection.getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/post');
  await expect(offerSection.getByRole('link', { name: /Open link|View offer/ })).toBeVisible();

  const reel = page.getByRole('tabpanel', { name: 'Boost Reel' });
  await expect(
    reel.getByRole('link', { name: new RegExp(other.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();
  await expect(reel.getByText(`by ${other.creator.displayName}`).first()).toBeVisible();
  await shot(page, info, 'profile');

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('profile: a person without an offer is invited to create one', async ({ page }) => {
  await logIn(page, 'designer@example.com');
  await page.goto('/profile');
  const create = page.getByRole('link', { name: 'Create Your First Offer' });
  await expect(create).toBeVisible();
  await expect(page.locator('dl')).toContainText('0Boosts');
  await expect(page.locator('dl')).toContainText('0Reactions');
  await expect(create).toHaveAttribute('href', '/post');
});

test('profile: what follows your offer waits for it, so nothing jumps under a finger while it loads', async ({
  page,
  people,
}) => {
  await people.signIn(page, await people.person({ displayName: `Pia Patient ${uniqueWord('n')}` }));
  // The person's offer is held on its way back until the rest of the profile is on screen.
  const { release } = await hold(page, '**/api/offers/mine', { answers: true });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /^Pia Patient/, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your offer' })).toBeVisible();
  const hire = page.getByRole('region', { name: 'Hire our designer' });
  await expect(hire).toHaveCount(0);

  release();
  await expect(page.getByRole('link', { name: 'Create Your First Offer' })).toBeVisible();
  await expect(hire.getByRole('link', { name: 'Send a job' })).toBeVisible();
});

test('settings: drawn once every section is known, so nothing jumps under a finger while it loads', async ({
  page,
  people,
}) => {
  await people.signIn(page, await people.person({ displayName: `Sam Steady ${uniqueWord('n')}` }));
  // The profile (the first section's form) is held on its way back while the others arrive.
  const { release } = await hold(page, '**/api/profile', { answers: true });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);

  release();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue(/^Sam Steady/);
  await expect(
    page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Change email' }),
  ).toBeVisible();
});

test('settings: edit profile within the limits; the profile shows the change', async ({ page, people }, info) => {
  // A fresh person: renaming a demo account would change what the other specs read afterwards.
  await people.signUpVerified(page, { displayName: 'Settings Editor' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const name = page.getByLabel('Display name');
  const bio = page.getByLabel('Bio');
  const link = page.getByLabel('Payment link');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(name).not.toHaveValue('');
  await expect(save).toBeDisabled();

  await name.fill('   ');
  await bio.click();
  await expect(page.getByText('Display name is required')).toBeVisible();

  await bio.fill('b'.repeat(101));
  await expect(page.getByText('101/100')).toBeVisible();
  await link.click();
  await expect(page.getByText('Bio must be at most 100 characters')).toBeVisible();

  await link.fill('javascript:alert(1)');
  await name.click();
  await expect(page.getByText('Please enter a valid payment link (for example paypal.me/yourname)')).toBeVisible();

  await save.click();
  await expect(page.getByText('Profile updated!')).toHaveCount(0);

  const newName = `  Editor ${info.project.name}  `;
  const newBio = `${'Cuts, captions and colour. '.repeat(4)}`.slice(0, 100);
  await name.fill(newName);
  await bio.fill(newBio);
  await expect(page.getByText('100/100')).toBeVisible();
  await link.fill('paypal.me/editor-test');
  await save.click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(name).toHaveValue(newName.trim());
  await expect(link).toHaveValue('https://paypal.me/editor-test');
  await expect(bio).toHaveValue(newBio.trim());

  // empty bio and payment link are stored as empty
  await bio.fill('');
  await link.fill('');
  await save.click();
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile)
    .toMatchObject({ displayName: newName.trim(), bio: null, paypalLink: null });
  await expect(save).not.toHaveAttribute('aria-busy');
  await expect(save).toBeDisabled();

  // typing while a save is on its way is kept, not replaced by what was saved
  const { release } = await hold(page, '**/api/profile', { method: 'PATCH' });
  await name.fill(`${newName} `);
  await save.click();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await bio.fill(newBio);
  release();
  await expect(save).not.toHaveAttribute('aria-busy');
  await page.unroute('**/api/profile');
  await expect(name).toHaveValue(newName.trim());
  await expect(bio).toHaveValue(newBio);
  await save.click();
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile.bio)
    .toBe(newBio.trim());

  // the help and legal links, then back to the profile
  for (const label of ['FAQ', 'How It Works', 'Terms of Service', 'Privacy Policy']) {
    await expect(
      page.getByRole('navigation', { name: 'Help and legal' }).getByRole('link', { name: label }),
    ).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await shot(page, info, 'settings');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: newName.trim() })).toBeVisible();
  await expect(page.getByText(newBio.trim())).toBeVisible();
});

test('settings: avatar upload with preview and progress, refusals, and removal deletes the file', async ({
  page,
  people,
}) => {
  await people.signIn(page, await people.person({ displayName: 'Avery Avatar' }));
  await page.goto('/settings');
  const chooser = page.getByLabel(/Upload photo|Change photo/);

  // too large and not an image: refused in the browser before any upload
  await chooser.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
  });
  await expect(page.getByText('File too large')).toBeVisible();
  await chooser.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('Invalid file type').first()).toBeVisible();
  // a fake image passes the browser's check and is refused by the server from its bytes (the refusal
  // of the PDF above says the same, so the server's answer is what is waited for)
  const refused = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/profile/avatar') && answer.request().method() === 'PUT',
  );
  await chooser.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image at all'),
  });
  expect((await refused).status()).toBe(415);
  await expect(
    page.getByText('Your profile photo must be an image (JPEG, PNG, WebP, GIF or AVIF).').last(),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toHaveCount(0);
  expect((await (await page.request.get('/api/profile')).json()).profile.profileImage).toBeNull();

  // a real image: preview and progress while it uploads (the answer is held back a moment to see them)
  const { release } = await hold(page, '**/api/profile/avatar');
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await tinyPng() });
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toBeVisible();
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  release();
  await expect(page.getByText('Profile photo updated!')).toBeVisible();
  await page.unroute('**/api/profile/avatar');
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const url = (await (await page.request.get('/api/profile')).json()).profile.profileImage as string;
  expect(url).toMatch(/^\/media\/avatars\/[^/]+\/\d+\.webp$/);
  await expect(page.locator(`img[src="${url}"]`).first()).toBeVisible();
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 512, height: 512 });

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Profile photo removed')).toBeVisible();
  await expect(page.getByLabel('Upload photo')).toBeAttached();
  expect((await page.request.get(url)).status()).toBe(404);
});

const STATIC_PAGES = [
  { path: '/faq', heading: 'FAQ', text: 'Why only one offer per person?' },
  { path: '/how-it-works', heading: 'How It Works', text: 'Deliver and get paid' },
  { path: '/terms', heading: 'Terms of Service', text: 'Buying and selling' },
  { path: '/privacy', heading: 'Privacy Policy', text: 'not for children under 13' },
  { path: '/terms-policies', heading: 'Terms & Policies', text: 'Community guidelines' },
  { path: '/company', heading: 'Company', text: 'Why we built GigReel' },
  { path: '/program', heading: 'Creator Program', text: 'Who can join' },
];

test('static pages: real content, and the back link goes to /settings (a visitor opening one first: home)', async ({
  page,
}, info) => {
  for (const item of STATIC_PAGES) {
    await page.goto(item.path);
    await expect(page.getByRole('heading', { level: 1, name: item.heading })).toBeVisible();
    await expect(page.getByText(item.text).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  }
  await logIn(page, 'leo@example.com');
  for (const item of STATIC_PAGES) {
    await page.goto(item.path);
    await expect(page.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
  }
  await page.goto('/how-it-works');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Post Your Offer' })).toHaveAttribute('href', '/post');
  await shot(page, info, 'how-it-works');
  await page.goto('/faq');
  await page.getByText('How old do I need to be?').click();
  await expect(page.getByText('at least 13 years old')).toBeVisible();
  await shot(page, info, 'faq');
});

test('the app is installable: manifest, icons, service worker, offline page; no private data cached', async ({
  page,
  context,
}) => {
  await page.goto('/faq');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'GigReel', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);

  const script = await page.evaluate<string | undefined>(
    'navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL)',
  );
  expect(script).toMatch(/\/sw\.js$/);

  // a signed-in visit with private API calls, then check nothing private was cached
  await logIn(page, 'leo@example.com');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your Offer' })).toBeVisible();
  const cached = await page.evaluate<string[]>(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  })()`);
  expect(cached).toContain('/offline.html');
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(
    cached.filter((path) => path.startsWith('/api/') || path.startsWith('/media/') || path === '/profile'),
  ).toEqual([]);

  // Offline, a navigation gets the friendly offline page (in a fresh tab: the open one's live
  // connection would log its own network errors).
  await page.goto('about:blank');
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/explore').catch(() => undefined);
  await expect(offline.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(offline.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  await expect(offline.locator('img')).toHaveJSProperty('naturalWidth', 192);
  await context.setOffline(false);
});

test('Get App: anonymous visitors must sign in; then the install prompt, else instructions', async ({ page }, info) => {
  if (info.project.name === 'desktop') {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Get App' }).click();
    await expect(page.getByRole('dialog', { name: 'Authentication Required' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await logIn(page, 'kai@example.com');
  await page.goto('/settings');
  // the browser offers its prompt (simulated: headless Chromium never fires one)
  await page.evaluate(`(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    event.prompt = async () => { window.prompted = true; };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  })()`);
  const getApp = page.getByRole('main').getByRole('button', { name: 'Get App' });
  await getApp.click();
  await expect(page.getByText('GigReel is being added to your device.')).toBeVisible();
  expect(await page.evaluate('window.prompted')).toBe(true);
  // no prompt left: short instructions instead
  await getApp.click();
  const dialog = page.getByRole('dialog', { name: 'Get the GigReel app' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(getApp).toBeFocused();
});
