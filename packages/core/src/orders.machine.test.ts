import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './constants.ts';
import { canDecideJob, decideJobMove } from './jobs.machine.ts';
import { budgetToPence, looksLikeJobFile, privateJobFields } from './jobs.schemas.ts';
import {
  availableOrderMoves,
  decideOrderMove,
  ORDER_MOVE_NAMES,
  orderStatusLabel,
  type OrderFacts,
  type OrderRole,
} from './orders.machine.ts';
import {
  BUYER_MESSAGE_KEYS,
  ORDER_MESSAGES,
  SELLER_MESSAGE_KEYS,
  isMessageKeyFor,
  messageKeysFor,
  orderMessageText,
} from './orders.messages.ts';
import { describePaymentLink, normalizePaymentLink, paymentLinkTexts, sellerPaymentLink } from './orders.payment.ts';

const roles: Array<OrderRole | 'admin' | null> = ['buyer', 'seller', 'admin', null];
const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 24 * 3600 * 1000;

/** Every kind of order the machine tells apart: each status, paid claimed or confirmed, revisions left or not (a completed one completed yesterday). */
const orders: OrderFacts[] = ORDER_STATUSES.flatMap((status) =>
  [false, true].flatMap((paymentConfirmed) =>
    [0, 1].map((revisionsLeft) => ({
      status,
      paymentConfirmed,
      revisionsLeft,
      completedAt: status === 'completed' ? new Date(NOW.getTime() - DAY) : null,
    })),
  ),
);
const describeFacts = (o: OrderFacts) =>
  `${o.status}${o.status === 'paid' ? (o.paymentConfirmed ? '/confirmed' : '/claimed') : ''}${o.status === 'delivered' ? `/${o.revisionsLeft} left` : ''}`;

