/**
 * The authorization matrix: every API route against every kind of caller, replayed on the real app.
 * The table is checked against the router, so a route added without a row fails here.
 *
 * The world: a seller with an approved paid offer; a buyer with orders on it (each row that moves
 * an order gets a fresh one in the state it needs), a message from the buyer to the seller, a
 * private job from the buyer to the designer with one file; an admin; and two signed-in people who
 * have nothing to do with any of it ("user" acts on their own things, "other" is a stranger).
 * Resources that are not the caller's answer 404 (their existence is not confirmed) unless the route
 * is about a role (admin routes: 403).
 */
import { isDeepStrictEqual } from 'node:util';
import { apiErrorBody, apiRoutes, type ApiRouteSpec } from '@gigreel/core';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import {
  gigMessages,
  moderationActions,
  notifications,
  orders,
  offers,
  privateJobs,
  reportCases,
  reviews,
  users,
} from '../db/schema.ts';
import { createOrderIn, createPaidOffer, multipart, pdfBytes, pngBytes } from '../orders/test-helpers.ts';
import { unsubscribeToken } from '../notifications/notification-settings.service.ts';
import { appealPath } from '../reports/moderation.service.ts';
import { routesOf } from '../../test/routes.ts';
import { isRawResponse } from './declare.ts';

const PERSONAS = ['anonymous', 'user', 'other', 'buyer', 'seller', 'designer', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  client?: TestClient;
};
/** A live stream that stays open: not replayed through inject (see the row). */
const STREAM = -1;
type Row = { route: string; expect: number[]; call: (who: Persona) => Promise<Call> | Call };

let t: TestApp;
/** Every answer the matrix saw, replayed against the route table below. */
const answers: Array<{ route: string; who: Persona; status: number; type: string; body: string }> = [];
const people = {} as Record<
  Exclude<Persona, 'anonymous'>,
  TestClient & { user: { id: string; email: string; name: string } }
>;
let offerId: string; // the seller's approved paid offer
let userOfferId: string; // the user's own approved free offer
let jobId: string;
let jobFileId: string;
let deliveredOrderId: string;

const clientOf = (who: Persona): TestClient => (who === 'anonymous' ? t.client() : people[who]);
const json = (method: Call['method'], url: string, payload?: unknown): Call => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as object }),
});
const form = (
  method: Call['method'],
  url: string,
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; data: Buffer }>,
): Call => ({ method, url, ...multipart(fields, files) });
/** Placed two days ago, so these many fixture orders leave the buyer's daily order quota (orders.test.ts) untouched. */
const order = (status: Parameters<typeof createOrderIn>[1]) =>
  createOrderIn(t, status, {
    buyerId: people.buyer.user.id,
    sellerId: people.seller.user.id,
    offerId,
    placedAt: new Date(t.clock.now().getTime() - 2 * 24 * 3600_000),
  });
