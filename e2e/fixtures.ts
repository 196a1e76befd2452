/**
 * Browser-test fixtures: a page that fails the test on any console error, the local mail outbox,
 * helpers that sign people in through the real screens, and `people`: the accounts a test makes
 * for itself. Tests run in parallel against one server, so a test that changes anything (posts,
 * messages, orders, boosts, approves, edits, deletes) does it as people of its own, made through
 * the app's real routes (sign-up and the mailed verification link; an admin is an address global
 * setup lists in ADMIN_EMAILS); the seeded demo accounts are only read.
 */
import { mkdirSync, openSync, closeSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type Request,
} from '@playwright/test';
import { adminEmail } from './global-setup.ts';

export const DEMO_PASSWORD = 'GigReel-demo1';
export const NEW_PASSWORD = 'Fresh-pass1';

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://localhost:4173';
const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error(
      'E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts (its global setup starts the server)',
    );
  return dir;
};

/** Mails in the local outbox addressed to `to`, oldest first, with the first link of each. */
export function mailsTo(to: string): Array<{ subject: string; link: string | null; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((raw) => (/^To: (.*)$/m.exec(raw)?.[1] ?? '').toLowerCase().includes(to.toLowerCase()))
    .map((raw) => {
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const body = text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      return {
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
        link: /(https?:\/\/[^\s"<>]+)/.exec(body)?.[1] ?? null,
        text,
      };
    });
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A short token no other test (or demo offer) has: for titles, tags and names a test looks for. */
export const uniqueWord = (prefix = 'w') =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

/** The newest mailed link for `to`, waiting for it to arrive (the server writes mail after it answers). */
export async function mailedLink(to: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailsTo(to).length, { message: `mail number ${count} to ${to}` })
    .toBeGreaterThanOrEqual(count);
  const link = mailsTo(to)[count - 1]?.link;
  if (!link) throw new Error(`the mail to ${to} has no link`);
  return link;
}

/**
 * Headers for a sign-up through the API: the server allows 10 sign-ups an hour per address, and every
 * test talks to it from 127.0.0.1, a trusted proxy (TRUST_PROXY=loopback) whose X-Forwarded-For it
 * believes; so each sign-up says it comes from an address of its own.
 */
export function signUpHeaders(origin: string): Record<string, string> {
  return {
    origin,
    'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`,
  };
}

/**
 * Stops the page's clock a second ahead of the page's own time (after `page.clock.install()`), so the
 * time the checks take on a busy machine cannot move timers on. The page's time keeps running between
 * reading it and pausing; when it has already passed the target, read it again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate<number>('Date.now()');
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

// ---- held answers: to see what the page shows while it waits, or a late answer arrive ----

type Held = {
  /** The first request held, once it is (for `answers`: once the server has answered it). */
  held: Promise<Request>;
  /** Lets every held request or answer go on, and those after it pass at once. */
  release: () => void;
};

/**
 * Holds requests to `url` (of `method` only, when given; the first `times` only, when given): with
 * `answers`, the server answers and its answer waits on its way back to the page; without, the request
 * waits before it reaches the server.
 */
export async function hold(
  page: Page,
  url: string,
  { answers = false, method, times }: { answers?: boolean; method?: string; times?: number } = {},
): Promise<Held> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = (_request: Request) => {};
  const held = new Promise<Request>((resolve) => (reached = resolve));
  await page.route(
    url,
    async (route) => {
      if (method && route.request().method() !== method) return route.fallback();
      if (!answers) {
        reached(route.request());
        await released;
        return route.fallback();
      }
      const answer = await route.fetch();
      reached(route.request());
      await released;
      return route.fulfill({ response: answer });
    },
    times === undefined ? undefined : { times },
  );
  return { held, release };
}

// ---- locks: the few checks that read a total every test can change ----

const heldLocks = new Set<string>();

