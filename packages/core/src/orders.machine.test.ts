import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants.ts';
import { canDecideJob, decideJobMove, jobBadgeVariant } from './jobs.machine.ts';
import { budgetToPence, looksLikeJobFile, privateJobFields } from './jobs.schemas.ts';
import {
  availableOrderMoves,
  decideOrderMove,
  paymentBadgeVariant,
  type OrderMove,
  type OrderRole,
} from './orders.machine.ts';
import {
  BUYER_MESSAGE_KEYS,
  ORDER_MESSAGES,
  SELLER_MESSAGE_KEYS,
  isMessageKeyFor,
  orderMessageText,
} from './orders.messages.ts';
import { sellerPaymentLink } from './orders.payment.ts';

const roles: Array<OrderRole | null> = ['buyer', 'seller', null];
const moves: OrderMove[] = ['pay', 'deliver', 'complete'];

describe('order state machine', () => {
  it('allows exactly the three moves of the spec, each by its one role from its one state', () => {
    const allowed: string[] = [];
    for (const status of ORDER_STATUSES)
      for (const role of roles)
        for (const move of moves) {
          const decision = decideOrderMove(status, role, move);
          if (decision.ok) allowed.push(`${role} ${move} ${status}->${decision.to}`);
          else expect(decision.message.length).toBeGreaterThan(10);
        }
    expect(allowed.sort()).toEqual([
      'buyer complete delivered->completed',
      'buyer pay awaiting_payment->paid',
      'seller deliver paid->delivered',
    ]);
  });

  it('names the wrong person before the wrong state', () => {
    expect(decideOrderMove('completed', 'seller', 'pay')).toMatchObject({
      ok: false,
      reason: 'role',
      message: 'Only the buyer can confirm payment.',
    });
    expect(decideOrderMove('delivered', 'buyer', 'pay')).toMatchObject({ ok: false, reason: 'state' });
  });

  it('lists what a role can do now', () => {
    expect(availableOrderMoves('paid', 'seller')).toEqual(['deliver']);
    expect(availableOrderMoves('paid', 'buyer')).toEqual([]);
    expect(availableOrderMoves('completed', 'buyer')).toEqual([]);
  });

  it('maps payment badges as the spec says', () => {
    expect(['completed', 'delivered', 'paid', 'awaiting_payment', 'pending'].map(paymentBadgeVariant)).toEqual([
      'default',
      'secondary',
      'outline',
      'destructive',
      'destructive',
    ]);
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
});

describe('payment links', () => {
  it('is only ever the http(s) link the seller entered, never one made from a name', () => {
    expect(sellerPaymentLink(' https://paypal.me/maya ')).toBe('https://paypal.me/maya');
    expect(sellerPaymentLink(null)).toBeNull();
    expect(sellerPaymentLink('')).toBeNull();
    expect(sellerPaymentLink('javascript:alert(1)')).toBeNull();
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
    expect(jobBadgeVariant('declined')).toBe('destructive');
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