/** An open report case about an offer of its own (hiding one hides that offer, not the matrix's). */
const reportCase = async () => {
  const owner = await t.createUser();
  const target = await createPaidOffer(t, owner.id);
  const [row] = await t.deps.database.db
    .insert(reportCases)
    .values({ targetKind: 'offer', targetId: target, ownerId: owner.id, snapshot: 'Offer', lastReportedAt: new Date() })
    .returning({ id: reportCases.id });
  return row!.id;
};
/** An admin's action against a person of its own, appealed already when `appealed`; answers its id. */
const moderationAction = async (appealed = false) => {
  const owner = await t.createUser();
  const [row] = await t.deps.database.db
    .insert(moderationActions)
    .values({
      kind: 'suspend',
      userId: owner.id,
      rule: 'spam',
      note: 'Spam.',
      ...(appealed ? { appealStatus: 'pending', appealText: 'It was not spam.', appealedAt: new Date() } : {}),
    })
    .returning({ id: moderationActions.id });
  return row!.id;
};
/** The action's appeal link is the key: everyone holding it may read and appeal; "other" holds a forged one. */
const appealUrl = async (who: Persona) => {
  const token = appealPath(t.deps, await moderationAction()).slice('/appeal/'.length);
  return `/api/appeals/${who === 'other' ? `${token.slice(0, token.indexOf('.'))}.${'A'.repeat(32)}` : token}`;
};
/** A mail's unsubscribe link is the key: the user's, which everyone holding it may use; "other" holds a forged one. */
const unsubscribeUrl = (who: Persona) => {
  const token = unsubscribeToken(t.deps.config.authSecret, people.user.user.id, 'orders');
  return `/api/unsubscribe/${who === 'other' ? `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(32)}` : token}`;
};
/** A device of this persona's at a push service (the endpoint is all the server stores of it here). */
const pushDevice = (who: Persona) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${who}`,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
  },
});
/** A fresh signed-in client for this persona, for routes that end or replace the session they run on. */
const freshSession = async (who: Persona): Promise<TestClient> => {
  const client = t.client();
  if (who !== 'anonymous')
    await client.post('/api/auth/sign-in/email', { email: people[who].user.email, password: 'Password123' });
  return client;
};
/**
 * A pending job from the buyer to the designer, written straight to the database: sending has its own
 * row, and sending this many through the route would run into the daily job quota (jobs.test.ts).
 */
async function freshJob(): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(privateJobs)
    .values({
      fromUserId: people.buyer.user.id,
      toUserId: people.designer.user.id,
      title: 'Flyer',
      deliveryTime: '2 Days',
      status: 'pending',
      createdAt: t.clock.now(),
    })
    .returning({ id: privateJobs.id });
  return row!.id;
}
async function throwawayCreator(): Promise<string> {
  return (await t.createUser({ name: 'Someone to remove' })).id;
}
/**
 * For the routes that change a person's own account for good (a new password, deleting it): a new
 * account of the persona's kind (an admin for the admin; the designer's address is the matrix's own, so
 * a plain person stands in), so the matrix's people keep theirs.
 */
async function ownThrowaway(who: Persona): Promise<TestClient> {
  return who === 'anonymous' ? t.client() : t.signedIn({ name: `Throwaway ${who}`, admin: who === 'admin' });
}
/** A session of "user" other than the matrix's own, to be ended by id. */
async function extraSessionOfUser(): Promise<string> {
  const client = t.client('198.51.100.250');
  await client.post('/api/auth/sign-in/email', { email: people.user.user.email, password: 'Password123' });
  const [row] = await t.deps.database.query<{ id: string }>(
    'select id from sessions where user_id = $1 order by created_at desc limit 1',
    [people.user.user.id],
  );
  return row!.id;
}

//                anonymous user other buyer seller designer admin
const ROWS: Row[] = [
  // Public reads
  { route: 'GET /api/health', expect: [200, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/health') },
  { route: 'GET /api/ready', expect: [200, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/ready') },
  {
    route: 'GET /api/openapi.json',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/openapi.json'),
  },
  { route: 'GET /api/me', expect: [200, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/me') },
  { route: 'GET /api/feed', expect: [200, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/feed') },
  {
    route: 'GET /api/feed/following',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/feed/following'),
  },
  {
    route: 'GET /api/feed/state',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/feed/state?ids=${offerId}`),
  },
  {
    route: 'GET /api/offers/:id',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/offers/${offerId}`),
  },
  {
    route: 'GET /api/creators/:id',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/creators/${people.seller.user.id}`),
  },
  {
    route: 'GET /api/search/suggestions',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/search/suggestions?q=se'),
  },
  {
    route: 'GET /api/search/count',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/search/count?q=offer'),
  },
  {
    route: 'GET /offer/:id',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/offer/${offerId}`),
  },
  {
    route: 'GET /creator/:id',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/creator/${people.seller.user.id}`),
  },
  // Sign-in routes: open to everyone, they act on the credentials given
  {
    route: 'POST /api/auth/sign-up/email',
    expect: [201, 201, 201, 201, 201, 201, 201],
    call: (who) =>
      json('POST', '/api/auth/sign-up/email', {
        displayName: 'New Person',
        email: `new-${who}-${Date.now()}@example.com`,
        password: 'Password123',
      }),
  },
  {
    route: 'POST /api/auth/sign-in/email',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: async (who) => ({
      ...json('POST', '/api/auth/sign-in/email', { email: people.other.user.email, password: 'Password123' }),
      client: await freshSession(who),
    }),
  },
  {
    route: 'POST /api/auth/sign-out',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: async (who) => ({ ...json('POST', '/api/auth/sign-out'), client: await freshSession(who) }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', '/api/auth/forgot-password', { email: 'nobody@example.com' }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expect: [400, 400, 400, 400, 400, 400, 400],
    call: () => json('POST', '/api/auth/reset-password', { token: 'not-a-token', password: 'Password123' }),
  },
  {
    route: 'GET /api/auth/verify-email',
    expect: [302, 302, 302, 302, 302, 302, 302],
    call: () => json('GET', '/api/auth/verify-email?token=not-a-token'),
  },
  {
    route: 'GET /api/auth/unlock',
    expect: [302, 302, 302, 302, 302, 302, 302],
    call: () => json('GET', '/api/auth/unlock?token=not-a-token'),
  },
  // Signed-in people, each on their own things
  { route: 'GET /api/unread', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/unread') },
  {
    route: 'GET /api/notifications/settings',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/notifications/settings'),
  },
  {
    route: 'PUT /api/notifications/settings',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('PUT', '/api/notifications/settings', { topic: 'reviews', channel: 'push', on: false }),
  },
  {
    // the link is the key, as an appeal link is: it works signed out, from the mail
    route: 'GET /api/unsubscribe/:token',
    expect: [200, 200, 404, 200, 200, 200, 200],
    call: (who) => json('GET', unsubscribeUrl(who)),
  },
  {
    route: 'POST /api/unsubscribe/:token',
    expect: [200, 200, 404, 200, 200, 200, 200],
    call: (who) => json('POST', unsubscribeUrl(who), {}),
  },
  { route: 'GET /api/push/key', expect: [200, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/push/key') },
  {
    route: 'PUT /api/push/subscription',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: (who) => json('PUT', '/api/push/subscription', pushDevice(who)),
  },
  {
    // one's own device only: another person's endpoint is left alone (the same answer, nothing removed)
    route: 'DELETE /api/push/subscription',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: (who) => json('DELETE', '/api/push/subscription', { endpoint: pushDevice(who).endpoint }),
  },
  { route: 'GET /api/boosted', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/boosted') },
  {
    route: 'GET /api/explore/tags',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/explore/tags'),
  },
  {
    route: 'GET /api/offers/mine',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/offers/mine'),
  },
  {
    route: 'PUT /api/offers/mine',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: async (who) =>
      form('PUT', '/api/offers/mine', { title: `Offer of ${who}`, link: 'example.com/offer', tags: 'design' }, [
        { field: 'media', name: 'offer.png', data: await pngBytes() },
      ]),
  },
  { route: 'GET /api/profile', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/profile') },
  {
    route: 'PATCH /api/profile',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: (who) => json('PATCH', '/api/profile', { displayName: `Name of ${who}` }),
  },
  {
    route: 'PUT /api/profile/avatar',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: async () =>
      form('PUT', '/api/profile/avatar', {}, [{ field: 'avatar', name: 'me.png', data: await pngBytes() }]),
  },
  {
    route: 'DELETE /api/profile/avatar',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('DELETE', '/api/profile/avatar'),
  },
  {
    route: 'GET /api/notifications',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/notifications'),
  },
  {
    route: 'POST /api/notifications/read-all',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', '/api/notifications/read-all'),
  },
  {
    route: 'GET /api/messages/conversations',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/messages/conversations'),
  },
  { route: 'GET /api/orders', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/orders') },
  {
    route: 'GET /api/jobs/sent',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/jobs/sent'),
  },
  {
    route: 'GET /api/jobs/inbox',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/jobs/inbox'),
  },
  // The live stream never ends, so only the refusal is replayed here; realtime.test.ts opens it signed in.
  {
    route: 'GET /api/events',
    expect: [401, STREAM, STREAM, STREAM, STREAM, STREAM, STREAM],
    call: () => json('GET', '/api/events'),
  },
  // Engagement: never on one's own offer where the rule says so
  {
    route: 'POST /api/offers/:id/boost',
    expect: [401, 200, 200, 200, 403, 200, 200],
    call: () => json('POST', `/api/offers/${offerId}/boost`, { active: true }),
  },
  {
    route: 'POST /api/offers/:id/favorite',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', `/api/offers/${offerId}/favorite`, { active: true }),
  },
  {
    route: 'PUT /api/offers/:id/reaction',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('PUT', `/api/offers/${offerId}/reaction`, { emoji: 'Hype' }),
  },
  {
    route: 'POST /api/offers/:id/share',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', `/api/offers/${offerId}/share`),
  },
  // Messages: to the seller about their offer; a thread is between its two people
  {
    route: 'POST /api/messages',
    expect: [401, 201, 201, 201, 400, 201, 201],
    call: () => json('POST', '/api/messages', { offerId, text: 'Is this still available?' }),
  },
  {
    route: 'GET /api/messages/with/:userId',
    expect: [401, 200, 200, 404, 200, 200, 200],
    call: () => json('GET', `/api/messages/with/${people.buyer.user.id}`),
  },
  {
    route: 'POST /api/messages/with/:userId',
    expect: [401, 404, 404, 400, 201, 404, 404],
    call: () => json('POST', `/api/messages/with/${people.buyer.user.id}`, { text: 'Thanks for asking' }),
  },
  {
    route: 'POST /api/messages/with/:userId/read',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', `/api/messages/with/${people.buyer.user.id}/read`),
  },
  {
    route: 'POST /api/notifications/:id/read',
    expect: [401, 404, 404, 404, 200, 404, 404],
    call: async () => json('POST', `/api/notifications/${await sellerNotification()}/read`),
  },
  // Orders: the buyer buys, pays and accepts; the seller delivers; nobody else sees them
  {
    route: 'POST /api/orders',
    expect: [401, 201, 201, 201, 403, 201, 201],
    call: () => json('POST', '/api/orders', { offerId }),
  },
  {
    route: 'GET /api/orders/:id',
    expect: [401, 404, 404, 200, 200, 404, 200],
    call: () => json('GET', `/api/orders/${deliveredOrderId}`),
  },
  {
    route: 'POST /api/orders/:id/paid',
    expect: [401, 404, 404, 200, 403, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('awaiting_payment')}/paid`),
  },
  {
    route: 'POST /api/orders/:id/delivery',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () =>
      form('POST', `/api/orders/${await order('paid')}/delivery`, {}, [
        { field: 'file', name: 'final.pdf', data: pdfBytes() },
      ]),
  },
  {
    route: 'POST /api/orders/:id/complete',
    expect: [401, 404, 404, 200, 403, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('delivered')}/complete`),
  },
  {
    route: 'POST /api/orders/:id/payment-received',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('paid')}/payment-received`),
  },
  {
    route: 'POST /api/orders/:id/payment-not-received',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('paid')}/payment-not-received`, { note: 'Not yet.' }),
  },
  {
    route: 'POST /api/orders/:id/cancel',
    expect: [401, 404, 404, 200, 403, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('awaiting_payment')}/cancel`),
  },
  {
    route: 'POST /api/orders/:id/decline',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('awaiting_payment')}/decline`, { reason: 'Booked.' }),
  },
  {
    route: 'POST /api/orders/:id/changes',
    expect: [401, 404, 404, 200, 403, 404, 403],
    call: async () => json('POST', `/api/orders/${await order('delivered')}/changes`, { note: 'Darker blue.' }),
  },
  {
    route: 'PUT /api/orders/:id/delivery',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () =>
      form('PUT', `/api/orders/${await order('delivered')}/delivery`, {}, [
        { field: 'file', name: 'fixed.pdf', data: pdfBytes() },
      ]),
  },
  {
    route: 'POST /api/orders/:id/problem',
    expect: [401, 404, 404, 200, 200, 404, 403],
    call: async () =>
      json('POST', `/api/orders/${await order('delivered')}/problem`, {
        reason: 'not_as_described',
        details: 'Not the logo that was offered.',
      }),
  },
  {
    route: 'GET /api/blocks',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/blocks'),
  },
  {
    route: 'GET /api/blocks/:userId',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/blocks/${people.other.user.id}`),
  },
  {
    // everyone may block anyone but themselves (the 400 is "other" blocking themselves)
    route: 'PUT /api/blocks/:userId',
    expect: [401, 200, 400, 200, 200, 200, 200],
    call: () => json('PUT', `/api/blocks/${people.other.user.id}`),
  },
  {
    route: 'DELETE /api/blocks/:userId',
    expect: [401, 200, 400, 200, 200, 200, 200],
    call: () => json('DELETE', `/api/blocks/${people.other.user.id}`),
  },
  {
    // anyone signed in may follow the seller, but not the seller themselves
    route: 'PUT /api/follows/:userId',
    expect: [401, 200, 200, 200, 400, 200, 200],
    call: () => json('PUT', `/api/follows/${people.seller.user.id}`),
  },
  {
    route: 'DELETE /api/follows/:userId',
    expect: [401, 200, 200, 200, 400, 200, 200],
    call: () => json('DELETE', `/api/follows/${people.seller.user.id}`),
  },
  // An account people control (issue 19): each person acts on their own account only
  { route: 'GET /api/account', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/account') },
  {
    route: 'POST /api/account/password',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: async (who) => ({
      ...json('POST', '/api/account/password', { currentPassword: 'Password123', newPassword: 'Brandnew123' }),
      client: await ownThrowaway(who),
    }),
  },
  {
    route: 'POST /api/account/email',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: (who) =>
      json('POST', '/api/account/email', { email: `moved-${who}-${Date.now()}@example.com`, password: 'Password123' }),
  },
  {
    route: 'DELETE /api/account/email',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('DELETE', '/api/account/email'),
  },
  {
    route: 'GET /api/account/email/confirm',
    expect: [302, 302, 302, 302, 302, 302, 302],
    call: () => json('GET', '/api/account/email/confirm?token=not-a-token'),
  },
  {
    route: 'GET /api/account/sessions',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/account/sessions'),
  },
  {
    // a session of "user": only they may end it; to anyone else it is not there
    route: 'DELETE /api/account/sessions/:id',
    expect: [401, 200, 404, 404, 404, 404, 404],
    call: async () => json('DELETE', `/api/account/sessions/${await extraSessionOfUser()}`),
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', '/api/account/sessions/sign-out-others'),
  },
  {
    route: 'GET /api/account/export',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/account/export'),
  },
  {
    // an admin's account is not deleted from here
    route: 'DELETE /api/account',
    expect: [401, 200, 200, 200, 200, 200, 403],
    call: async (who) => ({
      ...json('DELETE', '/api/account', { password: 'Password123', confirmation: 'DELETE' }),
      client: await ownThrowaway(who),
    }),
  },
  {
    route: 'POST /api/auth/resend-verification',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: (who) => json('POST', '/api/auth/resend-verification', { email: `waiting-${who}@example.com` }),
  },
  { route: 'GET /api/saved', expect: [401, 200, 200, 200, 200, 200, 200], call: () => json('GET', '/api/saved') },
  {
    // anyone's views and clicks are taken (the seller's own are not counted: stats.test.ts)
    route: 'POST /api/stats/events',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('POST', '/api/stats/events', { events: [{ offerId, kind: 'view' }] }),
  },
  {
    // only ever the caller's own offer (none: an empty period)
    route: 'GET /api/stats/mine',
    expect: [401, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', '/api/stats/mine?days=7'),
  },
  {
    // the seller may not report their own offer
    route: 'POST /api/reports',
    expect: [401, 201, 201, 201, 400, 201, 201],
    call: () => json('POST', '/api/reports', { kind: 'offer', id: offerId, reason: 'spam' }),
  },
  {
    route: 'GET /api/admin/reports',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/reports'),
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () => json('POST', `/api/admin/reports/${await reportCase()}/dismiss`, {}),
  },
  {
    route: 'POST /api/admin/reports/:id/hide',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json('POST', `/api/admin/reports/${await reportCase()}/hide`, { rule: 'spam', note: 'Spam in the title.' }),
  },
  {
    route: 'POST /api/admin/reports/:id/suspend',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json('POST', `/api/admin/reports/${await reportCase()}/suspend`, { rule: 'spam', note: 'Spam.', days: 7 }),
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss-similar',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () => json('POST', `/api/admin/reports/${await reportCase()}/dismiss-similar`, {}),
  },
  {
    // the link is the key, as a password reset link is (a suspended person cannot sign in)
    route: 'GET /api/appeals/:token',
    expect: [200, 200, 404, 200, 200, 200, 200],
    call: async (who) => json('GET', await appealUrl(who)),
  },
  {
    route: 'POST /api/appeals/:token',
    expect: [201, 201, 404, 201, 201, 201, 201],
    call: async (who) => json('POST', await appealUrl(who), { text: 'It was not spam.' }),
  },
  {
    route: 'GET /api/admin/appeals',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/appeals'),
  },
  {
    route: 'POST /api/admin/appeals/:id/decide',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json('POST', `/api/admin/appeals/${await moderationAction(true)}/decide`, { outcome: 'uphold', note: 'It was.' }),
  },
  {
    route: 'GET /api/admin/disputes',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/disputes'),
  },
  {
    route: 'POST /api/admin/disputes/:id/resolve',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json('POST', `/api/admin/disputes/${await order('disputed')}/resolve`, {
        outcome: 'complete',
        note: 'The delivery matches the offer.',
      }),
  },
  {
    route: 'PUT /api/orders/:id/review',
    expect: [401, 404, 404, 200, 403, 404, 403],
    call: async () => json('PUT', `/api/orders/${await order('completed')}/review`, { rating: 5 }),
  },
  {
    route: 'POST /api/orders/:id/review/reply',
    expect: [401, 404, 404, 403, 200, 404, 403],
    call: async () => {
      const id = await order('completed');
      await t.deps.database.db.insert(reviews).values({
        orderId: id,
        offerId,
        sellerId: people.seller.user.id,
        buyerId: people.buyer.user.id,
        rating: 4,
      });
      return json('POST', `/api/orders/${id}/review/reply`, { text: 'Thank you!' });
    },
  },
  {
    route: 'GET /api/offers/:id/reviews',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/offers/${offerId}/reviews`),
  },
  {
    route: 'GET /api/creators/:id/reviews',
    expect: [200, 200, 200, 200, 200, 200, 200],
    call: () => json('GET', `/api/creators/${people.seller.user.id}/reviews`),
  },
  {
    route: 'POST /api/orders/:id/messages',
    expect: [401, 404, 404, 201, 400, 404, 403],
    call: () => json('POST', `/api/orders/${deliveredOrderId}/messages`, { key: 'all_good' }),
  },
  {
    route: 'GET /api/orders/:id/delivery-link',
    expect: [401, 404, 404, 200, 200, 404, 200],
    call: () => json('GET', `/api/orders/${deliveredOrderId}/delivery-link`),
  },
  {
    route: 'GET /api/orders/:id/delivery/file',
    expect: [403, 403, 403, 403, 403, 403, 403],
    call: () =>
      json(
        'GET',
        `/api/orders/${deliveredOrderId}/delivery/file?expires=${Math.floor(Date.now() / 1000) + 600}&sig=${'a'.repeat(43)}`,
      ),
  },
  // Private jobs: sent to the designer, who alone decides; files for the two of them and admins
  {
    route: 'POST /api/jobs',
    expect: [401, 201, 201, 201, 201, 400, 201],
    call: () => form('POST', '/api/jobs', { title: 'Menu design', deliveryTime: '1 Week' }, []),
  },
  {
    route: 'POST /api/jobs/:id/status',
    expect: [401, 404, 404, 403, 404, 200, 403],
    call: async () => json('POST', `/api/jobs/${await freshJob()}/status`, { status: 'accepted' }),
  },
  {
    route: 'GET /api/jobs/:id/files/:fileId',
    expect: [401, 404, 404, 200, 404, 200, 200],
    call: () => json('GET', `/api/jobs/${jobId}/files/${jobFileId}`),
  },
  // Admin: the role, checked on the server for every route
  {
    route: 'GET /api/admin/dashboard',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/dashboard'),
  },
  {
    route: 'GET /api/admin/analytics',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/analytics'),
  },
  {
    route: 'GET /api/admin/audit-log',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/audit-log'),
  },
  {
    route: 'GET /api/admin/feed-debug',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/feed-debug'),
  },
  {
    route: 'GET /api/admin/messages',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/messages'),
  },
  {
    route: 'GET /api/admin/export-counts',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/export-counts'),
  },
  {
    route: 'GET /api/admin/export/:table',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/export/users'),
  },
  {
    route: 'GET /api/admin/creators',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/creators'),
  },
  {
    route: 'POST /api/admin/creators',
    expect: [401, 403, 403, 403, 403, 403, 201],
    call: () => json('POST', '/api/admin/creators', { displayName: 'Made by admin' }),
  },
  {
    route: 'PATCH /api/admin/creators/:id',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('PATCH', `/api/admin/creators/${people.other.user.id}`, { displayName: 'Renamed Other' }),
  },
  {
    route: 'DELETE /api/admin/creators/:id',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () => json('DELETE', `/api/admin/creators/${await throwawayCreator()}`),
  },
  {
    route: 'GET /api/admin/gigs',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () => json('GET', '/api/admin/gigs'),
  },
  {
    route: 'POST /api/admin/gigs',
    expect: [401, 403, 403, 403, 403, 403, 201],
    call: async () =>
      form('POST', '/api/admin/gigs', { userId: await throwawayCreator(), title: 'Admin gig', link: 'example.com/g' }, [
        { field: 'media', name: 'g.png', data: await pngBytes() },
      ]),
  },
  {
    route: 'PATCH /api/admin/gigs/:id',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: () =>
      form('PATCH', `/api/admin/gigs/${userOfferId}`, { title: 'Edited by admin', link: 'example.com/u' }, []),
  },
  {
    route: 'POST /api/admin/offers/:id/approve',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json('POST', `/api/admin/offers/${userOfferId}/approve`, {
        version: (
          await t.deps.database.query<{ version: number }>('select version from offers where id = $1', [userOfferId])
        )[0]!.version,
      }),
  },
  {
    route: 'DELETE /api/admin/gigs/:id',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      json(
        'DELETE',
        `/api/admin/gigs/${
          (
            await t.deps.database.db
              .insert(offers)
              .values({
                userId: await throwawayCreator(),
                title: 'To delete',
                mediaKey: 'offers/x/1.webp',
                mediaType: 'image/webp',
              })
              .returning({ id: offers.id })
          )[0]!.id
        }`,
      ),
  },
  {
    route: 'POST /api/admin/self-test',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async () =>
      form('POST', '/api/admin/self-test', {}, [{ field: 'media', name: 't.png', data: await pngBytes() }]),
  },
  {
    route: 'POST /api/admin/impersonate/:userId',
    expect: [401, 403, 403, 403, 403, 403, 200],
    call: async (who) => ({
      ...json('POST', `/api/admin/impersonate/${people.other.user.id}`),
      client: await freshSession(who),
    }),
  },
  {
    route: 'POST /api/admin/impersonation/stop',
    expect: [401, 403, 403, 403, 403, 403, 403],
    call: () => json('POST', '/api/admin/impersonation/stop'),
  },
];

async function sellerNotification(): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(notifications)
    .values({ userId: people.seller.user.id, kind: 'message', title: 'New message', body: 'Hello', link: '/messages' })
    .returning({ id: notifications.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['user', 'other', 'buyer', 'seller', 'admin'] as const)
    people[who] = await t.signedIn({ name: `The ${who}`, admin: who === 'admin' });
  people.designer = await t.signedIn({ email: 'designer@example.com', name: 'The designer' });
  offerId = await createPaidOffer(t, people.seller.user.id, { title: 'Logo in a day' });
  userOfferId = await createPaidOffer(t, people.user.user.id, {
    isPaidOffer: false,
    pricePence: null,
    paypalLink: null,
    title: 'Free stickers',
  });
  deliveredOrderId = await order('delivered');
  const deliveredFile = await people.seller.request(
    form('POST', `/api/orders/${await order('paid')}/delivery`, {}, [
      { field: 'file', name: 'final.pdf', data: pdfBytes() },
    ]),
  );
  if (deliveredFile.statusCode !== 200) throw new Error(deliveredFile.body);
  deliveredOrderId = deliveredFile.json().order.id;
  await t.deps.database.db
    .insert(gigMessages)
    .values({ senderId: people.buyer.user.id, receiverId: people.seller.user.id, offerId, message: 'Hello' });
  const job = await people.buyer.request(
    form('POST', '/api/jobs', { title: 'Poster', deliveryTime: '3 Days' }, [
      { field: 'files', name: 'brief.pdf', data: pdfBytes() },
    ]),
  );
  if (job.statusCode !== 201) throw new Error(job.body);
  jobId = job.json().job.id;
  jobFileId = job.json().job.files[0].id;
});
afterAll(() => t.close()); // audit entries are written before each reply goes out