/**
 * Runs `work` while holding a lock shared by every worker of the run (a directory in the run's
 * DATA_DIR: mkdir either makes it or fails). For a check of a site-wide total against a test's own
 * change (the revenue, the number of offers): the tests that change that total take the same lock
 * for their change. A test that ends while holding one gives it back when its fixtures end.
 */
export async function withLock<T>(name: string, work: () => Promise<T>, waitMs = 90_000): Promise<T> {
  const dir = path.join(dataDir(), 'locks', name);
  mkdirSync(path.dirname(dir), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderIsGone(dir)) rmSync(dir, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`waited ${waitMs / 1000} s for the lock "${name}"`);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const owner = `${process.pid} ${Math.random()}`;
  writeFileSync(path.join(dir, 'pid'), owner);
  heldLocks.add(dir);
  try {
    return await work();
  } finally {
    // A test that timed out inside `work` had its lock given back already; it may be someone else's now.
    if (heldLocks.delete(dir) && readOwner(dir) === owner) rmSync(dir, { recursive: true, force: true });
  }
}

function readOwner(dir: string): string | null {
  try {
    return readFileSync(path.join(dir, 'pid'), 'utf8');
  } catch {
    return null;
  }
}

/** A worker that crashed while holding a lock leaves its directory behind. */
function holderIsGone(dir: string): boolean {
  const owner = readOwner(dir);
  if (owner === null) return false; // just made, the owner not written yet
  const pid = Number(owner.split(' ')[0]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

function releaseHeldLocks(): void {
  for (const dir of heldLocks) rmSync(dir, { recursive: true, force: true });
  heldLocks.clear();
}

// ---- people of the test's own ----

export type Person = {
  id: string;
  email: string;
  password: string;
  displayName: string;
  /** signed in as this person, sending the app's Origin */ api: APIRequestContext;
};
export type Offer = { id: string; title: string; tags: string[] };
export type Creator = Person & { offer: Offer };

/** The offer form's fields (as /post sends them); a price makes it a paid offer. */
export type OfferInput = {
  title?: string;
  tags?: string[];
  description?: string;
  link?: string;
  musicTrackName?: string;
  price?: string;
  paypalLink?: string;
  purchaseNote?: string;
  media?: { name: string; mimeType: string; buffer: Buffer };
};

// An 8x8 PNG: the server turns it into the offer's WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

export type People = {
  /** A new person, signed up through the API and verified through the mailed link. */
  person(options?: { displayName?: string; bio?: string; email?: string; password?: string }): Promise<Person>;
  /** The test's own admin (one per test, made on first use): an ADMIN_EMAILS address signed up and verified. */
  admin(): Promise<Person>;
  /** A person whose offer is saved through /post's route and approved by the test's admin: in the feed at once. */
  creator(options?: { displayName?: string; bio?: string; offer?: OfferInput }): Promise<Creator>;
  /** Saves (or edits) the person's offer through /post's route, then has the test's admin approve it. */
  postOffer(person: Person, offer?: OfferInput): Promise<Offer>;
  /** Signs the page's browser context in as the person, through the API (the log-in screen has its own tests). */
  signIn(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void>;
  /** A new person signed up through the API whose mailed link is opened in the page: the page ends signed in. */
  signUpVerified(
    page: Page,
    options?: { email?: string; displayName?: string; password?: string },
  ): Promise<{ id: string; email: string; password: string; displayName: string }>;
  /** Someone the test made another way (the sign-up screen, the admin's Create Creator), removed with the others. */
  track(id: string): void;
};

async function apiContext(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin: baseUrl() } });
}

async function signInApi(api: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.status(), `sign in as ${email}: ${await response.text()}`).toBe(200);
}