describe('order state machine', () => {
  it('allows exactly these moves, each by its one role from its states (every move x role x state)', () => {
    const allowed = new Set<string>();
    for (const order of orders)
      for (const role of roles)
        for (const move of ORDER_MOVE_NAMES) {
          const decision = decideOrderMove(order, role, move, NOW);
          if (decision.ok) allowed.add(`${role} ${move} ${describeFacts(order)} -> ${decision.to}`);
          else expect(decision.message.length).toBeGreaterThan(10);
        }
    expect([...allowed].sort()).toEqual([
      'admin resolve_cancel disputed -> cancelled',
      'admin resolve_complete disputed -> completed',
      'admin resolve_redeliver disputed -> paid',
      'buyer cancel awaiting_payment -> cancelled',
      'buyer complete delivered/0 left -> completed',
      'buyer complete delivered/1 left -> completed',
      'buyer pay awaiting_payment -> paid',
      'buyer report_problem completed -> disputed',
      'buyer report_problem delivered/0 left -> disputed',
      'buyer report_problem delivered/1 left -> disputed',
      'buyer report_problem paid/claimed -> disputed',
      'buyer report_problem paid/confirmed -> disputed',
      'buyer request_changes delivered/1 left -> paid',
      'seller confirm_payment paid/claimed -> paid',
      'seller decline awaiting_payment -> cancelled',
      'seller decline paid/claimed -> cancelled',
      'seller deliver paid/claimed -> delivered',
      'seller deliver paid/confirmed -> delivered',
      'seller reject_payment paid/claimed -> awaiting_payment',
      'seller replace_delivery delivered/0 left -> delivered',
      'seller replace_delivery delivered/1 left -> delivered',
      'seller report_problem completed -> disputed',
      'seller report_problem delivered/0 left -> disputed',
      'seller report_problem delivered/1 left -> disputed',
      'seller report_problem paid/claimed -> disputed',
      'seller report_problem paid/confirmed -> disputed',
    ]);
  });

  it('names the wrong person before the wrong state', () => {
    const completed: OrderFacts = { status: 'completed', paymentConfirmed: true, revisionsLeft: 0 };
    expect(decideOrderMove(completed, 'seller', 'pay')).toMatchObject({
      ok: false,
      reason: 'role',
      message: 'Only the buyer can confirm payment.',
    });
    expect(decideOrderMove(completed, null, 'decline')).toMatchObject({ ok: false, reason: 'role' });
    expect(decideOrderMove(completed, 'buyer', 'pay')).toMatchObject({ ok: false, reason: 'state' });
  });

  it("leaves the timers' moves to the timers: a delivery completes, an unpaid order expires, not a job awaiting its designer", () => {
    const delivered: OrderFacts = { status: 'delivered', paymentConfirmed: true, revisionsLeft: 1 };
    const unpaid: OrderFacts = { status: 'awaiting_payment', paymentConfirmed: false, revisionsLeft: 1 };
    expect(decideOrderMove(delivered, 'system', 'auto_complete')).toEqual({ ok: true, to: 'completed' });
    expect(decideOrderMove(unpaid, 'system', 'expire')).toEqual({ ok: true, to: 'cancelled' });
    expect(decideOrderMove({ ...unpaid, jobStatus: 'pending' }, 'system', 'expire').ok).toBe(false);
    expect(decideOrderMove({ ...unpaid, status: 'paid' }, 'system', 'expire').ok).toBe(false);
    for (const role of ['buyer', 'seller'] as const) {
      expect(decideOrderMove(delivered, role, 'auto_complete')).toMatchObject({ ok: false, reason: 'role' });
      expect(decideOrderMove(unpaid, role, 'expire')).toMatchObject({ ok: false, reason: 'role' });
    }
    expect(decideOrderMove(delivered, 'system', 'complete')).toMatchObject({ ok: false, reason: 'role' });
  });

  it('takes a problem report up to 14 days after completion, once, and leaves its resolution to admins', () => {
    const completedAgo = (days: number): OrderFacts => ({
      status: 'completed',
      paymentConfirmed: true,
      revisionsLeft: 0,
      completedAt: new Date(NOW.getTime() - days * DAY),
    });
    expect(decideOrderMove(completedAgo(14), 'buyer', 'report_problem', NOW)).toEqual({ ok: true, to: 'disputed' });
    expect(decideOrderMove(completedAgo(14.01), 'seller', 'report_problem', NOW)).toMatchObject({
      ok: false,
      message: 'A problem can be reported once the order is paid, and up to 14 days after it completes.',
    });
    const disputed: OrderFacts = { status: 'disputed', paymentConfirmed: true, revisionsLeft: 0 };
    expect(decideOrderMove(disputed, 'buyer', 'report_problem', NOW)).toMatchObject({
      ok: false,
      message: 'A problem is already reported on this order. An admin is looking at it.',
    });
    expect(decideOrderMove(disputed, 'seller', 'resolve_cancel')).toMatchObject({
      ok: false,
      reason: 'role',
      message: 'Only an admin can resolve a reported problem.',
    });
    expect(decideOrderMove(disputed, 'system', 'report_problem')).toMatchObject({ ok: false, reason: 'role' });
    expect(decideOrderMove(completedAgo(1), 'admin', 'report_problem')).toMatchObject({ ok: false, reason: 'role' });
  });

  it('says why changes cannot be asked for once the revisions are used', () => {
    const delivered: OrderFacts = { status: 'delivered', paymentConfirmed: true, revisionsLeft: 0 };
    expect(decideOrderMove(delivered, 'buyer', 'request_changes')).toEqual({
      ok: false,
      reason: 'state',
      message: 'This offer includes no more revisions, so the delivery can only be accepted now.',
    });
  });

  it('never takes payment for, or a delivery of, a declined private job', () => {
    const declined = (status: OrderStatus): OrderFacts => ({
      status,
      paymentConfirmed: false,
      revisionsLeft: 1,
      jobStatus: 'declined',
    });
    expect(decideOrderMove(declined('awaiting_payment'), 'buyer', 'pay')).toMatchObject({
      ok: false,
      message: 'The designer declined this job, so there is nothing to pay.',
    });
    expect(decideOrderMove(declined('paid'), 'seller', 'deliver')).toMatchObject({
      ok: false,
      message: 'This job was declined, so it cannot be delivered.',
    });
  });

  it("asks for a private job's payment only once the designer accepted it, and names its order's state", () => {
    const waiting: OrderFacts = {
      status: 'awaiting_payment',
      paymentConfirmed: false,
      revisionsLeft: 1,
      jobStatus: 'pending',
    };
    expect(decideOrderMove(waiting, 'buyer', 'pay')).toMatchObject({
      ok: false,
      message: 'The designer has not accepted this job yet. You can pay once they accept it.',
    });
    expect(decideOrderMove({ ...waiting, jobStatus: 'accepted' }, 'buyer', 'pay').ok).toBe(true);
    expect(orderStatusLabel('awaiting_payment', 'pending')).toBe('Waiting for the designer');
    expect(orderStatusLabel('cancelled', 'declined')).toBe('Declined');
    expect(orderStatusLabel('awaiting_payment', 'accepted')).toBe('Awaiting payment');
    expect(orderStatusLabel('cancelled')).toBe('Cancelled');
  });

  it('lists what a role can do now, in the order the page shows it', () => {
    const claimed: OrderFacts = { status: 'paid', paymentConfirmed: false, revisionsLeft: 1 };
    expect(availableOrderMoves(claimed, 'seller')).toEqual([
      'confirm_payment',
      'reject_payment',
      'decline',
      'deliver',
      'report_problem',
    ]);
    expect(availableOrderMoves(claimed, 'buyer')).toEqual(['report_problem']);
    expect(availableOrderMoves({ ...claimed, status: 'delivered' }, 'buyer')).toEqual([
      'request_changes',
      'complete',
      'report_problem',
    ]);
    expect(availableOrderMoves({ ...claimed, status: 'disputed' }, 'admin')).toEqual([
      'resolve_complete',
      'resolve_cancel',
      'resolve_redeliver',
    ]);
    expect(availableOrderMoves({ ...claimed, status: 'cancelled' }, 'buyer')).toEqual([]);
  });
});