describe('the authorization matrix', () => {
  it('has one row for every API route the app registers, and no row for a route that does not exist', () => {
    // The API reference's pages (/api/docs) are the library's; openapi.test.ts checks who may open them.
    const registered = routesOf(t.app)
      .filter(
        (route) =>
          (route.path.startsWith('/api/') && !route.path.startsWith('/api/docs')) ||
          route.path.startsWith('/offer/') ||
          route.path.startsWith('/creator/'),
      )
      .flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
    expect(ROWS.map((row) => row.route).sort()).toEqual([...new Set(registered)].sort());
  });

  it('answers each kind of caller as the table says', async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const row of ROWS) {
      const statuses: number[] = [];
      for (const who of PERSONAS) {
        // The seller's own save (a free offer, back to approval) must not change what later rows see.
        await t.deps.database.db
          .update(offers)
          .set({
            isApproved: true,
            isPaidOffer: true,
            pricePence: 4500,
            paypalLink: 'https://www.paypal.com/paypalme/seller',
          })
          .where(eq(offers.id, offerId));
        if (row.expect[PERSONAS.indexOf(who)] === STREAM) {
          statuses.push(STREAM);
          continue;
        }
        const { client, ...call } = await row.call(who);
        const response = await (client ?? clientOf(who)).request(call);
        statuses.push(response.statusCode);
        answers.push({
          route: row.route,
          who,
          status: response.statusCode,
          type: String(response.headers['content-type'] ?? ''),
          body: response.body,
        });
        if (response.statusCode !== row.expect[PERSONAS.indexOf(who)])
          wrong.push(
            `${row.route} as ${who}: ${response.statusCode} (table says ${row.expect[PERSONAS.indexOf(who)]}) ${response.body.slice(0, 120)}`,
          );
      }
      seen.push(`${row.route.padEnd(44)} ${statuses.join(' ')}`);
    }
    if (process.env.GIGREEL_PRINT_MATRIX) console.log(seen.join('\n'));
    expect(wrong).toEqual([]);
  }, 120_000);

  it('every JSON answer above is exactly what its route declares in the route table, errors included', () => {
    const drift: string[] = [];
    for (const answer of answers) {
      if (!answer.type.startsWith('application/json') || !answer.body) continue;
      const spec = (apiRoutes as Record<string, ApiRouteSpec>)[answer.route];
      if (!spec) continue;
      const schema = answer.status >= 400 ? apiErrorBody : isRawResponse(spec.response) ? null : spec.response;
      if (!schema) continue;
      const body: unknown = JSON.parse(answer.body);
      const parsed = schema.safeParse(body);
      // Parsing drops keys the schema does not name, so an answer with more than it declares differs here.
      if (!parsed.success || !isDeepStrictEqual(parsed.data, body))
        drift.push(
          `${answer.route} as ${answer.who} (${answer.status}): ${parsed.success ? 'undeclared keys' : parsed.error.message.slice(0, 300)}`,
        );
    }
    expect(answers.filter((answer) => answer.status < 300).length).toBeGreaterThan(ROWS.length);
    expect(drift).toEqual([]);
  });
});

