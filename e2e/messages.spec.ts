/**
 * Messages live: two people in two browsers exchange messages; the receiver's page and
 * unread badges update within a second without a reload, a dropped connection recovers by itself,
 * refused text gets the SPEC text, and stored text is shown as text.
 */
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { messageTexts, notificationTexts, texts } from '@gigreel/core';
import { expect, logIn, test, uniqueWord, type Person } from './fixtures.ts';

const SHOTS = path.join(process.cwd(), '.tmp', 'screenshots');

/** A second signed-in person in their own browser context, failing on console errors like the fixture page. */
async function secondPerson(browser: Browser, testInfo: TestInfo, who: Person) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, baseURL } = testInfo.project.use as BrowserContextOptions & {
    baseURL?: string;
  };
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    baseURL: baseURL ?? process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' || /status of 4\d\d/.test(text)) return;
    // While the test cuts this browser's connection on purpose, the event stream's failed retries are expected.
    if (
      /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_CLOSED/.test(
        text,
      )
    )
      return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, who.email, who.password);
  return { page, context, errors };
}

/**
 * A TCP relay in front of the server whose connections the test can cut and refuse for a while:
 * a real lost connection (the browser's offline emulation leaves open streams alone).
 */
async function cuttableRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen();
  return {
    base: `http://localhost:${port}`,
    /** Cuts every open connection and refuses new ones until restore(). */
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: () => listen(port),
    close: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** The tab bar's badge on the phone; on the desktop the header avatar's badge, which counts both kinds. */
const badge = (page: Page, phone: boolean, name: 'Messages' | 'Notifications', count: number) =>
  phone
    ? page
        .getByRole('navigation', { name: 'Tabs' })
        .getByRole('link', { name: new RegExp(`^${name}\\s*, ${count} unread$`) })
    : page.getByRole('button', { name: /Account menu for/ }).getByText(String(count), { exact: true });

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

async function unread(page: Page): Promise<{ messages: number; notifications: number }> {
  return (await page.request.get('/api/unread')).json();
}

test('two people exchange messages live, with badges, the notification centre and a reconnect', async ({
  page,
  browser,
  people,
}, testInfo) => {
  // two pages, a reconnect and the notification centre: 58 s of a minute on a slow machine's phone run
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  // Two people of the test's own: Leo with an offer in the feed, Ava who writes to him about it.
  const leoPerson = await people.creator({ displayName: `Leo ${uniqueWord('m')}` });
  const avaPerson = await people.person({ displayName: `Ava ${uniqueWord('m')}` });
  const avaName = avaPerson.displayName;
  await logIn(page, leoPerson.email, leoPerson.password);
  const leo = page;
  const ava = await secondPerson(browser, testInfo, avaPerson);
  try {
    // start both clean, so the badge counts below are exact
    for (const person of [leo, ava.page]) {
      const { conversations } = await (await person.request.get('/api/messages/conversations')).json();
      for (const c of conversations as Array<{ otherUser: { id: string } }>)
        await person.request.post(`/api/messages/with/${c.otherUser.id}/read`, {
          data: {},
          headers: { origin: new URL(person.url()).origin },
        });
      await person.request.post('/api/notifications/read-all', {
        data: {},
        headers: { origin: new URL(person.url()).origin },
      });
    }
    const { offer } = await (await leo.request.get('/api/offers/mine')).json();
    const leoId: string = offer.creator.id;
    const avaId: string = (await (await ava.page.request.get('/api/me')).json()).viewer.id;

    await leo.goto('/messages');
    await expect(leo.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    // Ava writes to Leo from his offer, through the Send Message dialog
    await ava.page.goto(`/offer/${offer.id}`);
    await ava.page.getByRole('button', { name: 'Message' }).click();
    const dialog = ava.page.getByRole('dialog', { name: messageTexts.dialogTitle });
    const box = dialog.getByLabel(messageTexts.label);
    const send = dialog.getByRole('button', { name: messageTexts.send });
    await expect(dialog.getByText(`0/1000`)).toBeVisible();
    await expect(send).toBeDisabled();
    await box.fill('<script>alert(1)</script>');
    await expect(dialog.getByRole('alert')).toHaveText(`${messageTexts.invalidTitle}: ${messageTexts.invalidBody}`);
    await expect(send).toBeDisabled();
    await box.fill('x'.repeat(1001));
    await expect(dialog.getByText('1000/1000')).toBeVisible();
    const first = `Hi Leo! 5 < 6 & "quotes" &lt;b&gt;stays text&lt;/b&gt; ${stamp}`;
    await box.fill(first);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(ava.page.getByText(messageTexts.sent)).toBeVisible();

    // Leo sees it within a second, without a reload: badges and the conversation list
    await expect(badge(leo, phone, 'Messages', phone ? 1 : 2)).toBeVisible({ timeout: 1000 });
    if (phone) await expect(badge(leo, phone, 'Notifications', 1)).toBeVisible();
    const conversation = leo
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(avaName) });
    await expect(conversation).toBeVisible({ timeout: 2000 });
    await expect(
      leo.getByText(messageTexts.conversationCount(1), { exact: false }).or(leo.getByText(/\d+ conversations/)),
    ).toBeVisible();
    await expect(conversation.getByText('1 unread')).toBeVisible();
    if (phone) await leo.screenshot({ path: path.join(SHOTS, 'messages-list-390.png') });

    // the notification centre links to the thread; opening the thread marks it read
    await leo.goto('/notifications');
    const note = leo.getByRole('link', { name: new RegExp(`${notificationTexts.newMessage(avaName)}`) }).first();
    await expect(note).toBeVisible();
    if (phone) await leo.screenshot({ path: path.join(SHOTS, 'notifications-390.png') });
    await expectNoAxeViolations(leo, '/notifications with items');
    await note.click();
    await expect(leo).toHaveURL(new RegExp(`/messages\\?with=${avaId}`));
    const leoThread = leo.getByRole('list', { name: 'Messages' });
    await expect(leoThread.getByText(first, { exact: true })).toBeVisible();
    await expect(leoThread.getByText(messageTexts.re(offer.title)).first()).toBeVisible();
    await expect(leo.locator('b', { hasText: 'stays text' })).toHaveCount(0);
    await expect.poll(() => unread(leo)).toEqual({ messages: 0, notifications: 0 });
    await expect(badge(leo, phone, 'Messages', phone ? 1 : 2)).toHaveCount(0);

    // Ava keeps the thread open (through a relay the test can cut); Leo's reply appears there live
    const relay = await cuttableRelay(new URL(leo.url()));
    try {
      await ava.page.goto(`${relay.base}/messages?with=${leoId}`);
      const avaThread = ava.page.getByRole('list', { name: 'Messages' });
      await expect(avaThread.getByText(first, { exact: true })).toBeVisible();
      await expect(avaThread.getByText(messageTexts.you).first()).toBeVisible();
      const reply = `Sure, send me a reference track ${stamp}`;
      await leo.getByLabel(messageTexts.replyLabel(avaName)).fill(reply);
      await leo.getByRole('button', { name: messageTexts.send }).click();
      await expect(avaThread.getByText(reply)).toBeVisible({ timeout: 1500 });
      // arriving in the open thread, it is read at once: no badge for what she is looking at
      await expect.poll(() => unread(ava.page)).toEqual({ messages: 0, notifications: 0 });
      if (phone) await leo.screenshot({ path: path.join(SHOTS, 'thread-390.png') });
      await expectNoAxeViolations(leo, 'a thread');

      // Ava's connection drops; what Leo sends meanwhile shows up once it is back, without a reload
      relay.cut();
      await expect(ava.page.getByText(messageTexts.reconnecting)).toBeVisible({ timeout: 5000 });
      const meanwhile = `Sent while you were away ${stamp}`;
      await leo.getByLabel(messageTexts.replyLabel(avaName)).fill(meanwhile);
      await leo.getByRole('button', { name: messageTexts.send }).click();
      await expect(leoThread.getByText(meanwhile)).toBeVisible();
      await expect(avaThread.getByText(meanwhile)).toHaveCount(0);
      await relay.restore();
      await expect(avaThread.getByText(meanwhile)).toBeVisible({ timeout: 15_000 });
      await expect(ava.page.getByText(messageTexts.reconnecting)).toHaveCount(0);
    } finally {
      relay.close();
    }
    expect(ava.errors).toEqual([]);
  } finally {
    await ava.context.close();
  }
});