describe('canned messages', () => {
  it('has four keys per role with a label and emoji, the first as the spec says', () => {
    expect(BUYER_MESSAGE_KEYS).toEqual(['waiting', 'not_happy', 'update', 'all_good']);
    expect(SELLER_MESSAGE_KEYS).toEqual(['delivered', 'working', 'need_info', 'support']);
    expect(ORDER_MESSAGES.waiting.label).toBe('Still waiting on delivery');
    for (const message of Object.values(ORDER_MESSAGES)) expect(message.emoji).not.toBe('');
    expect(isMessageKeyFor('buyer', 'waiting')).toBe(true);
    expect(isMessageKeyFor('seller', 'waiting')).toBe(false);
    expect(orderMessageText('waiting')).toBe('⏳ Still waiting on delivery');
  });

  it('offers each side only the messages that fit where the order is', () => {
    expect(messageKeysFor('buyer', 'paid')).toEqual(['waiting', 'update']);
    expect(messageKeysFor('buyer', 'delivered')).toEqual(['not_happy', 'all_good']);
    expect(messageKeysFor('buyer', 'completed')).toEqual(['all_good']);
    expect(messageKeysFor('seller', 'awaiting_payment')).toEqual(['need_info']);
    expect(messageKeysFor('seller', 'delivered')).toEqual(['delivered', 'support']);
    for (const role of ['buyer', 'seller'] as const) expect(messageKeysFor(role, 'cancelled')).toEqual([]);
  });
});