describe('mass assignment: fields a caller may not set are refused or ignored', () => {
  it('an offer save cannot set its owner, approval, id or counts', async () => {
    const response = await people.other.request(
      form(
        'PUT',
        '/api/offers/mine',
        {
          title: 'Sneaky offer',
          link: 'example.com/s',
          tags: 'x',
          userId: people.seller.user.id,
          user_id: people.seller.user.id,
          isApproved: 'true',
          is_approved: 'true',
          id: offerId,
          boostCount: '999',
          rankScore: '1e9',
        },
        [],
      ),
    );
    expect(response.statusCode).toBeLessThan(500);
    const [mine] = await t.deps.database.db.select().from(offers).where(eq(offers.userId, people.other.user.id));
    const [theirs] = await t.deps.database.db.select().from(offers).where(eq(offers.id, offerId));
    if (mine) {
      expect(mine.isApproved).toBe(false);
      expect(mine.boostCount).toBe(0);
      expect(mine.id).not.toBe(offerId);
    }
    expect(theirs!.userId).toBe(people.seller.user.id);
    expect(theirs!.title).not.toBe('Sneaky offer');
  });

  it('a profile update cannot set an id, a role, an email or a verified flag', async () => {
    const before = (await t.deps.database.db.select().from(users).where(eq(users.id, people.other.user.id)))[0]!;
    const response = await people.other.patch('/api/profile', {
      displayName: 'Still Other',
      id: people.seller.user.id,
      role: 'admin',
      isAdmin: true,
      email: 'boss@example.com',
      emailVerified: false,
      createdAt: '2000-01-01',
    });
    expect(response.statusCode).toBe(400);
    const after = (await t.deps.database.db.select().from(users).where(eq(users.id, people.other.user.id)))[0]!;
    expect(after).toEqual(before);
    expect((await people.other.get('/api/me')).json().viewer.isAdmin).toBe(false);
  });

  it("an order cannot be created with a buyer, seller, price or status of the caller's choosing", async () => {
    const response = await people.other.post('/api/orders', {
      offerId,
      buyerId: people.buyer.user.id,
      sellerId: people.other.user.id,
      pricePence: 1,
      price: '£0.01',
      status: 'completed',
    });
    expect(response.statusCode).toBe(400);
    const plain = await people.other.post('/api/orders', { offerId });
    expect(plain.statusCode, plain.body).toBeLessThan(300);
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, plain.json().order.id));
    expect(row).toMatchObject({
      buyerId: people.other.user.id,
      sellerId: people.seller.user.id,
      pricePence: 4500,
      status: 'awaiting_payment',
    });
  });

  it('marking an order paid or sending a message takes no status, time or sender from the body', async () => {
    const id = await order('awaiting_payment');
    const paid = await people.buyer.post(`/api/orders/${id}/paid`, {
      status: 'completed',
      paidAt: '2000-01-01T00:00:00Z',
      buyerId: people.other.user.id,
    });
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, id));
    if (paid.statusCode === 200) {
      expect(row).toMatchObject({ status: 'paid', buyerId: people.buyer.user.id, completedAt: null });
      expect(row!.paidAt!.getFullYear()).not.toBe(2000);
    } else expect(row!.status).toBe('awaiting_payment');
    const sent = await people.other.post('/api/messages', {
      offerId,
      text: 'Hi',
      senderId: people.buyer.user.id,
      receiverId: people.other.user.id,
    });
    expect(sent.statusCode).toBe(400);
  });

  it('a job cannot be addressed to someone other than the designer, nor given a status', async () => {
    const response = await people.other.request(
      form(
        'POST',
        '/api/jobs',
        { title: 'Redirected', deliveryTime: '1 Day', toUserId: people.other.user.id, status: 'accepted' },
        [],
      ),
    );
    if (response.statusCode === 201) {
      expect(response.json().job.recipient.id).toBe(people.designer.user.id);
      expect(response.json().job.status).toBe('pending');
    } else expect(response.statusCode).toBe(400);
  });

  it('the designer cannot set a job to a status outside accept and decline', async () => {
    const id = await freshJob();
    expect((await people.designer.post(`/api/jobs/${id}/status`, { status: 'delivered' })).statusCode).toBe(400);
    expect(
      (
        await people.designer.post(`/api/jobs/${id}/status`, {
          status: 'accepted',
          fromUserId: people.designer.user.id,
        })
      ).statusCode,
    ).toBe(400);
  });
});