/** Signs up through the API in `api`'s cookie jar and opens the mailed link there: `api` ends signed in. */
async function signUpInApi(
  api: APIRequestContext,
  options: { email: string; displayName: string; password: string },
): Promise<string> {
  const response = await api.post('/api/auth/sign-up/email', { data: options, headers: signUpHeaders(baseUrl()) });
  expect(response.status(), `sign up ${options.email}: ${await response.text()}`).toBe(201);
  const verified = await api.get(await mailedLink(options.email));
  expect(verified.ok(), `verify ${options.email}`).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { viewer: { id: string } | null };
  if (!me.viewer) await signInApi(api, options.email, options.password);
  const viewer = me.viewer ?? ((await (await api.get('/api/me')).json()) as { viewer: { id: string } }).viewer;
  return viewer.id;
}

/** Admin addresses global setup listed in ADMIN_EMAILS; each worker claims the next free one (an exclusive file create). */
function claimAdminEmail(): string {
  const slots = Number(process.env.E2E_ADMIN_SLOTS ?? 0);
  const dir = path.join(dataDir(), 'admin-claims');
  mkdirSync(dir, { recursive: true });
  for (let slot = 0; slot < slots; slot++) {
    try {
      closeSync(openSync(path.join(dir, String(slot)), 'wx'));
      return adminEmail(slot);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`all ${slots} admin addresses of this run are taken (E2E_ADMIN_SLOTS)`);
}

/** The worker's own admin that removes what each test made once it ends (people and their offers). */
type Janitor = { remove(ids: string[]): Promise<void>; dispose(): Promise<void> };

function createJanitor(playwright: PlaywrightWorkerArgs['playwright']): Janitor {
  let session: Promise<{ api: APIRequestContext; email: string }> | null = null;
  const open = () => {
    session ??= (async () => {
      const api = await apiContext(playwright);
      const email = claimAdminEmail();
      await signUpInApi(api, { email, displayName: 'Test Janitor', password: NEW_PASSWORD });
      return { api, email };
    })();
    return session;
  };
  return {
    async remove(ids) {
      if (ids.length === 0) return;
      const { api, email } = await open();
      // Fewer offers while the admin feed compares its counts would fail that check: it holds this lock meanwhile.
      await withLock('offers-removed', async () => {
        for (const id of ids) {
          let response = await api.delete(`/api/admin/creators/${id}`);
          if (response.status() === 401) {
            await signInApi(api, email, NEW_PASSWORD); // the session ended after 30 idle minutes
            response = await api.delete(`/api/admin/creators/${id}`);
          }
          expect([200, 404], `remove ${id}: ${await response.text()}`).toContain(response.status());
        }
      });
    },
    async dispose() {
      if (session) await (await session).api.dispose();
    },
  };
}

function createPeople(
  playwright: PlaywrightWorkerArgs['playwright'],
): People & { made: string[]; contexts: APIRequestContext[] } {
  const made: string[] = [];
  const contexts: APIRequestContext[] = [];
  let admin: Promise<Person> | null = null;

  const person: People['person'] = async (options = {}) => {
    const api = await apiContext(playwright);
    contexts.push(api);
    const email = options.email ?? uniqueEmail();
    const password = options.password ?? NEW_PASSWORD;
    const displayName = options.displayName ?? 'New Person';
    const id = await signUpInApi(api, { email, displayName, password });
    made.push(id);
    if (options.bio !== undefined) {
      const saved = await api.patch('/api/profile', { data: { bio: options.bio } });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    return { id, email, password, displayName, api };
  };

  const people: People & { made: string[]; contexts: APIRequestContext[] } = {
    made,
    contexts,
    person,
    admin() {
      admin ??= (async () => {
        const api = await apiContext(playwright);
        contexts.push(api);
        const email = claimAdminEmail();
        const displayName = `Admin ${email.replace(/@.*/, '').replace('e2e-admin-', '#')}`;
        const id = await signUpInApi(api, { email, displayName, password: NEW_PASSWORD });
        const me = (await (await api.get('/api/me')).json()) as { viewer: { isAdmin: boolean } };
        expect(me.viewer.isAdmin, `${email} is listed in ADMIN_EMAILS by global setup`).toBe(true);
        return { id, email, password: NEW_PASSWORD, displayName, api };
      })();
      return admin;
    },
    async postOffer(owner, input = {}) {
      const paid = input.price !== undefined;
      const title = input.title ?? `Offer ${uniqueWord('o')}`;
      const saved = await owner.api.put('/api/offers/mine', {
        multipart: {
          title,
          link: paid ? '' : (input.link ?? 'example.com/offer'),
          isPaidOffer: String(paid),
          price: input.price ?? '',
          paypalLink: paid ? (input.paypalLink ?? `paypal.me/${uniqueWord('p')}`) : '',
          purchaseNote: paid ? (input.purchaseNote ?? 'Pay, then send me your brief.') : '',
          tags: (input.tags ?? []).join(', '),
          description: input.description ?? '',
          musicTrackName: input.musicTrackName ?? '',
          musicCreditLink: '',
          media: input.media ?? { name: 'offer.png', mimeType: 'image/png', buffer: PNG },
        },
      });
      expect(saved.ok(), `save the offer: ${await saved.text()}`).toBe(true);
      const offer = ((await saved.json()) as { offer: Offer }).offer;
      const { api } = await people.admin();
      const { items } = (await (await api.get('/api/admin/gigs')).json()) as {
        items: Array<{ id: string; version: number }>;
      };
      const version = items.find((gig) => gig.id === offer.id)?.version;
      expect(version, 'the new offer is on the first page of the admin gigs').toBeDefined();
      const approved = await api.post(`/api/admin/offers/${offer.id}/approve`, { data: { version } });
      expect(approved.ok(), `approve the offer: ${await approved.text()}`).toBe(true);
      return { id: offer.id, title: offer.title, tags: offer.tags };
    },
    async creator(options = {}) {
      const owner = await person({
        displayName: options.displayName ?? `Creator ${uniqueWord('c')}`,
        bio: options.bio,
      });
      return { ...owner, offer: await people.postOffer(owner, options.offer) };
    },
    async signIn(page, who) {
      const response = await page.request.post('/api/auth/sign-in/email', {
        data: { email: who.email, password: who.password },
        headers: { origin: baseUrl() },
      });
      expect(response.status(), `sign in as ${who.email}: ${await response.text()}`).toBe(200);
    },
    async signUpVerified(page, options = {}) {
      const email = options.email ?? uniqueEmail();
      const password = options.password ?? NEW_PASSWORD;
      const displayName = options.displayName ?? 'New Person';
      const response = await page.request.post('/api/auth/sign-up/email', {
        data: { displayName, email, password },
        headers: signUpHeaders(baseUrl()),
      });
      expect(response.status()).toBe(201);
      await page.goto(await mailedLink(email));
      await expect(page.getByText('Email verified. Welcome to GigReel!')).toBeVisible();
      const { viewer } = (await (await page.request.get('/api/me')).json()) as { viewer: { id: string } };
      made.push(viewer.id);
      return { id: viewer.id, email, password, displayName };
    },
    track(id) {
      made.push(id);
    },
  };
  return people;
}

export const test = base.extend<{ consoleErrors: string[]; people: People }, { janitor: Janitor }>({
  janitor: [
    async ({ playwright }, use) => {
      const janitor = createJanitor(playwright);
      await use(janitor);
      await janitor.dispose();
    },
    { scope: 'worker' },
  ],
  people: async ({ playwright, janitor }, use) => {
    const people = createPeople(playwright);
    await use(people);
    releaseHeldLocks();
    await Promise.all(people.contexts.map((context) => context.dispose()));
    await janitor.remove(people.made);
  },
  // Set up after `people`, so it is torn down (its check run, the page closed) before they are removed.
  consoleErrors: [
    async ({ people: _people, page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // The browser logs every 4xx response it receives; the tests assert on those themselves.
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