describe('payment links', () => {
  it('is only ever the https link the seller entered, never one made from a name', () => {
    expect(sellerPaymentLink(' https://paypal.me/maya ')).toBe('https://paypal.me/maya');
    expect(sellerPaymentLink('HTTPS://PayPal.me/Maya')).toBe('HTTPS://PayPal.me/Maya');
    expect(sellerPaymentLink(null)).toBeNull();
    expect(sellerPaymentLink(undefined)).toBeNull();
    expect(sellerPaymentLink('')).toBeNull();
    expect(sellerPaymentLink('javascript:alert(1)')).toBeNull();
  });

  it('never gives an http link, nor anything that is not an https URL with a host', () => {
    for (const link of [
      'http://paypal.me/maya',
      'HTTP://paypal.me/maya',
      'paypal.me/maya',
      '//paypal.me/maya',
      'ftp://paypal.me/maya',
      'data:text/html,hi',
      'https://',
      'https:// ',
      'https://exa mple.com',
      'https://.',
    ])
      expect(sellerPaymentLink(link), link).toBeNull();
  });

  it('describes the host plainly: lowercased, without www., and the known provider it belongs to', () => {
    expect(describePaymentLink('https://paypal.me/maya')).toEqual({ host: 'paypal.me', provider: 'PayPal' });
    expect(describePaymentLink('https://WWW.PayPal.com/paypalme/leo')).toEqual({
      host: 'paypal.com',
      provider: 'PayPal',
    });
    expect(describePaymentLink('https://buy.stripe.com/abc')).toEqual({ host: 'buy.stripe.com', provider: 'Stripe' });
    expect(describePaymentLink('https://checkout.stripe.com/c/pay')).toMatchObject({ provider: 'Stripe' });
    expect(describePaymentLink('https://ko-fi.com/maya')).toMatchObject({ provider: 'Ko-fi' });
    expect(describePaymentLink('https://www.buymeacoffee.com/maya')).toEqual({
      host: 'buymeacoffee.com',
      provider: 'Buy Me a Coffee',
    });
    expect(describePaymentLink('https://maya.gumroad.com/l/logo')).toEqual({
      host: 'maya.gumroad.com',
      provider: 'Gumroad',
    });
    expect(describePaymentLink('https://revolut.me/maya')).toMatchObject({ provider: 'Revolut' });
    expect(describePaymentLink('https://monzo.me/maya/45')).toMatchObject({ provider: 'Monzo' });
    expect(describePaymentLink('https://wise.com/pay/me/maya')).toMatchObject({ provider: 'Wise' });
    expect(describePaymentLink('https://account.venmo.com/u/maya')).toMatchObject({ provider: 'Venmo' });
    expect(describePaymentLink('https://cash.app/$maya')).toMatchObject({ provider: 'Cash App' });
    // the same host with a port, credentials or a final dot
    expect(describePaymentLink('https://paypal.me:443/maya')).toEqual({ host: 'paypal.me', provider: 'PayPal' });
    expect(describePaymentLink('https://paypal.me./maya')).toEqual({ host: 'paypal.me', provider: 'PayPal' });
  });

  it('knows no look-alike: the host must be the domain or one of its subdomains', () => {
    expect(describePaymentLink('https://paypal.me.evil.com/maya')).toEqual({
      host: 'paypal.me.evil.com',
      provider: null,
    });
    expect(describePaymentLink('https://evilpaypal.com/maya')).toEqual({ host: 'evilpaypal.com', provider: null });
    expect(describePaymentLink('https://paypal.com-pay.example/x')).toEqual({
      host: 'paypal.com-pay.example',
      provider: null,
    });
    expect(describePaymentLink('https://stripe.com/x')).toEqual({ host: 'stripe.com', provider: null });
    expect(describePaymentLink('https://evil-buy.stripe.com.example/x')).toMatchObject({ provider: null });
    // the host is what follows the credentials, not what comes first
    expect(describePaymentLink('https://paypal.me@evil.example/maya')).toEqual({
      host: 'evil.example',
      provider: null,
    });
    // a Cyrillic "а" in "pаypal.me" is shown in the form the browser goes to, and is not PayPal
    expect(describePaymentLink('https://p\u0430ypal.me/maya')).toEqual({ host: 'xn--pypal-4ve.me', provider: null });
    expect(describePaymentLink('https://shop.example.com/pay')).toEqual({ host: 'shop.example.com', provider: null });
  });

  it('describes nothing but an https URL', () => {
    for (const link of ['http://paypal.me/maya', 'paypal.me/maya', 'javascript:alert(1)', 'https://', ''])
      expect(describePaymentLink(link), link).toBeNull();
  });

  it('says where the buyer goes, and that GigReel does not hold the money', () => {
    expect(paymentLinkTexts.goingTo('paypal.me', 'Maya Patel', '£45.00')).toBe(
      'You are going to paypal.me to pay Maya Patel £45.00',
    );
    expect(paymentLinkTexts.goingTo('paypal.me', 'Maya Patel', null)).toBe(
      'You are going to paypal.me to pay Maya Patel',
    );
    expect(paymentLinkTexts.knownProvider('paypal.me', 'PayPal')).toBe("paypal.me is PayPal's payment page.");
    expect(paymentLinkTexts.unknownProvider('pay.example.com')).toBe(
      'pay.example.com is not a payment provider GigReel knows. Check the address before you pay.',
    );
  });

  it('refuses an explicit http:// payment link as the seller enters it, and completes one without a scheme', () => {
    const httpsOnly = { ok: false, message: 'Payment links must start with https://' };
    expect(normalizePaymentLink('http://paypal.me/maya')).toEqual(httpsOnly);
    expect(normalizePaymentLink(' HTTP://paypal.me/maya')).toEqual(httpsOnly);
    expect(normalizePaymentLink('http://mysite')).toEqual(httpsOnly);
    expect(normalizePaymentLink('paypal.me/maya')).toEqual({ ok: true, url: 'https://paypal.me/maya' });
    expect(normalizePaymentLink('https://paypal.me/maya')).toEqual({ ok: true, url: 'https://paypal.me/maya' });
    expect(normalizePaymentLink('javascript:alert(1)')).toEqual({ ok: false, message: 'Invalid link' });
    expect(normalizePaymentLink('mysite')).toEqual({
      ok: false,
      message: 'Please enter a valid domain (e.g., mysite.com)',
    });
    // whatever the forms accept, the order page opens
    for (const typed of ['paypal.me/maya', 'https://www.paypal.com/paypalme/leo', 'buy.stripe.com/abc']) {
      const checked = normalizePaymentLink(typed);
      expect(checked.ok && sellerPaymentLink(checked.url), typed).toBeTruthy();
    }
  });
});