test('anonymous people are asked to log in, and mark-all-read clears the notification badge', async ({
  page,
  people,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Message', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: texts.auth.required })).toContainText(texts.auth.loginToMessage);
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/signup/);
  // Someone new has no conversations yet.
  await people.signUpVerified(page);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: messageTexts.noMessages })).toBeVisible();
  await expect(page.getByText(messageTexts.noMessagesHint)).toBeVisible();
  await page.context().clearCookies();
  // Someone of the test's own with an unread notification: their offer was approved.
  const reader = await people.creator();
  await logIn(page, reader.email, reader.password);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: notificationTexts.pageTitle, exact: true })).toBeVisible();
  const markAll = page.getByRole('button', { name: notificationTexts.markAllRead });
  // The approval's notification is unread: the button waits for the list, then clears it.
  await expect(markAll).toBeEnabled();
  await markAll.click();
  await expect(markAll).toBeDisabled();
  if (testInfo.project.name === 'phone') {
    await expect(
      page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: /Notifications\s*, \d+ unread/ }),
    ).toHaveCount(0);
  }
  for (const screen of ['/notifications', '/messages']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, screen);
  }
});

test('a person with more conversations than a page shows the older ones with "Show more conversations"', async ({
  page,
  people,
}) => {
  test.slow(); // 31 people of its own sign up and write, one after another
  const leo = await people.creator({ displayName: `Leo ${uniqueWord('p')}` });
  const { offer } = leo;
  // 31 people write to Leo, one after another: the first is the oldest, past the first page of 30
  const writers: string[] = [];
  for (let i = 0; i < 31; i++) {
    const writer = await people.person({ displayName: `Writer ${i} ${uniqueWord('p')}` });
    const sent = await writer.api.post('/api/messages', { data: { offerId: offer.id, text: `Hello from ${i}` } });
    expect(sent.status(), await sent.text()).toBe(201);
    writers.push(writer.displayName);
  }
  await logIn(page, leo.email, leo.password);
  await page.goto('/messages');
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('link', { name: new RegExp(writers[30]!) })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(30);
  await expect(page.getByText(messageTexts.conversationCount(31))).toBeVisible();
  await expect(list.getByRole('link', { name: new RegExp(writers[0]!) })).toHaveCount(0);
  const more = page.getByRole('button', { name: 'Show more conversations' }); // messageTexts.moreConversations.show
  await more.click();
  await expect(list.getByRole('link', { name: new RegExp(writers[0]!) })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(31);
  await expect(more).toHaveCount(0);
  // newest first, every writer once
  const names = await list.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent ?? ''));
  expect(names.map((name) => writers.findIndex((writer) => name.includes(writer)))).toEqual(
    writers.map((_, i) => 30 - i),
  );
});

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('blocking someone from a thread: their next message is refused, and unblocking lets them write again', async ({
  page,
  browser,
  people,
}, testInfo) => {
  const leoPerson = await people.creator({ displayName: `Leo ${uniqueWord('b')}` });
  const avaPerson = await people.person({ displayName: `Ava ${uniqueWord('b')}` });
  const sent = await avaPerson.api.post('/api/messages', {
    data: { offerId: leoPerson.offer.id, text: 'Hi Leo, can you do this by Friday?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const avaId: string = ((await (await avaPerson.api.get('/api/me')).json()) as { viewer: { id: string } }).viewer.id;

  // Leo opens the thread and blocks Ava after a confirmation
  await logIn(page, leoPerson.email, leoPerson.password);
  await page.goto(`/messages?with=${avaId}`);
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Hi Leo, can you do this by Friday?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${avaPerson.displayName}?` });
  await expect(confirm.getByText(/They are not told\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText(`${avaPerson.displayName} is blocked.`)).toBeVisible();
  await expect(
    page.getByText(`You blocked ${avaPerson.displayName}. Unblock them to write to each other again.`),
  ).toBeVisible();
  await expect(page.getByLabel(messageTexts.replyLabel(avaPerson.displayName))).toHaveCount(0);
  await page.screenshot({ path: `.tmp/screens/thread-blocked-${testInfo.project.name}.png` });

  // Ava's reply in her open thread is refused, with no hint that she was blocked
  const ava = await secondPerson(browser, testInfo, avaPerson);
  await ava.page.goto(`/messages?with=${leoPerson.id}`);
  await ava.page.getByLabel(messageTexts.replyLabel(leoPerson.displayName)).fill('Hello? Are you there?');
  await ava.page.getByRole('button', { name: messageTexts.send }).click();
  await expect(ava.page.getByText(messageTexts.conversationNotFound).first()).toBeVisible();
  // and Leo's offer cannot be messaged either
  const again = await avaPerson.api.post('/api/messages', { data: { offerId: leoPerson.offer.id, text: 'Hi again' } });
  expect(again.status()).toBe(404);

  // Settings lists Ava; unblocking there lets her write again
  await page.goto('/settings');
  const blocked = page.getByRole('list', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: `Unblock ${avaPerson.displayName}` }).click();
  await expect(page.getByText(`${avaPerson.displayName} is unblocked.`)).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();
  const afterUnblock = await avaPerson.api.post('/api/messages', {
    data: { offerId: leoPerson.offer.id, text: 'Thanks for unblocking!' },
  });
  expect(afterUnblock.status()).toBe(201);
  await ava.context.close();
});