describe('private jobs', () => {
  it('lets only the recipient decide: accept while pending, decline until delivered, paid or not', () => {
    expect(decideJobMove('pending', true, 'accepted')).toEqual({ ok: true, to: 'accepted' });
    expect(decideJobMove('pending', false, 'accepted')).toMatchObject({ ok: false, reason: 'role' });
    expect(decideJobMove('pending', false, 'declined')).toMatchObject({ ok: false, reason: 'role' });
    expect(decideJobMove('pending', true, 'declined')).toEqual({ ok: true, to: 'declined' });
    expect(decideJobMove('accepted', true, 'declined')).toEqual({ ok: true, to: 'declined' });
    for (const status of ['accepted', 'declined', 'delivered'] as const)
      expect(decideJobMove(status, true, 'accepted')).toMatchObject({ ok: false, reason: 'state' });
    for (const status of ['declined', 'delivered'] as const)
      expect(decideJobMove(status, true, 'declined')).toMatchObject({ ok: false, reason: 'state' });
    expect([canDecideJob('accepted', 'declined'), canDecideJob('accepted', 'accepted')]).toEqual([true, false]);
  });

  it('requires a title and one of four delivery times; the budget is optional pounds', () => {
    expect(privateJobFields.safeParse({ title: ' ', deliveryTime: '1 Day' }).error?.issues[0]?.message).toBe(
      'Job title is required',
    );
    expect(privateJobFields.safeParse({ title: 'Logo', deliveryTime: '5 Days' }).success).toBe(false);
    expect(privateJobFields.safeParse({ title: 'Logo', deliveryTime: '1 Week', budget: 'lots' }).success).toBe(false);
    const ok = privateJobFields.parse({ title: '<b>Logo</b>', deliveryTime: '2 Days', budget: '£30' });
    expect(ok.title).toBe('Logo');
    expect(budgetToPence(ok.budget)).toBe(3000);
    expect(budgetToPence('')).toBeNull();
  });

  it('lets the picker through images, videos, pdf, docx and zip only', () => {
    expect(looksLikeJobFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(looksLikeJobFile({ name: 'clip.mov', type: 'video/quicktime' })).toBe(true);
    expect(looksLikeJobFile({ name: 'Brief.DOCX', type: '' })).toBe(true);
    expect(looksLikeJobFile({ name: 'logo.svg', type: 'image/svg+xml' })).toBe(false);
    expect(looksLikeJobFile({ name: 'run.exe', type: 'application/x-msdownload' })).toBe(false);
  });
});
